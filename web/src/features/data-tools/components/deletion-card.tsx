/** Deletion request with a reason; cancellable during the 30-day grace period. */
import { DataToolsLimits } from '@fanspace/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { fullDateTime } from '../../../lib/relative-time.ts';
import { Button } from '../../../ui/button.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { SettingsCard } from '../../settings/components/settings-card.tsx';
import { useCancelDeletion, useDeletionQuery, useRequestDeletion } from '../queries.ts';

export function DeletionCard() {
  const deletion = useDeletionQuery();
  const request = useRequestDeletion();
  const cancel = useCancelDeletion();
  const [reason, setReason] = useState('');
  const pending = deletion.data?.request ?? null;

  return (
    <SettingsCard
      title="Delete my account"
      tone="danger"
      description={`Your account is anonymised ${DataToolsLimits.deletionGraceDays} days after you ask; until then you can change your mind. Download your data first if you want to keep it.`}
    >
      {deletion.isPending ? (
        <LoadingState label="Loading…" />
      ) : deletion.isError ? (
        <p className="text-sm text-danger">Could not load your deletion request.</p>
      ) : pending ? (
        <div className="flex flex-col gap-3" role="status">
          <p className="text-sm text-fg">
            Your account will be deleted on{' '}
            <strong>
              <time dateTime={pending.scheduledFor}>{fullDateTime(pending.scheduledFor)}</time>
            </strong>
            .
          </p>
          {pending.reason ? <p className="text-sm text-muted">Reason: {pending.reason}</p> : null}
          <div>
            <Button variant="outline" loading={cancel.isPending} onClick={() => cancel.mutate()}>
              Cancel deletion
            </Button>
          </div>
        </div>
      ) : (
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            request.mutate(reason.trim(), { onSuccess: () => setReason('') });
          }}
        >
          <TextareaField
            label="Why are you leaving? (optional)"
            value={reason}
            maxLength={DataToolsLimits.reasonMax}
            rows={3}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" variant="danger" loading={request.isPending}>
              Request deletion
            </Button>
            <Link to="/settings/account" className="text-sm text-muted underline">
              Delete right away instead
            </Link>
          </div>
        </form>
      )}
    </SettingsCard>
  );
}
