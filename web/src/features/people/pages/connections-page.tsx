/**
 * /u/:username/followers and /u/:username/following. The server lists only the caller's own
 * (GET /users/me/followers|following); for anyone else the page says so.
 */
import { NavLink, useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ArrowLeftIcon, LockIcon, UsersIcon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { useInfiniteScroll } from '../../posts/use-infinite-scroll.ts';
import { UserRow } from '../components/user-row.tsx';
import { TrendingCreators } from '../components/trending-creators.tsx';
import type { ConnectionKind } from '../people-api.ts';
import { useMyConnectionsQuery, useRemoveFollowerMutation, usersOfPages } from '../queries.ts';

function RemoveFollower({ user }: { user: Parameters<typeof UserRow>[0]['user'] }) {
  const remove = useRemoveFollowerMutation();
  return (
    <Button
      variant="danger-ghost"
      size="sm"
      loading={remove.isPending}
      aria-label={`Remove @${user.username} from your followers`}
      onClick={() => remove.mutate(user)}
    >
      Remove
    </Button>
  );
}

function ConnectionsList({ kind }: { kind: ConnectionKind }) {
  const query = useMyConnectionsQuery(kind);
  const users = usersOfPages(query.data);
  const sentinelRef = useInfiniteScroll({
    hasMore: Boolean(query.hasNextPage),
    loading: query.isFetchingNextPage || query.isFetchNextPageError,
    onLoadMore: () => void query.fetchNextPage(),
  });

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading people" className="flex flex-col gap-4 py-3">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="flex items-center gap-3">
            <Skeleton className="h-12 w-12 rounded-full" />
            <div className="flex-1">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="mt-2 h-3 w-24" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return <ErrorState title="Could not load this list" onRetry={() => void query.refetch()} />;
  }
  if (users.length === 0) {
    return kind === 'followers' ? (
      <EmptyState
        icon={<UsersIcon size={26} />}
        title="No followers yet"
        description="Post something and share your profile – followers will show up here."
      />
    ) : (
      <div>
        <EmptyState
          icon={<UsersIcon size={26} />}
          title="You don’t follow anyone yet"
          description="Follow creators to see their posts in your home feed."
        />
        <h2 className="mt-8 mb-2 font-semibold text-fg">Creators to follow</h2>
        <TrendingCreators limit={8} showBio />
      </div>
    );
  }
  return (
    <>
      <ul
        aria-label={kind === 'followers' ? 'Followers' : 'Following'}
        className="divide-y divide-line"
      >
        {users.map((user) => (
          <li key={user.id}>
            <UserRow
              user={user}
              actions={kind === 'followers' ? <RemoveFollower user={user} /> : undefined}
            />
          </li>
        ))}
      </ul>
      <div ref={sentinelRef} aria-hidden="true" className="h-px" />
      {query.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      ) : null}
    </>
  );
}

export function ConnectionsPage({ kind }: { kind: ConnectionKind }) {
  const { username = '' } = useParams();
  const me = useAuthStore((s) => s.user);
  const isOwn = me?.username?.toLowerCase() === username.toLowerCase();
  const title = kind === 'followers' ? 'Followers' : 'Following';
  useDocumentTitle(`${title} · @${username}`);
  const base = `/u/${encodeURIComponent(username)}`;

  const tab = (to: ConnectionKind, label: string) => (
    <NavLink
      to={`${base}/${to}`}
      className={({ isActive }) =>
        cn(
          '-mb-px border-b-2 px-4 pb-3 text-sm font-semibold transition-colors',
          isActive ? 'border-accent text-fg' : 'border-transparent text-muted hover:text-fg',
        )
      }
    >
      {label}
    </NavLink>
  );

  return (
    <div className="mx-auto w-full max-w-2xl">
      <header className="mb-4 flex items-center gap-3">
        <ButtonLink
          to={base}
          variant="ghost"
          size="sm"
          icon={<ArrowLeftIcon size={18} />}
          aria-label={`Back to @${username}`}
          className="px-2"
        />
        <div className="min-w-0">
          <h1 className="font-display text-2xl font-extrabold tracking-tight text-fg">{title}</h1>
          <p className="text-sm text-muted">@{username}</p>
        </div>
      </header>
      <nav aria-label="Connections" className="mb-2 flex gap-2 border-b border-line">
        {tab('followers', 'Followers')}
        {tab('following', 'Following')}
      </nav>
      {isOwn ? (
        <ConnectionsList key={kind} kind={kind} />
      ) : (
        <EmptyState
          className="mt-6"
          icon={<LockIcon size={26} />}
          title="This list is private"
          description={`Only @${username} can see who ${kind === 'followers' ? 'follows them' : 'they follow'}.`}
          action={<ButtonLink to={base}>Back to profile</ButtonLink>}
        />
      )}
    </div>
  );
}

export function FollowersPage() {
  return <ConnectionsPage kind="followers" />;
}

export function FollowingPage() {
  return <ConnectionsPage kind="following" />;
}
