import { errorMessageOf } from '../../../lib/api/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PublicLayout } from '../components/public-layout.tsx';
import { useTeamQuery } from '../queries.ts';

/** /team: the people who run Fanspace (the staff accounts). */
export function TeamPage() {
  useDocumentTitle('Team');
  const team = useTeamQuery();
  return (
    <PublicLayout title="Team" intro="The people who run and moderate Fanspace.">
      {team.isPending ? (
        <LoadingState label="Loading the team…" />
      ) : team.isError ? (
        <ErrorState
          title="Could not load the team"
          message={errorMessageOf(team.error, 'Check your connection and try again.')}
          onRetry={() => void team.refetch()}
        />
      ) : team.data.members.length === 0 ? (
        <EmptyState title="No team members listed" />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {team.data.members.map((m) => (
            <li key={m.id} className="flex gap-4 rounded-2xl border border-line bg-surface p-4">
              <Avatar src={m.avatarUrl} name={m.displayName ?? m.username} size={56} />
              <div className="min-w-0">
                <p className="font-semibold text-fg">{m.displayName ?? m.username}</p>
                <p className="text-sm text-muted">@{m.username}</p>
                {m.bio ? <p className="mt-2 text-sm text-muted">{m.bio}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </PublicLayout>
  );
}
