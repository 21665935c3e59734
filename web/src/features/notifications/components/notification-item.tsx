/** One notification row: actor avatar with a type badge, the sentence, time, read state. */
import type { Notification, PublicUser } from '@fanspace/contracts';
import { Link } from 'react-router';
import { fullDateTime, relativeTime } from '../../../lib/relative-time.ts';
import { avatarUrlOf } from '../../auth/user.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { cn } from '../../../ui/cn.ts';
import { ImageIcon, TrashIcon } from '../../../ui/icons.tsx';
import { LogoMark } from '../../../ui/logo.tsx';
import { describeNotification, isStandalone, type RelatedPost } from '../describe.ts';
import { NotificationTypeIcon } from './notification-type-icon.tsx';

export function NotificationItem({
  notification,
  actors,
  posts,
  onOpen,
  onDelete,
}: {
  notification: Notification;
  actors: Record<string, PublicUser>;
  posts: Record<string, RelatedPost>;
  onOpen: (notification: Notification) => void;
  onDelete: (notification: Notification) => void;
}) {
  const view = describeNotification(notification, { actors, posts });
  const unread = !notification.isRead;
  const standalone = isStandalone(notification);

  const body = (
    <>
      <span className="relative shrink-0">
        {view.actor ? (
          <Avatar name={view.actorName} src={avatarUrlOf(view.actor)} size={44} />
        ) : (
          <LogoMark size={44} className="rounded-full" />
        )}
        <NotificationTypeIcon
          type={notification.type}
          className="absolute -right-0.5 -bottom-0.5"
        />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-[0.95rem] leading-snug text-fg">
          {unread ? <span className="sr-only">Unread: </span> : null}
          {standalone ? (
            <span className={cn(unread && 'font-semibold')}>{view.text}</span>
          ) : (
            <>
              <span className="font-semibold">{view.actorName}</span>{' '}
              <span className={cn(unread ? 'text-fg' : 'text-muted')}>{view.text}</span>
            </>
          )}
        </span>
        {view.detail ? (
          <span className="mt-0.5 line-clamp-2 block text-sm wrap-anywhere text-muted">
            “{view.detail}”
          </span>
        ) : null}
        {view.post && view.post.caption.trim() !== '' ? (
          <span className="mt-0.5 flex items-center gap-1.5 text-xs text-subtle">
            <ImageIcon size={13} className="shrink-0" />
            <span className="sr-only">Post: </span>
            <span className="truncate">{view.post.caption.trim()}</span>
          </span>
        ) : null}
        <time
          dateTime={notification.createdAt}
          title={fullDateTime(notification.createdAt)}
          className={cn('mt-1 block text-xs', unread ? 'text-accent-text' : 'text-subtle')}
        >
          {relativeTime(notification.createdAt)}
        </time>
      </span>
      {view.post?.imageUrl ? (
        <img
          src={view.post.imageUrl}
          alt=""
          loading="lazy"
          className="h-12 w-12 shrink-0 rounded-xl border border-line object-cover"
        />
      ) : null}
      {unread ? (
        <span aria-hidden="true" className="mt-2 h-2.5 w-2.5 shrink-0 rounded-full bg-accent" />
      ) : null}
    </>
  );

  const rowClasses =
    'flex min-w-0 flex-1 items-start gap-3 rounded-2xl p-3 text-left outline-offset-2 transition-colors hover:bg-surface-2';

  return (
    <li
      className={cn(
        'group relative flex items-start gap-1 rounded-2xl',
        unread && 'bg-accent-soft/60',
      )}
    >
      {view.href ? (
        <Link to={view.href} onClick={() => onOpen(notification)} className={rowClasses}>
          {body}
        </Link>
      ) : (
        <button type="button" onClick={() => onOpen(notification)} className={rowClasses}>
          {body}
        </button>
      )}
      <button
        type="button"
        onClick={() => onDelete(notification)}
        aria-label="Delete notification"
        title="Delete notification"
        className="mt-3 mr-2 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-subtle transition-colors hover:bg-surface-2 hover:text-danger focus-visible:text-danger sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100"
      >
        <TrashIcon size={17} />
      </button>
    </li>
  );
}
