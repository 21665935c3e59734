import { DmcaLimits, type DmcaNotice } from '@fanspace/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { Button } from '../../../ui/button.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { SettingsCard } from '../../settings/components/settings-card.tsx';
import { sendCounterNotice } from '../api.ts';
import { communityKeys, useModerationQuery, useMyDmcaQuery } from '../queries.ts';
import { plural } from '../../../lib/plural.ts';

const EVENT_LABELS: Record<string, string> = {
  warning: 'Warning',
  suspension: 'Suspended',
  unsuspension: 'Suspension lifted',
  ban: 'Banned',
  unban: 'Ban lifted',
  post_removed: 'Post removed',
  comment_removed: 'Comment removed',
  copyright_removal: 'Removed after a copyright notice',
};

function CounterNoticeForm({ notice }: { notice: DmcaNotice }) {
  const queryClient = useQueryClient();
  const [statement, setStatement] = useState('');
  const [signature, setSignature] = useState('');
  const send = useMutation({
    mutationFn: () =>
      sendCounterNotice(notice.id, { statement: statement.trim(), signature: signature.trim() }),
    onSuccess: (result) => {
      toast.success(result.message ?? 'Counter-notice sent');
      void queryClient.invalidateQueries({ queryKey: communityKeys.myDmca() });
    },
    onError: (error) => toast.error(errorMessageOf(error, 'Could not send the counter-notice.')),
  });
  const tooShort = statement.trim().length < DmcaLimits.statementMin;
  return (
    <form
      className="mt-3 flex flex-col gap-3"
      aria-label="Counter-notice"
      onSubmit={(e) => {
        e.preventDefault();
        if (!tooShort && signature.trim()) send.mutate();
      }}
    >
      <TextareaField
        label="Why the removal was a mistake"
        rows={3}
        value={statement}
        hint={`At least ${DmcaLimits.statementMin} characters.`}
        onChange={(e) => setStatement(e.target.value)}
      />
      <TextField
        label="Electronic signature"
        value={signature}
        onChange={(e) => setSignature(e.target.value)}
      />
      <div>
        <Button
          type="submit"
          size="sm"
          loading={send.isPending}
          disabled={tooShort || !signature.trim()}
        >
          Send counter-notice
        </Button>
      </div>
    </form>
  );
}

/** Settings → Account standing: moderation history and copyright notices about my posts. */
export function AccountStandingSection() {
  const moderation = useModerationQuery();
  const dmca = useMyDmcaQuery();
  return (
    <div className="flex flex-col gap-6">
      <SettingsCard
        title="Account standing"
        description="Warnings, suspensions and removed content."
      >
        {moderation.isPending ? (
          <LoadingState label="Loading your account standing…" />
        ) : moderation.isError ? (
          <ErrorState
            title="Could not load your account standing"
            message={errorMessageOf(moderation.error, 'Try again.')}
            onRetry={() => void moderation.refetch()}
          />
        ) : (
          <div className="flex flex-col gap-3">
            <p className="text-fg">
              Status: <strong className="capitalize">{moderation.data.status}</strong> ·{' '}
              {plural(moderation.data.strikes, 'strike')}
            </p>
            {moderation.data.history.length === 0 ? (
              <p className="text-sm text-muted">
                Nothing on record. Thanks for following the rules!
              </p>
            ) : (
              <ul className="flex flex-col gap-2">
                {moderation.data.history.map((e) => (
                  <li key={e.id} className="rounded-xl bg-surface-2 px-3 py-2 text-sm">
                    <span className="font-semibold text-fg">{EVENT_LABELS[e.type] ?? e.type}</span>
                    <span className="text-muted">
                      {' '}
                      · {new Date(e.createdAt).toLocaleDateString()}
                    </span>
                    {e.reason ? <p className="text-muted">{e.reason}</p> : null}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </SettingsCard>
      <SettingsCard
        title="Copyright"
        description="Notices you filed, and takedowns of your posts you can answer."
      >
        {dmca.isPending ? (
          <LoadingState label="Loading copyright notices…" />
        ) : dmca.isError ? (
          <ErrorState
            title="Could not load copyright notices"
            message={errorMessageOf(dmca.error, 'Try again.')}
            onRetry={() => void dmca.refetch()}
          />
        ) : dmca.data.filed.length + dmca.data.againstMe.length === 0 ? (
          <p className="text-sm text-muted">No copyright notices.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {dmca.data.againstMe.map((n) => (
              <li key={n.id} className="rounded-xl border border-line p-3 text-sm">
                <p className="font-semibold text-fg">
                  Takedown of {plural(n.postIds.length, 'post')} · {n.status}
                </p>
                <p className="text-muted">Claimed work: {n.copyrightedWork}</p>
                {n.status === 'restored' ? (
                  <p className="mt-1 text-fg">Resolved in your favour: your post is back online.</p>
                ) : n.status === 'upheld' ? (
                  <p className="mt-1 text-muted">
                    The claimant started a court action: the post stays removed.
                  </p>
                ) : n.counterNotice ? (
                  <p className="mt-1 text-muted">
                    Counter-notice sent {new Date(n.counterNotice.createdAt).toLocaleDateString()}.
                    {n.restoreAfter
                      ? ` Your post comes back online on ${new Date(n.restoreAfter).toLocaleDateString()} unless the claimant starts a court action.`
                      : ''}
                  </p>
                ) : n.status === 'actioned' ? (
                  <CounterNoticeForm notice={n} />
                ) : null}
              </li>
            ))}
            {dmca.data.filed.map((n) => (
              <li key={n.id} className="rounded-xl border border-line p-3 text-sm">
                <p className="font-semibold text-fg">You filed · {n.status}</p>
                <p className="text-muted">{n.copyrightedWork}</p>
                {n.status === 'countered' && n.restoreAfter ? (
                  <p className="mt-1 text-muted">
                    The creator sent a counter-notice. The content comes back online on{' '}
                    {new Date(n.restoreAfter).toLocaleDateString()} unless you tell us through the
                    contact page that you started a court action.
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </SettingsCard>
    </div>
  );
}
