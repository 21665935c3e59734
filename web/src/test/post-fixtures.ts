/** Contract-shaped posts and comments for tests. */
import type { Comment, Post, PresentedMedia, PublicUser } from '@fanspace/contracts';
import { makePublicUser } from './fixtures.ts';

let counter = 0;
const uuid = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;

export const TEASER_URL = '/api/files/public/teasers/abc.webp';
export const ORIGINAL_URL = '/api/media/m1/content?variant=large&exp=1&sig=s';

export function makeMedia(overrides: Partial<PresentedMedia> = {}): PresentedMedia {
  counter += 1;
  return {
    id: uuid(9000 + counter),
    mediaType: 'image',
    title: '',
    description: '',
    width: 480,
    height: 360,
    durationSeconds: null,
    teaserUrl: TEASER_URL,
    thumbnailUrl: ORIGINAL_URL.replace('large', 'small'),
    mediaUrl: ORIGINAL_URL,
    ...overrides,
  };
}

export function makePost(
  overrides: Partial<Post> = {},
  author: PublicUser = makePublicUser({ username: 'maya.lens', isCreator: true }),
): Post {
  counter += 1;
  const id = overrides.id ?? uuid(counter);
  const media = overrides.media ?? [makeMedia()];
  return {
    id,
    postId: id,
    userId: author.id,
    user: author,
    caption: 'Golden hour #travel with @leo_beats',
    type: 'image',
    hashtags: ['travel'],
    timestamp: '2026-01-01T10:00:00.000Z',
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    accessDetails: { accessLevel: 'public', price: null, priceCents: null, requiresUnlock: false },
    isUnlockedForUser: true,
    isPaidBy: false,
    isOwner: false,
    likeCount: 3,
    likes: 3,
    isLikedByCurrentUser: false,
    commentsCount: 2,
    viewCount: 10,
    media,
    mediaCount: media.length,
    mediaTypes: media.map((m) => m.mediaType),
    image: media[0]?.mediaUrl ?? null,
    imageUrl: media[0]?.mediaUrl ?? null,
    video: null,
    videoUrl: null,
    ...overrides,
  };
}

/** A locked post exactly as the server presents it: teaser only, no original URL anywhere. */
export function makeLockedPost(
  access: Post['accessDetails'] = {
    accessLevel: 'paid',
    price: 4.99,
    priceCents: 499,
    requiresUnlock: true,
  },
  overrides: Partial<Post> = {},
): Post {
  const media = [makeMedia({ thumbnailUrl: TEASER_URL, mediaUrl: null })];
  return makePost({
    accessDetails: access,
    isUnlockedForUser: false,
    media,
    mediaCount: 1,
    mediaTypes: ['image'],
    image: null,
    imageUrl: null,
    ...overrides,
  });
}

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  counter += 1;
  const id = overrides.id ?? uuid(5000 + counter);
  const user = overrides.user ?? makePublicUser();
  return {
    id,
    commentId: id,
    postId: uuid(1),
    userId: user.id,
    user,
    text: 'Lovely!',
    replyToCommentId: null,
    likeCount: 0,
    likedBy: [],
    isLikedByCurrentUser: false,
    mentions: [],
    isDeleted: false,
    isEdited: false,
    timestamp: '2026-01-01T10:00:00.000Z',
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}
