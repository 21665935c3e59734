/**
 * A square tile for grids (profile, discover): the thumbnail, or for a locked post only its
 * blurred teaser with a lock badge and the price.
 */
import type { Post } from '@fanspace/contracts';
import { Link } from 'react-router';
import { HeartIcon, LockIcon, MessageIcon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';
import { displayNameOf } from '../../auth/user.ts';
import { ACCESS_LABELS, formatPrice, lockCopy } from '../access.ts';
import { LayersIcon, PlayIcon } from '../icons.tsx';

export function PostTile({ post }: { post: Post }) {
  const locked = !post.isUnlockedForUser;
  const first = post.media[0];
  const image = locked
    ? (first?.teaserUrl ?? first?.thumbnailUrl ?? null)
    : (first?.thumbnailUrl ?? first?.mediaUrl ?? null);
  const copy = locked ? lockCopy(post.accessDetails, post.user.username) : null;
  const by = `@${post.user.username}`;
  const caption = post.caption.trim();
  const priceText = copy && copy.price !== null ? `, ${formatPrice(copy.price)}` : '';
  const label = locked
    ? `Locked post by ${by}${priceText}`
    : `Post by ${by}${caption ? `: ${caption.slice(0, 80)}` : ''}`;

  return (
    <Link
      to={`/p/${encodeURIComponent(post.id)}`}
      aria-label={label}
      className="group relative block aspect-square overflow-hidden rounded-2xl bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      {image ? (
        <img
          src={image}
          alt=""
          loading="lazy"
          decoding="async"
          width={first?.width ?? undefined}
          height={first?.height ?? undefined}
          className={
            locked
              ? 'h-full w-full scale-110 object-cover blur-lg'
              : 'h-full w-full object-cover transition-transform duration-300 group-hover:scale-105'
          }
        />
      ) : (
        <div className="flex h-full w-full items-center justify-center bg-[linear-gradient(135deg,var(--fs-accent-soft),transparent)] p-3">
          <p className="line-clamp-5 max-w-full min-w-0 text-center text-sm wrap-anywhere text-fg">
            {caption || `A post by ${displayNameOf(post.user)}`}
          </p>
        </div>
      )}

      {locked && copy ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-black/40 text-white">
          <LockIcon size={22} />
          <span className="text-sm font-bold">
            {copy.price !== null ? formatPrice(copy.price) : copy.headline}
          </span>
        </div>
      ) : null}

      {!locked && post.isOwner && post.accessDetails.accessLevel !== 'public' ? (
        <span className="absolute top-2 left-2 flex items-center gap-1 rounded-full bg-black/60 px-2 py-0.5 text-xs font-semibold text-white">
          <LockIcon size={12} />
          {post.accessDetails.requiresUnlock && post.accessDetails.price !== null
            ? formatPrice(post.accessDetails.price)
            : ACCESS_LABELS[post.accessDetails.accessLevel]}
        </span>
      ) : null}

      <div className="absolute top-2 right-2 flex gap-1">
        {locked ? (
          <span className="flex items-center gap-1 rounded-full bg-black/60 px-2 py-0.5 text-xs font-semibold text-white">
            <LockIcon size={12} /> Locked
          </span>
        ) : null}
        {post.mediaCount > 1 ? (
          <span className="rounded-full bg-black/60 p-1 text-white">
            <LayersIcon size={14} />
          </span>
        ) : post.mediaTypes[0] === 'video' ? (
          <span className="rounded-full bg-black/60 p-1 text-white">
            <PlayIcon size={14} />
          </span>
        ) : null}
      </div>

      <div className="absolute inset-x-0 bottom-0 flex gap-3 bg-gradient-to-t from-black/70 to-transparent px-2.5 pt-6 pb-2 text-xs font-semibold text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
        <span className="flex items-center gap-1">
          <HeartIcon size={14} /> {post.likeCount}
        </span>
        <span className="flex items-center gap-1">
          <MessageIcon size={14} /> {post.commentsCount}
        </span>
      </div>
    </Link>
  );
}

export function PostGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div
      role="status"
      aria-label="Loading posts"
      className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3"
    >
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="aspect-square rounded-2xl" />
      ))}
    </div>
  );
}
