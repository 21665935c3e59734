import { leadImageOf } from '@fanspace/contracts';
import { describe, expect, it } from 'vitest';
import {
  makeLockedPost,
  makeMedia,
  makePost,
  ORIGINAL_URL,
  TEASER_URL,
} from '../../test/post-fixtures.ts';

describe('leadImageOf: the image a post card loads first', () => {
  it('is the teaser of a locked post, never an original', () => {
    expect(leadImageOf(makeLockedPost())).toBe(TEASER_URL);
    const noTeaser = makeMedia({ teaserUrl: null, thumbnailUrl: null, mediaUrl: null });
    const withTeaser = makeMedia({ teaserUrl: '/api/files/public/teasers/second.webp' });
    expect(leadImageOf(makeLockedPost(undefined, { media: [noTeaser, withTeaser] }))).toBe(
      '/api/files/public/teasers/second.webp',
    );
    expect(leadImageOf(makeLockedPost(undefined, { media: [noTeaser] }))).toBeNull();
  });

  it('is the first item of an unlocked post when that is an image', () => {
    expect(leadImageOf(makePost())).toBe(ORIGINAL_URL);
    expect(leadImageOf(makePost({ media: [makeMedia({ mediaUrl: null })] }))).toBe(
      ORIGINAL_URL.replace('large', 'small'),
    );
    expect(leadImageOf(makePost({ media: [makeMedia({ mediaType: 'video' })] }))).toBeNull();
    expect(leadImageOf(makePost({ media: [] }))).toBeNull();
  });
});
