import type { Post, PresentedMedia, PublicUser } from '@fanspace/contracts';
import type { PostRow } from '../../platform/db/schema.ts';
import { presentAccess, tagsOf } from './posts.rules.ts';

/** Everything about one post that depends on the viewer, worked out by post-views.ts. */
export interface PostViewerState {
  author: PublicUser;
  isOwner: boolean;
  unlocked: boolean;
  isPaidBy: boolean;
  liked: boolean;
  /** already presented for `unlocked`: teasers only when locked */
  media: PresentedMedia[];
}

const firstUrlOf = (media: PresentedMedia[], type: PresentedMedia['mediaType']) =>
  media.find((m) => m.mediaType === type && m.mediaUrl)?.mediaUrl ?? null;

/**
 * SPEC §3 Post, the one shape of every response holding a post. The URL fields come only from
 * the presented media, which carry no clear URL when the post is locked, so a locked post cannot
 * leak an original through a convenience field either.
 */
export function presentPost(post: PostRow, state: PostViewerState): Post {
  const image = state.unlocked ? firstUrlOf(state.media, 'image') : null;
  const video = state.unlocked ? firstUrlOf(state.media, 'video') : null;
  const createdAt = post.published_at.toISOString();
  return {
    id: post.id,
    postId: post.id,
    userId: post.user_id,
    user: state.author,
    caption: post.caption,
    type: post.type,
    hashtags: tagsOf(post.hashtags),
    timestamp: createdAt,
    createdAt,
    updatedAt: post.updated_at.toISOString(),
    accessDetails: presentAccess(post),
    isUnlockedForUser: state.unlocked,
    isPaidBy: state.isPaidBy,
    isOwner: state.isOwner,
    likeCount: post.likes_count,
    likes: post.likes_count,
    isLikedByCurrentUser: state.liked,
    commentsCount: post.comments_count,
    viewCount: post.views_count,
    media: state.media,
    mediaCount: state.media.length,
    mediaTypes: state.media.map((m) => m.mediaType),
    image,
    imageUrl: image,
    video,
    videoUrl: video,
    ...(state.isOwner ? { modelReleaseIds: post.model_release_ids } : {}),
  };
}
