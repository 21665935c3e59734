/**
 * A locked post as the viewer sees it: only the blurred teaser (the server sends no other URL)
 * under an overlay that says what unlocks it – the price, 'Subscribe to unlock' or 'Follow to
 * see' – with the matching call to action.
 */
import { lockedTeaserOf, type Post } from '@fanspace/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { LockIcon, UserPlusIcon } from '../../../ui/icons.tsx';
import { useAuthStore } from '../../auth/store.ts';
import { relationState, useRelationMutation } from '../../profile/queries.ts';
import { formatPrice, lockCopy } from '../access.ts';
import { refreshPostEverywhere } from '../queries.ts';
import { UnlockDialog } from './unlock-dialog.tsx';
import { plural } from '../../../lib/plural.ts';

function mediaSummary(types: string[]): string {
  const counts = new Map<string, number>();
  for (const type of types) counts.set(type, (counts.get(type) ?? 0) + 1);
  const words: Record<string, [string, string]> = {
    image: ['photo', 'photos'],
    video: ['video', 'videos'],
    audio: ['audio clip', 'audio clips'],
  };
  return [...counts.entries()]
    .map(([type, n]) => {
      const [one, many] = words[type] ?? ['file', 'files'];
      return plural(n, one, many);
    })
    .join(' · ');
}

function FollowToSee({ post }: { post: Post }) {
  const me = useAuthStore((s) => s.user);
  const client = useQueryClient();
  const relation = useRelationMutation();
  const { following } = relationState(me, post.user);
  return (
    <Button
      size="sm"
      icon={<UserPlusIcon size={16} />}
      loading={relation.isPending}
      disabled={following}
      onClick={() =>
        relation.mutate(
          { action: 'follow', user: post.user },
          { onSuccess: () => void refreshPostEverywhere(client) },
        )
      }
    >
      {following ? 'Following' : `Follow @${post.user.username}`}
    </Button>
  );
}

export function LockedMedia({
  post,
  eager = false,
}: {
  post: Post;
  /** The first card of a page: its teaser is likely the largest paint, load it at once. */
  eager?: boolean;
}) {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const [unlockOpen, setUnlockOpen] = useState(false);
  const copy = lockCopy(post.accessDetails, post.user.username);
  const locked = lockedTeaserOf(post);
  const teaser = locked?.item;
  const teaserUrl = locked?.url ?? null;
  const aspect = teaser?.width && teaser.height ? `${teaser.width} / ${teaser.height}` : '4 / 3';
  const summary = post.mediaCount > 0 ? mediaSummary(post.mediaTypes) : null;

  return (
    <div
      className="relative max-h-[75vh] overflow-hidden bg-surface-2"
      style={{ aspectRatio: aspect }}
    >
      {teaserUrl ? (
        <img
          src={teaserUrl}
          alt={`Blurred preview of a locked post by @${post.user.username}`}
          width={teaser?.width ?? undefined}
          height={teaser?.height ?? undefined}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          className="absolute inset-0 h-full w-full scale-110 object-cover blur-xl"
        />
      ) : (
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[linear-gradient(135deg,var(--fs-accent),var(--fs-accent-2))] opacity-60"
        />
      )}
      <div
        role="group"
        aria-label="Locked post"
        className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/45 p-5 text-center text-white"
      >
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-white/15 backdrop-blur">
          <LockIcon size={22} />
        </span>
        <p className="text-2xl font-bold">{copy.headline}</p>
        <p className="max-w-xs text-sm text-white/85">{copy.detail}</p>
        {summary ? <p className="text-xs font-medium text-white/70">{summary}</p> : null}
        <div className="mt-2 flex flex-wrap justify-center gap-2">
          {!signedIn ? (
            <ButtonLink to="/login" size="sm">
              Log in to unlock
            </ButtonLink>
          ) : (
            <>
              {copy.canFollow ? <FollowToSee post={post} /> : null}
              {copy.canSubscribe ? (
                <ButtonLink
                  to={`/u/${encodeURIComponent(post.user.username)}`}
                  size="sm"
                  variant={copy.price !== null ? 'secondary' : 'primary'}
                >
                  Subscribe
                </ButtonLink>
              ) : null}
              {copy.price !== null ? (
                <Button size="sm" icon={<LockIcon size={15} />} onClick={() => setUnlockOpen(true)}>
                  Unlock for {formatPrice(copy.price)}
                </Button>
              ) : null}
            </>
          )}
        </div>
      </div>
      {copy.price !== null ? (
        <UnlockDialog post={post} open={unlockOpen} onClose={() => setUnlockOpen(false)} />
      ) : null}
    </div>
  );
}
