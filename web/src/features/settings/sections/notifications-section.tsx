/**
 * Settings → Notifications: which notification types you get, stored per type in
 * `preferences.notifications` (the server skips a type set to false), and web push on this
 * device. Saving shows 'Notification settings updated!' (spec §5).
 */
import type { NotificationType } from '@fanspace/contracts';
import { PushSettings } from '../../notifications/components/push-settings.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { SettingsCard } from '../components/settings-card.tsx';
import {
  readToggles,
  ToggleSettingsForm,
  type ToggleOption,
} from '../components/toggle-settings-form.tsx';
import { useNotificationSettingsMutation } from '../queries.ts';

type TypeOption = ToggleOption & { key: NotificationType };

/** Admin and system notices always arrive; everything else can be turned off. */
export const NOTIFICATION_OPTIONS: readonly TypeOption[] = [
  { key: 'follow', label: 'New followers', defaultValue: true },
  {
    key: 'subscription',
    label: 'Subscriptions',
    description: 'New subscribers and subscription renewals.',
    defaultValue: true,
  },
  { key: 'message', label: 'Direct messages', defaultValue: true },
  { key: 'tip', label: 'Tips', defaultValue: true },
  {
    key: 'purchase',
    label: 'Purchases',
    description: 'Someone unlocked a post or message of yours.',
    defaultValue: true,
  },
  { key: 'comment', label: 'Comments', defaultValue: true },
  { key: 'mention', label: 'Mentions', defaultValue: true },
  { key: 'like', label: 'Likes', defaultValue: true },
  { key: 'payout', label: 'Payouts', description: 'Creators only.', defaultValue: true },
  {
    key: 'collaboration',
    label: 'Collaborations',
    description: 'Collaboration invites and their answers.',
    defaultValue: true,
  },
];

/** `push` (all push off when false) and `pushTypes.<type>`, as flat form keys. */
export const PUSH_OPTIONS: readonly ToggleOption[] = [
  {
    key: 'push',
    label: 'Push notifications',
    description: 'On every device where you turned them on.',
    defaultValue: true,
  },
  ...NOTIFICATION_OPTIONS.map((o) => ({
    key: `pushTypes.${o.key}`,
    label: `Push: ${o.label.toLowerCase()}`,
    defaultValue: true,
  })),
];

function flattenPush(stored: Record<string, unknown>): Record<string, unknown> {
  const types =
    typeof stored.pushTypes === 'object' && stored.pushTypes !== null
      ? (stored.pushTypes as Record<string, unknown>)
      : {};
  return {
    push: stored.push,
    ...Object.fromEntries(Object.entries(types).map(([k, v]) => [`pushTypes.${k}`, v])),
  };
}

/** Back to `{push, pushTypes}`; push types saved by other clients are kept. */
function unflattenPush(values: Record<string, boolean>, stored: Record<string, unknown>) {
  const pushTypes: Record<string, unknown> =
    typeof stored.pushTypes === 'object' && stored.pushTypes !== null
      ? { ...(stored.pushTypes as Record<string, unknown>) }
      : {};
  for (const [key, value] of Object.entries(values)) {
    if (key.startsWith('pushTypes.')) pushTypes[key.slice('pushTypes.'.length)] = value;
  }
  return { push: values.push ?? true, pushTypes };
}

export function NotificationsSection() {
  const stored = useAuthStore((s) => s.user?.preferences?.notifications);
  const save = useNotificationSettingsMutation();
  const other =
    typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const initial = readToggles(other, NOTIFICATION_OPTIONS);
  const initialPush = readToggles(flattenPush(other), PUSH_OPTIONS);
  return (
    <div className="flex flex-col gap-5">
      <SettingsCard
        title="Notify me about"
        description="In-app and push notifications for activity on your account. Notices from the Fanspace team always arrive."
      >
        <ToggleSettingsForm
          // A fresh form when the saved values change (after a save or a refresh).
          key={JSON.stringify(initial)}
          label="Notification settings"
          options={NOTIFICATION_OPTIONS}
          initial={initial}
          saving={save.isPending}
          // Keys this form does not know (saved by other clients) are kept as they are.
          onSave={(values) => save.mutate({ notifications: { ...other, ...values } })}
        />
      </SettingsCard>
      <SettingsCard
        title="Push notifications"
        description="Get notified on this device even when Fanspace is closed. Your browser asks for permission when you turn them on."
      >
        <PushSettings />
        <details className="group mt-5 border-t border-line pt-4">
          <summary className="cursor-pointer text-sm font-semibold text-fg select-none">
            Choose what is pushed
          </summary>
          <div className="mt-3">
            <ToggleSettingsForm
              key={JSON.stringify(initialPush)}
              label="Push settings"
              options={PUSH_OPTIONS}
              initial={initialPush}
              saving={save.isPending}
              onSave={(values) =>
                save.mutate({ notifications: { ...other, ...unflattenPush(values, other) } })
              }
            />
          </div>
        </details>
      </SettingsCard>
    </div>
  );
}
