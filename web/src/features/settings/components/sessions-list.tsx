import { fullDateTime, relativeTime } from '../../../lib/relative-time.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { LogOutIcon, MonitorIcon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';
import {
  useRevokeOtherSessionsMutation,
  useRevokeSessionMutation,
  useSessionsQuery,
} from '../queries.ts';

/** Live sessions (GET /users/me/sessions) with revoke and "log out all other sessions". */
export function SessionsList() {
  const sessions = useSessionsQuery();
  const revoke = useRevokeSessionMutation();
  const revokeOthers = useRevokeOtherSessionsMutation();

  if (sessions.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (sessions.isError) {
    return (
      <ErrorState title="Could not load your sessions" onRetry={() => void sessions.refetch()} />
    );
  }

  // This device first, then the most recently active.
  const list = [...sessions.data.sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
  );
  const others = list.filter((s) => !s.current).length;

  return (
    <div className="flex flex-col gap-4">
      <ul
        className="flex flex-col divide-y divide-line rounded-2xl border border-line"
        aria-label="Sessions"
      >
        {list.map((session) => (
          <li key={session.id} className="flex items-center gap-3 px-4 py-3">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-muted">
              <MonitorIcon size={20} />
            </span>
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-fg">
                <span className="truncate">{session.device}</span>
                {session.current ? <Badge>This device</Badge> : null}
              </p>
              <p className="text-xs text-muted">
                {session.ip ?? 'Unknown IP'} ·{' '}
                <time dateTime={session.lastSeenAt} title={fullDateTime(session.lastSeenAt)}>
                  {session.current
                    ? 'Active now'
                    : `Last active ${relativeTime(session.lastSeenAt)}`}
                </time>
              </p>
            </div>
            {session.current ? null : (
              <Button
                variant="outline"
                size="sm"
                aria-label={`Revoke session on ${session.device}${session.ip ? ` (${session.ip})` : ''}`}
                disabled={revoke.isPending && revoke.variables === session.id}
                onClick={() => revoke.mutate(session.id)}
              >
                Revoke
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Button
        variant="outline"
        className="self-start"
        icon={<LogOutIcon size={16} />}
        disabled={others === 0}
        loading={revokeOthers.isPending}
        onClick={() => revokeOthers.mutate()}
      >
        Log out all other sessions
      </Button>
    </div>
  );
}
