/** A profile's enabled widgets (GET /widgets/user/{id}): links, about, schedule, top posts, countdown. */
import type { Widget } from '@fanspace/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../ui/card.tsx';
import { useUserWidgets } from './queries.ts';
import { plural } from '../../lib/plural.ts';

/** "3d 4h left", "5h 10m left", or "Ended". */
export function countdownText(targetAt: string, now: number): string {
  const ms = new Date(targetAt).getTime() - now;
  if (ms <= 0) return 'Ended';
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days}d ${hours}h left`;
  return `${hours}h ${minutes % 60}m left`;
}

function Countdown({ targetAt, label }: { targetAt: string; label?: string | undefined }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <p>
      {label ? <span className="block text-sm text-muted">{label}</span> : null}
      <span className="text-lg font-semibold text-fg">{countdownText(targetAt, now)}</span>
    </p>
  );
}

function WidgetBody({ widget }: { widget: Widget }) {
  const c = widget.config;
  switch (widget.type) {
    case 'links':
      return (
        <ul className="space-y-1.5">
          {(c.links ?? []).map((link) => (
            <li key={link.url}>
              <a
                href={link.url}
                target="_blank"
                rel="noopener noreferrer nofollow ugc"
                className="text-sm font-medium text-accent-text hover:underline"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      );
    case 'about':
    case 'schedule':
      return <p className="whitespace-pre-line wrap-anywhere text-sm text-fg">{c.text}</p>;
    case 'top-posts':
      return (widget.posts ?? []).length === 0 ? (
        <p className="text-sm text-muted">No public posts yet.</p>
      ) : (
        <ol className="space-y-1.5">
          {(widget.posts ?? []).map((post) => (
            <li key={post.id} className="text-sm">
              <Link to={`/p/${post.id}`} className="font-medium text-fg hover:underline">
                {post.caption.trim() || 'Untitled post'}
              </Link>{' '}
              <span className="text-muted">· {plural(post.likeCount, 'like')}</span>
            </li>
          ))}
        </ol>
      );
    case 'countdown':
      return c.targetAt ? <Countdown targetAt={c.targetAt} label={c.label} /> : null;
  }
}

export function ProfileWidgets({ userId }: { userId: string }) {
  const widgets = useUserWidgets(userId);
  const list = widgets.data?.widgets ?? [];
  // a profile without widgets (or whose widgets failed to load) simply shows none
  if (list.length === 0) return null;
  return (
    <section aria-label="Widgets" className="mt-6 grid gap-3 px-2 sm:grid-cols-2 sm:px-6">
      {list.map((widget) => (
        <Card key={widget.id} className="p-4">
          <h2 className="mb-2 text-sm font-semibold text-fg">{widget.title}</h2>
          <WidgetBody widget={widget} />
        </Card>
      ))}
    </section>
  );
}
