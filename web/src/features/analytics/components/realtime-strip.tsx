import { useRealtime } from '../queries.ts';

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
      Last {q.data.windowMinutes} minutes: {t.views} post views, {t.profileViews} profile views,{' '}
      {t.likes} likes, {t.comments} comments
    </p>
  );
}
