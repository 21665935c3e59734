/** Settings → Notifications: which events notify you, stored in preferences.notifications. */
import { useAuthStore } from '../../auth/store.ts';
import { SettingsCard } from '../components/settings-card.tsx';
import {
  readToggles,
  ToggleSettingsForm,
  type ToggleOption,
} from '../components/toggle-settings-form.tsx';
import { useNotificationSettingsMutation } from '../queries.ts';

export const NOTIFICATION_OPTIONS: readonly ToggleOption[] = [
  { key: 'newFollowers', label: 'New followers', defaultValue: true },
  {
    key: 'newSubscribers',
    label: 'New subscribers',
    description: 'Creators only.',
    defaultValue: true,
  },
  { key: 'messages', label: 'Direct messages', defaultValue: true },
  { key: 'tips', label: 'Tips and purchases', defaultValue: true },
  { key: 'comments', label: 'Comments and replies', defaultValue: true },
  { key: 'likes', label: 'Likes', defaultValue: false },
  {
    key: 'emailDigest',
    label: 'Email summary',
    description: 'A weekly email with what you missed.',
    defaultValue: false,
  },
];

export function NotificationsSection() {
  const stored = useAuthStore((s) => s.user?.preferences?.notifications);
  const save = useNotificationSettingsMutation();
  const initial = readToggles(stored, NOTIFICATION_OPTIONS);
  return (
    <SettingsCard
      title="Notify me about"
      description="In-app notifications for activity on your account."
    >
      <ToggleSettingsForm
        // A fresh form when the saved values change (after a save or a refresh).
        key={JSON.stringify(initial)}
        label="Notification settings"
        options={NOTIFICATION_OPTIONS}
        initial={initial}
        saving={save.isPending}
        onSave={(values) => save.mutate({ notifications: values })}
      />
    </SettingsCard>
  );
}
