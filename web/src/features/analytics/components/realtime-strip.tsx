import { useRealtime } from '../queries.ts';
import { plural } from '../../../lib/plural.ts';

/** "Right now": the last 30 minutes' counts (GET /analytics/v2/realtime), quietly refreshed. */
export function RealtimeStrip() {
  const q = useRealtime();
  if (!q.data) return null;
  const t = q.data.totals;
  return (
    <p className="mb-4 text-sm text-muted" aria-live="polite">
      <span
        className="mr-2 inline-block h-2 w-2 rounded-full bg-success align-middle"
        aria-hidden="true"
      />
      Last {plural(q.data.windowMinutes, 'minute')}: {plural(t.views, 'post view')},{' '}
      {plural(t.profileViews, 'profile view')}, {plural(t.likes, 'like')},{' '}
      {plural(t.comments, 'comment')}
    </p>
  );
}
