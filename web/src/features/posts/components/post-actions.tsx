import type { Post } from '@fanspace/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../ui/cn.ts';
import { EyeIcon, HeartIcon, MessageIcon } from '../../../ui/icons.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { TipButton } from '../../tips/tip-button.tsx';
import { ShareIcon } from '../icons.tsx';
import { useLikePostMutation } from '../queries.ts';
import { copyPostLink, postUrl } from './post-menu.tsx';
import { plural, pluralWord } from '../../../lib/plural.ts';

const compactNumber = new Intl.NumberFormat('en', { notation: 'compact' });

async function share(post: Post): Promise<void> {
  const url = postUrl(post.id);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ url, title: `Post by @${post.user.username}` });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await copyPostLink(post.id);
}

/** Like, comments, share, tip (creators' posts but your own) and the view count under a post. */
export function PostActions({ post, commentsHref }: { post: Post; commentsHref: string }) {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const like = useLikePostMutation();
  const likesId = useId();
  const liked = post.isLikedByCurrentUser;
  const locked = !post.isUnlockedForUser;
  const button =
    'inline-flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-medium transition-colors hover:bg-surface-2';

  return (
    <div className="flex items-center gap-1 px-2 py-1.5">
      {signedIn ? (
        <button
          type="button"
          aria-pressed={liked}
          aria-label={liked ? 'Unlike' : 'Like'}
          aria-describedby={likesId}
          onClick={() => like.mutate({ postId: post.id, like: !liked })}
          className={cn(button, liked ? 'text-pink-500' : 'text-muted hover:text-fg')}
        >
          <HeartIcon size={21} fill={liked ? 'currentColor' : 'none'} />
          <span id={likesId} data-testid="like-count">
            {compactNumber.format(post.likeCount)}
            <span className="sr-only"> {pluralWord(post.likeCount, 'like')}</span>
          </span>
        </button>
      ) : (
        <Link
          to="/login"
          className={cn(button, 'text-muted hover:text-fg')}
          aria-label="Log in to like"
        >
          <HeartIcon size={21} />
          <span>{compactNumber.format(post.likeCount)}</span>
        </Link>
      )}
      <Link
        to={commentsHref}
        className={cn(button, 'text-muted hover:text-fg')}
        aria-label={
          locked
            ? `${plural(post.commentsCount, 'comment')} (locked)`
            : `${plural(post.commentsCount, 'comment')}, open the conversation`
        }
      >
        <MessageIcon size={20} />
        <span>{compactNumber.format(post.commentsCount)}</span>
      </Link>
      <button
        type="button"
        onClick={() => void share(post)}
        className={cn(button, 'text-muted hover:text-fg')}
        aria-label="Share post"
      >
        <ShareIcon size={19} />
        <span className="max-sm:sr-only">Share</span>
      </button>
      <TipButton recipient={post.user} tipType="post" contentId={post.id} appearance="action" />
      <span
        className="ml-auto inline-flex items-center gap-1.5 px-2 text-xs text-subtle"
        title={plural(post.viewCount, 'view')}
      >
        <EyeIcon size={16} />
        <span>
          {compactNumber.format(post.viewCount)}
          <span className="sr-only"> {pluralWord(post.viewCount, 'view')}</span>
        </span>
      </span>
    </div>
  );
}
