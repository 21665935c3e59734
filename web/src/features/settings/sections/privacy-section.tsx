/** Settings → Privacy: visibility switches (stored in privacy) and blocked/restricted people. */
import { Link } from 'react-router';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { avatarUrlOf, displayNameOf } from '../../auth/user.ts';
import { useRelationListQuery, useRelationMutation } from '../../profile/queries.ts';
import { SettingsCard } from '../components/settings-card.tsx';
import {
  readToggles,
  ToggleSettingsForm,
  type ToggleOption,
} from '../components/toggle-settings-form.tsx';
import { usePrivacySettingsMutation } from '../queries.ts';

export const PRIVACY_OPTIONS: readonly ToggleOption[] = [
  {
    key: 'discoverable',
    label: 'Show me in search and suggestions',
    description: 'Off: people need your exact username to find you.',
    defaultValue: true,
  },
  { key: 'showActivityStatus', label: 'Show when I am online', defaultValue: true },
  {
    key: 'allowMessagesFromAnyone',
    label: 'Let anyone message me',
    description: 'Off: only people you follow and your subscribers can start a chat.',
    defaultValue: true,
  },
  { key: 'showFollowerCount', label: 'Show my follower count', defaultValue: true },
];

function RelationList({ kind }: { kind: 'blocked' | 'restricted' }) {
  const list = useRelationListQuery(kind);
  const relation = useRelationMutation();
  const action = kind === 'blocked' ? 'unblock' : 'unrestrict';

  if (list.isPending) return <Skeleton className="h-12" />;
  if (list.isError) {
    return (
      <p role="alert" className="text-sm text-muted">
        Could not load this list.{' '}
        <button
          type="button"
          className="font-semibold text-accent-text"
          onClick={() => void list.refetch()}
        >
          Try again
        </button>
      </p>
    );
  }
  if (list.data.length === 0) {
    return (
      <p className="text-sm text-muted">
        {kind === 'blocked' ? 'You have not blocked anyone.' : 'You have not restricted anyone.'}
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {list.data.map((user) => (
        <li key={user.id} className="flex items-center gap-3">
          <Avatar name={displayNameOf(user)} src={avatarUrlOf(user)} size={40} />
          <Link
            to={`/u/${encodeURIComponent(user.username)}`}
            className="min-w-0 flex-1 hover:underline"
          >
            <span className="block truncate text-sm font-semibold text-fg">
              {displayNameOf(user)}
            </span>
            <span className="block truncate text-xs text-muted">@{user.username}</span>
          </Link>
          <Button
            variant="outline"
            size="sm"
            aria-label={`${kind === 'blocked' ? 'Unblock' : 'Unrestrict'} @${user.username}`}
            disabled={relation.isPending}
            onClick={() => relation.mutate({ action, user })}
          >
            {kind === 'blocked' ? 'Unblock' : 'Unrestrict'}
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function PrivacySection() {
  const stored = useAuthStore((s) => s.user?.privacy);
  const save = usePrivacySettingsMutation();
  const initial = readToggles(stored, PRIVACY_OPTIONS);
  return (
    <>
      <SettingsCard title="Visibility" description="Control who can find you and what they see.">
        <ToggleSettingsForm
          key={JSON.stringify(initial)}
          label="Privacy settings"
          options={PRIVACY_OPTIONS}
          initial={initial}
          saving={save.isPending}
          onSave={(values) => save.mutate(values)}
        />
      </SettingsCard>
      <SettingsCard
        title="Blocked accounts"
        description="They cannot see your profile or posts, or message you."
      >
        <RelationList kind="blocked" />
      </SettingsCard>
      <SettingsCard
        title="Restricted accounts"
        description="Their comments and messages stay between you two, without notifying them."
      >
        <RelationList kind="restricted" />
      </SettingsCard>
    </>
  );
}
