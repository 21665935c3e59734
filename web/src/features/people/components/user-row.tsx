import type { PublicUser } from '@fanspace/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../ui/avatar.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { BadgeCheckIcon } from '../../../ui/icons.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { avatarUrlOf, displayNameOf, isCreatorUser } from '../../auth/user.ts';
import { FollowButton } from '../../profile/components/follow-button.tsx';
import { plural } from '../../../lib/plural.ts';

/** A person in a list: avatar, name, @username, a short bio line and the follow button. */
export function UserRow({
  user,
  actions,
  showBio = true,
  compact = false,
}: {
  user: PublicUser;
  actions?: ReactNode;
  showBio?: boolean;
  /** Narrow columns (sidebars): no badge or bio, the name keeps the room. */
  compact?: boolean;
}) {
  const me = useAuthStore((s) => s.user);
  const isMe = me?.id === user.id;
  const name = displayNameOf(user);
  return (
    <div className="flex items-center gap-3 py-3">
      <Link to={`/u/${encodeURIComponent(user.username)}`} tabIndex={-1} aria-hidden="true">
        <Avatar name={name} src={avatarUrlOf(user)} size={compact ? 40 : 48} />
      </Link>
      <div className="min-w-0 flex-1">
        <Link
          to={`/u/${encodeURIComponent(user.username)}`}
          className="flex min-w-0 items-center gap-1 font-semibold text-fg hover:underline"
        >
          <span className="truncate">{name}</span>
          {user.isVerified ? (
            <BadgeCheckIcon size={16} className="shrink-0 text-accent-text" title="Verified" />
          ) : null}
          {isCreatorUser(user) && !compact ? (
            <Badge className="ml-1 shrink-0 max-sm:hidden">Creator</Badge>
          ) : null}
        </Link>
        <p className="truncate text-sm text-muted">
          @{user.username}
          {user.followersCount !== null && user.followersCount > 0 && !compact
            ? ` · ${plural(user.followersCount, 'follower')}`
            : ''}
        </p>
        {showBio && !compact && user.bio ? (
          <p className="mt-0.5 line-clamp-1 text-sm text-subtle">{user.bio}</p>
        ) : null}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {actions}
        {me && !isMe ? <FollowButton user={user} size="sm" /> : null}
      </div>
    </div>
  );
}
