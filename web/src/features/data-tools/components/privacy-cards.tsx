/** Retention settings and consent toggles. */
import type { ConsentType, RetentionSettings } from '@fanspace/contracts';
import { useId, useState } from 'react';
import { fullDateTime } from '../../../lib/relative-time.ts';
import { Button } from '../../../ui/button.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { Switch } from '../../../ui/switch.tsx';
import { SettingsCard } from '../../settings/components/settings-card.tsx';
import {
  useConsentQuery,
  useRecordConsent,
  useRetentionQuery,
  useSaveRetention,
} from '../queries.ts';
import { SelectField } from './progress-bar.tsx';
import { plural } from '../../../lib/plural.ts';

const KEEP_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'keep', label: 'Keep forever' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '180', label: '6 months' },
  { value: '365', label: 'A year' },
];
const toKeep = (days: number | null) => (days === null ? 'keep' : String(days));
const toDays = (keep: string) => (keep === 'keep' ? null : Number(keep));
/** The menu, plus a period set elsewhere (the API takes any number of days), so saving keeps it. */
const optionsFor = (days: number | null) =>
  days === null || KEEP_OPTIONS.some((o) => o.value === toKeep(days))
    ? KEEP_OPTIONS
    : [...KEEP_OPTIONS, { value: toKeep(days), label: plural(days, 'day') }];

function RetentionForm({ settings }: { settings: RetentionSettings }) {
  const id = useId();
  const save = useSaveRetention();
  const [messages, setMessages] = useState(toKeep(settings.messagesDays));
  const [notifications, setNotifications] = useState(toKeep(settings.notificationsDays));
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ messagesDays: toDays(messages), notificationsDays: toDays(notifications) });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          id={`${id}-messages`}
          label="Messages I sent"
          value={messages}
          options={optionsFor(settings.messagesDays)}
          onChange={setMessages}
        />
        <SelectField
          id={`${id}-notifications`}
          label="Notifications"
          value={notifications}
          options={optionsFor(settings.notificationsDays)}
          onChange={setNotifications}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={save.isPending}>
          Save retention
        </Button>
        {settings.lastRunAt ? (
          <span className="text-xs text-muted">
            Last applied {fullDateTime(settings.lastRunAt)}
          </span>
        ) : null}
      </div>
    </form>
  );
}

export function RetentionCard() {
  const retention = useRetentionQuery();
  return (
    <SettingsCard
      title="Keep my data for"
      description="Older items are deleted automatically every day. Deleted messages disappear for everyone in the chat."
    >
      {retention.isPending ? (
        <LoadingState label="Loading retention settings…" />
      ) : retention.isError ? (
        <p className="text-sm text-danger">Could not load your retention settings.</p>
      ) : (
        <RetentionForm key={retention.data.updatedAt ?? 'new'} settings={retention.data} />
      )}
    </SettingsCard>
  );
}

const CONSENTS: ReadonlyArray<{ type: ConsentType; label: string; description: string }> = [
  {
    type: 'marketing',
    label: 'News and offers by email',
    description: 'Product news and creator promotions.',
  },
  {
    type: 'analytics',
    label: 'Usage analytics',
    description: 'Anonymous statistics that help us improve Fanspace.',
  },
  {
    type: 'personalization',
    label: 'Personalised suggestions',
    description: 'Use what you like to suggest creators and posts.',
  },
];

export function ConsentCard() {
  const consent = useConsentQuery();
  const record = useRecordConsent();
  const granted = (type: ConsentType) =>
    consent.data?.current.find((c) => c.type === type)?.granted ?? false;
  return (
    <SettingsCard
      title="Consents"
      description="Every change is recorded with its date, so you can see what you agreed to."
    >
      {consent.isPending ? (
        <LoadingState label="Loading your consents…" />
      ) : consent.isError ? (
        <p className="text-sm text-danger">Could not load your consents.</p>
      ) : (
        <>
          <div className="flex flex-col divide-y divide-line">
            {CONSENTS.map((c) => (
              <Switch
                key={c.type}
                label={c.label}
                description={c.description}
                checked={granted(c.type)}
                onChange={(next) =>
                  record.mutate({
                    type: c.type,
                    granted: next,
                    version: consent.data.currentVersion,
                  })
                }
              />
            ))}
          </div>
          {consent.data.history.length > 0 ? (
            <details className="mt-4 text-sm text-muted">
              <summary className="cursor-pointer">History</summary>
              <ul className="mt-2 flex flex-col gap-1">
                {consent.data.history.map((h) => (
                  <li key={h.id}>
                    {fullDateTime(h.timestamp)} · {h.type} {h.granted ? 'given' : 'withdrawn'}{' '}
                    (version {h.version})
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </>
      )}
    </SettingsCard>
  );
}
