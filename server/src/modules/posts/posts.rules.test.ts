import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canUnlock, type AccessFacts } from './posts.policy.ts';
import {
  accessFromInput,
  collectHashtags,
  mentionedUsernames,
  postTypeOf,
  prefixTsQuery,
} from './posts.rules.ts';
import { mediaIdFromUrl } from './posts.service.ts';

describe('accessFromInput', () => {
  it('defaults to public; requiresUnlock stands in only for a missing accessLevel', () => {
    expect(accessFromInput(undefined)).toEqual({ access_level: 'public', price_cents: null });
    expect(accessFromInput({})).toEqual({ access_level: 'public', price_cents: null });
    expect(accessFromInput({ accessLevel: 'subscribers', requiresUnlock: true })).toEqual({
      access_level: 'subscribers',
      price_cents: null,
    });
    expect(accessFromInput({ requiresUnlock: true, price: 5 })).toEqual({
      access_level: 'paid',
      price_cents: 500,
    });
    expect(accessFromInput({ requiresUnlock: false })).toEqual({
      access_level: 'public',
      price_cents: null,
    });
    expect(() => accessFromInput({ requiresUnlock: true })).toThrow(/required/);
  });

  it('converts prices to cents within 3.00–200.00', () => {
    expect(accessFromInput({ accessLevel: 'paid', price: 3 }).price_cents).toBe(300);
    expect(accessFromInput({ accessLevel: 'paid', price: 19.99 }).price_cents).toBe(1999);
    expect(accessFromInput({ accessLevel: 'subscribers_or_paid', price: 200 }).price_cents).toBe(
      20000,
    );
    for (const price of [2.99, 200.01, 0, -5, 1.234, Number.NaN])
      expect(() => accessFromInput({ accessLevel: 'paid', price }), String(price)).toThrow();
    expect(() => accessFromInput({ accessLevel: 'paid' })).toThrow(/required/);
    expect(() => accessFromInput({ accessLevel: 'public', price: 4 })).toThrow(/only allowed/);
    expect(accessFromInput({ accessLevel: 'public', price: 0 }).price_cents).toBeNull();
  });
});

describe('canUnlock', () => {
  const none: AccessFacts = {
    isOwner: false,
    isFollower: false,
    isSubscriber: false,
    hasPurchased: false,
  };
  const cases: Array<[string, Partial<AccessFacts>, boolean]> = [
    ['public', {}, true],
    ['followers', {}, false],
    ['followers', { isFollower: true }, true],
    ['followers', { isSubscriber: true }, true],
    ['subscribers', { isFollower: true }, false],
    ['subscribers', { isSubscriber: true }, true],
    ['paid', { isSubscriber: true }, false],
    ['paid', { hasPurchased: true }, true],
    ['subscribers_or_paid', { isSubscriber: true }, true],
    ['subscribers_or_paid', { hasPurchased: true }, true],
    ['subscribers_or_paid', { isFollower: true }, false],
    ['paid', { isOwner: true }, true],
  ];
  it.each(cases)('%s with %o → %s', (level, facts, expected) => {
    const post = { access_level: level as 'public' };
    expect(canUnlock(post, { ...none, ...facts })).toBe(expected);
  });
});

describe('hashtags and mentions', () => {
  it('collects caption tags and explicit ones, normalised and deduplicated', () => {
    expect(
      collectHashtags('Sunset at the #Beach #beach, see page#anchor', ['#Travel sunset', 'beach']),
    ).toEqual(['beach', 'travel', 'sunset']);
    expect(collectHashtags('#über #日本 #snake_case')).toEqual(['über', '日本', 'snake_case']);
    expect(() => collectHashtags('', ['not-valid'])).toThrow(/Hashtags/);
    expect(
      collectHashtags(
        '',
        Array.from({ length: 40 }, (_, i) => `t${i}`),
      ),
    ).toHaveLength(30);
  });

  it('finds @mentions, not e-mail addresses, without a trailing dot', () => {
    expect(mentionedUsernames('hi @Sam_Fan and @alex.fan. mail me@example.com @x')).toEqual([
      'sam_fan',
      'alex.fan',
    ]);
  });

  it('derives the post type and a safe prefix tsquery', () => {
    expect(postTypeOf([])).toBe('text');
    expect(postTypeOf(['image', 'image'])).toBe('image');
    expect(postTypeOf(['video'])).toBe('video');
    expect(postTypeOf(['audio'])).toBe('audio');
    expect(postTypeOf(['image', 'video'])).toBe('mixed');
    expect(prefixTsQuery("Sun'set & beach:* | !x")).toBe('sun:* & set:* & beach:* & x:*');
    expect(prefixTsQuery('!!!')).toBeNull();
  });
});

describe('mediaIdFromUrl', () => {
  const id = randomUUID();
  it('accepts our own media URLs, relative or on PUBLIC_URL', () => {
    expect(mediaIdFromUrl('imageUrl', `/api/media/${id}/content?variant=large`, undefined)).toBe(
      id,
    );
    expect(
      mediaIdFromUrl(
        'imageUrl',
        `https://fans.example/api/media/${id}/content`,
        'https://fans.example',
      ),
    ).toBe(id);
  });

  it('refuses everything else', () => {
    for (const url of [
      `https://evil.example/api/media/${id}/content`,
      `//evil.example/api/media/${id}/content`,
      `https://fans.example/api/media/${id}`,
      '/api/files/public/media/teaser.webp',
      '/api/media/not-a-uuid/content',
      'javascript:alert(1)',
      'http://[broken',
    ])
      expect(() => mediaIdFromUrl('imageUrl', url, undefined), url).toThrow(/from your vault/);
  });
});
