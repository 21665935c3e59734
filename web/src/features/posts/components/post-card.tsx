/**
 * One post in a feed, on a profile or on its own page: author, caption with links, media or the
 * locked teaser, likes, comments, share, views and the owner's menu.
 */
import { TranslateButton } from '../../community/components/translate-button.tsx';
import type { Post } from '@fanspace/contracts';
import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { fullDateTime, relativeTime } from '../../../lib/relative-time.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { cn } from '../../../ui/cn.ts';
import { BadgeCheckIcon, LockIcon, UsersIcon } from '../../../ui/icons.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { avatarUrlOf, displayNameOf } from '../../auth/user.ts';
import { ACCESS_LABELS, formatPrice } from '../access.ts';
import { useViewTracking } from '../use-view-tracking.ts';
import { LockedMedia } from './locked-media.tsx';
import { PostActions } from './post-actions.tsx';
import { PostMedia } from './post-media.tsx';
import { PostMenu } from './post-menu.tsx';
import { RichText } from './rich-text.tsx';

function AccessBadge({ post }: { post: Post }) {
  const { accessLevel, price } = post.accessDetails;
  if (accessLevel === 'public') return null;
  const label =
    price !== null && post.accessDetails.requiresUnlock
      ? `${ACCESS_LABELS[accessLevel]} · ${formatPrice(price)}`
      : ACCESS_LABELS[accessLevel];
  return (
    <Badge className="ml-0.5 bg-surface-3 py-0 text-muted">
      {accessLevel === 'followers' ? <UsersIcon size={12} /> : <LockIcon size={12} />}
      {label}
    </Badge>
  );
}

export function PostCard({
  post,
  variant = 'feed',
  onDeleted,
  className,
  priority = false,
  position,
}: {
  post: Post;
  /** The first card of a list: its image loads eagerly, with high priority (LCP). */
  priority?: boolean;
  /** In a feed (role="feed"): 1-based position and the list's size (-1 while unknown). */
  position?: { index: number; setSize: number };
  /** `detail`: the post's own page (first image loads eagerly, no link to itself). */
  variant?: 'feed' | 'detail';
  onDeleted?: () => void;
  className?: string;
}) {
  const me = useAuthStore((s) => s.user);
  const ref = useRef<HTMLElement>(null);
  const nameId = useId();
  const name = displayNameOf(post.user);
  const profileHref = `/u/${encodeURIComponent(post.user.username)}`;
  const postHref = `/p/${encodeURIComponent(post.id)}`;
  useViewTracking(ref, post.id, Boolean(me) && !post.isOwner);

  return (
    <article
      ref={ref}
      aria-labelledby={nameId}
      aria-posinset={position?.index}
      aria-setsize={position?.setSize}
      tabIndex={position ? 0 : undefined}
      className={cn('overflow-hidden rounded-3xl border border-line bg-surface', className)}
    >
      <header className="flex items-center gap-3 px-4 pt-4 pb-3">
        <Link to={profileHref} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <Avatar name={name} src={avatarUrlOf(post.user)} size={42} />
        </Link>
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-1 text-[0.95rem] leading-tight">
            <Link
              id={nameId}
              to={profileHref}
              className="truncate font-semibold text-fg hover:underline"
            >
              {name}
            </Link>
            {post.user.isVerified ? (
              <BadgeCheckIcon size={16} className="shrink-0 text-accent-text" title="Verified" />
            ) : null}
          </p>
          <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-muted">
            <span className="max-w-full truncate">@{post.user.username}</span>
            <span aria-hidden="true">·</span>
            {variant === 'detail' ? (
              <time dateTime={post.createdAt} title={fullDateTime(post.createdAt)}>
                {relativeTime(post.createdAt)}
              </time>
            ) : (
              <Link to={postHref} className="hover:underline">
                <time dateTime={post.createdAt} title={fullDateTime(post.createdAt)}>
                  {relativeTime(post.createdAt)}
                </time>
              </Link>
            )}
            <AccessBadge post={post} />
          </p>
        </div>
        <PostMenu post={post} onDeleted={onDeleted} />
      </header>

      {post.caption ? (
        <>
          <RichText text={post.caption} className="px-4 pb-3 text-[0.95rem] text-fg" />
          <TranslateButton text={post.caption} className="-mt-2 px-4 pb-3" />
        </>
      ) : null}

      {post.isUnlockedForUser ? (
        <PostMedia
          media={post.media}
          caption={post.caption}
          username={post.user.username}
          eager={variant === 'detail' || priority}
        />
      ) : (
        <LockedMedia post={post} eager={variant === 'detail' || priority} />
      )}

      <PostActions post={post} commentsHref={`${postHref}#comments`} />
    </article>
  );
}
