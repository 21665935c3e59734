/** Settings → Automation: rules that message fans on subscriptions, renewals, expiry and tips. */
import { AutomationLimits, type AutomationRule, type AutomationTrigger } from '@fanspace/contracts';
import { useState, type FormEvent } from 'react';
import { relativeTime } from '../../lib/relative-time.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { Skeleton } from '../../ui/loading-state.tsx';
import { Switch } from '../../ui/switch.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { TextareaField } from '../../ui/textarea-field.tsx';
import { useAuthStore } from '../auth/store.ts';
import {
  emptyLockedMedia,
  lockedPriceOf,
  LockedMediaFields,
  LockedMediaVaultPicker,
  useLockedMedia,
  type LockedMedia,
} from '../messages/components/locked-media-picker.tsx';
import { isCreatorUser } from '../auth/user.ts';
import { SettingsCard } from '../settings/components/settings-card.tsx';
import { useDeleteRule, useRuleRuns, useRules, useSaveRule, useToggleRule } from './queries.ts';

export const TRIGGER_LABELS: Record<AutomationTrigger, string> = {
  new_subscriber: 'A fan subscribes',
  tip_received: 'A fan sends a tip',
  subscription_renewed: 'A subscription renews',
  subscription_expired: 'A subscription ends',
};

interface Draft {
  id?: string;
  name: string;
  trigger: AutomationTrigger;
  text: string;
  /** vault media sent with the message, free or locked */
  media: LockedMedia;
}

export const emptyDraft = (): Draft => ({
  name: '',
  trigger: 'new_subscriber',
  text: '',
  media: emptyLockedMedia(),
});

export const draftOf = (rule: AutomationRule): Draft => ({
  id: rule.id,
  name: rule.name,
  trigger: rule.trigger,
  text: rule.action.text,
  media: {
    // a saved rule only knows the ids: the titles of items picked now are shown
    media: rule.action.mediaIds.map((id) => ({ id, title: null })),
    locked: rule.action.lockedPrice !== null,
    price: rule.action.lockedPrice === null ? '' : rule.action.lockedPrice.toFixed(2),
  },
});

function RuleForm({ draft, onDone }: { draft: Draft; onDone: () => void }) {
  const [value, setValue] = useState(draft);
  const media = useLockedMedia(() => draft.media);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveRule();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!value.name.trim() || (!value.text.trim() && media.ids.length === 0)) {
      setError('Give the rule a name and a message or media.');
      return;
    }
    const lock = lockedPriceOf(media.value);
    if (!lock.ok) return setError(lock.error);
    setError(null);
    save.mutate(
      {
        id: value.id,
        name: value.name,
        trigger: value.trigger,
        action: {
          type: 'send_message',
          text: value.text,
          mediaIds: media.ids,
          lockedPrice: lock.price,
        },
      },
      { onSuccess: onDone },
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4 rounded-2xl border border-line p-4" noValidate>
      <TextField
        label="Rule name"
        value={value.name}
        maxLength={AutomationLimits.nameMax}
        onChange={(e) => setValue({ ...value, name: e.target.value })}
      />
      <label className="block text-sm font-medium text-fg">
        When
        <select
          className="mt-1.5 block h-11 w-full rounded-xl border border-line bg-surface px-3 text-fg"
          value={value.trigger}
          onChange={(e) => setValue({ ...value, trigger: e.target.value as AutomationTrigger })}
        >
          {Object.entries(TRIGGER_LABELS).map(([trigger, label]) => (
            <option key={trigger} value={trigger}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <TextareaField
        label="Send this message"
        hint="{username} is replaced by the fan’s name."
        rows={3}
        value={value.text}
        maxLength={AutomationLimits.textMax}
        onChange={(e) => setValue({ ...value, text: e.target.value })}
      />
      <LockedMediaFields state={media} max={AutomationLimits.mediaMax} />
      <FormError message={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={save.isPending}>
          Save rule
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
      <LockedMediaVaultPicker state={media} max={AutomationLimits.mediaMax} />
    </form>
  );
}

function RunsDialog({ rule, onClose }: { rule: AutomationRule | null; onClose: () => void }) {
  const runs = useRuleRuns(rule?.id ?? null);
  const list = runs.data?.runs ?? [];
  return (
    <Dialog open={rule !== null} onClose={onClose} title={`Runs of “${rule?.name ?? ''}”`}>
      {runs.isPending ? (
        <Skeleton className="h-16" />
      ) : runs.isError ? (
        <ErrorState message="Failed to load runs" onRetry={() => void runs.refetch()} />
      ) : list.length === 0 ? (
        <p className="text-sm text-muted">This rule has not run yet.</p>
      ) : (
        <ul className="max-h-80 space-y-2 overflow-y-auto" aria-label="Runs">
          {list.map((run) => (
            <li key={run.id} className="rounded-xl bg-surface-2 px-3 py-2 text-sm">
              <span className="font-medium text-fg">
                {run.fan ? `@${run.fan.username}` : 'A former user'}
              </span>{' '}
              <span className="text-muted">
                · {run.status === 'sent' ? 'message sent' : `skipped: ${run.reason ?? ''}`} ·{' '}
                {relativeTime(run.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

function RuleRow({
  rule,
  onEdit,
  onRuns,
}: {
  rule: AutomationRule;
  onEdit: () => void;
  onRuns: () => void;
}) {
  const toggle = useToggleRule();
  const remove = useDeleteRule();
  return (
    <li className="rounded-2xl border border-line p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-medium text-fg">{rule.name}</p>
            <Badge>{TRIGGER_LABELS[rule.trigger]}</Badge>
          </div>
          <p className="mt-1 line-clamp-2 text-sm text-muted">{rule.action.text}</p>
          {rule.action.mediaIds.length > 0 ? (
            <p className="mt-1 text-xs text-fg">
              {rule.action.mediaIds.length} media
              {rule.action.lockedPrice !== null
                ? `, locked at $${rule.action.lockedPrice.toFixed(2)}`
                : ', free'}
            </p>
          ) : null}
          <p className="mt-1 text-xs text-muted">
            {rule.runCount === 1 ? 'Ran once' : `Ran ${rule.runCount} times`}
            {rule.lastRunAt ? `, last ${relativeTime(rule.lastRunAt)}` : ''}
          </p>
        </div>
        <Switch
          label={`${rule.name} on`}
          checked={rule.enabled}
          onChange={(enabled) => toggle.mutate({ id: rule.id, enabled })}
        />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onRuns}>
          Runs
        </Button>
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${rule.name}`}>
          Edit
        </Button>
        <Button
          size="sm"
          variant="danger-ghost"
          loading={remove.isPending}
          onClick={() => remove.mutate(rule.id)}
          aria-label={`Delete ${rule.name}`}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

export function AutomationSection() {
  const isCreator = useAuthStore((s) => isCreatorUser(s.user));
  const rules = useRules(isCreator);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [runsOf, setRunsOf] = useState<AutomationRule | null>(null);

  if (!isCreator)
    return (
      <EmptyState
        title="Automation is for creators"
        description="Become a creator to welcome subscribers and thank tippers automatically."
      />
    );
  const list = rules.data?.rules ?? [];
  return (
    <SettingsCard
      title="Automation rules"
      description="Messages sent for you when fans subscribe, renew, leave or tip."
      actions={
        draft ? null : (
          <Button size="sm" onClick={() => setDraft(emptyDraft())}>
            New rule
          </Button>
        )
      }
    >
      {draft ? (
        <RuleForm key={draft.id ?? 'new'} draft={draft} onDone={() => setDraft(null)} />
      ) : null}
      {rules.isPending ? (
        <Skeleton className="mt-4 h-20" />
      ) : rules.isError ? (
        <ErrorState message="Failed to load rules" onRetry={() => void rules.refetch()} />
      ) : list.length === 0 ? (
        draft ? null : (
          <p className="text-sm text-muted">No rules yet.</p>
        )
      ) : (
        <ul className="mt-4 space-y-3" aria-label="Automation rules">
          {list.map((rule) => (
            <RuleRow
              key={rule.id}
              rule={rule}
              onRuns={() => setRunsOf(rule)}
              onEdit={() => setDraft(draftOf(rule))}
            />
          ))}
        </ul>
      )}
      <RunsDialog rule={runsOf} onClose={() => setRunsOf(null)} />
    </SettingsCard>
  );
}
