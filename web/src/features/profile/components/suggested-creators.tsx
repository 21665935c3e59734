import { Link } from 'react-router';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { BadgeCheckIcon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';
import { avatarUrlOf, displayNameOf } from '../../auth/user.ts';
import { useSignupSuggestionsQuery } from '../queries.ts';
import { FollowButton } from './follow-button.tsx';
import { plural } from '../../../lib/plural.ts';

/** Popular creators the viewer does not follow yet (GET /users/signup-suggestions). */
export function SuggestedCreators({
  limit = 6,
  onNavigate,
}: {
  limit?: number;
  onNavigate?: () => void;
}) {
  const suggestions = useSignupSuggestionsQuery(limit);

  if (suggestions.isPending) {
    return (
      <ul className="flex flex-col gap-3" aria-busy="true" aria-label="Loading suggestions">
        {[0, 1, 2].map((i) => (
          <li key={i} className="flex items-center gap-3">
            <Skeleton className="h-12 w-12 rounded-full" />
            <div className="flex-1">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="mt-2 h-3 w-20" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (suggestions.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 py-4 text-center text-sm text-muted"
      >
        Could not load suggestions.
        <Button variant="secondary" size="sm" onClick={() => void suggestions.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (suggestions.data.length === 0) {
    return (
      <p className="py-4 text-center text-sm text-muted">
        No suggestions right now – you already follow everyone we would recommend.
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-4" aria-label="Suggested creators">
      {suggestions.data.map((user) => (
        <li key={user.id} className="flex items-center gap-3">
          <Avatar name={displayNameOf(user)} src={avatarUrlOf(user)} size={48} />
          <div className="min-w-0 flex-1">
            <Link
              to={`/u/${encodeURIComponent(user.username)}`}
              onClick={onNavigate}
              className="flex items-center gap-1 truncate font-semibold text-fg hover:underline"
            >
              <span className="truncate">{displayNameOf(user)}</span>
              {user.isVerified ? (
                <BadgeCheckIcon size={16} className="shrink-0 text-accent-text" title="Verified" />
              ) : null}
            </Link>
            <p className="truncate text-sm text-muted">
              @{user.username}
              {user.followersCount !== null && user.followersCount > 0
                ? ` · ${plural(user.followersCount, 'follower')}`
                : ''}
            </p>
          </div>
          <FollowButton user={user} size="sm" />
        </li>
      ))}
    </ul>
  );
}
