import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCreator, createUser, tokenFor } from '../../../test/factories.ts';
import type { TestServer } from '../../../test/harness.ts';
import { usersTestKit } from './users.test-kit.ts';

const kit = usersTestKit();
const { signedIn, call, reload } = kit;
let server: TestServer;
beforeAll(() => {
  server = kit.server;
});

describe('GET /users/me', () => {
  it('returns every SPEC §3 User field for the signed-in account', async () => {
    const { user, headers } = await signedIn({ display_name: 'Ann' });
    const res = await call('GET', '/api/users/me', headers);
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({
      id: user.id,
      userId: user.id,
      username: user.username,
      email: user.email,
      displayName: 'Ann',
      isCreator: false,
      accountType: 'fan',
      identityStatus: 'none',
      betaAccess: false,
      socialLinks: [],
      blockedUserIds: expect.any(Array),
      followersCount: 0,
      subscriberCount: 0,
      hasProPack: false,
      hasActiveProPack: false,
    });
    for (const field of [
      'avatarUrl',
      'vibe',
      'contentMenu',
      'vibeDisplaySettings',
      'contentPreferences',
      'preferences',
      'restrictedUserIds',
      'restrictedByUserIds',
      'mediaFolders',
      'mediaLibrary',
      'proPackActiveUntil',
      'proPackSubscriptionStatus',
      'proPackCanceledAt',
      'creatorUpdateText',
      'creatorUpdateImageUrl',
      'creatorUpdateTimestamp',
    ])
      expect(me).toHaveProperty(field);
    expect(me).not.toHaveProperty('password_hash');
    expect(me).not.toHaveProperty('passwordHash');
  });

  it('needs a session', async () => {
    expect((await call('GET', '/api/users/me')).statusCode).toBe(401);
  });
});

describe('PUT /users/me', () => {
  it('updates profile, privacy and preferences (objects are merged key by key)', async () => {
    const { user, headers } = await signedIn();
    await call('PUT', '/api/users/me', headers, {
      preferences: { theme: 'dark', notifications: { likes: true } },
    });
    const res = await call('PUT', '/api/users/me', headers, {
      displayName: '  Ann Lee ',
      bio: 'Line one\nline two',
      vibe: { mood: 'sunny' },
      contentMenu: ['photos', 'videos'],
      vibeDisplaySettings: { showMood: true },
      contentPreferences: { categories: ['travel'] },
      preferences: { notifications: { likes: false, comments: true } },
      privacy: { showActivity: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      displayName: 'Ann Lee',
      bio: 'Line one\nline two',
      vibe: { mood: 'sunny' },
      contentMenu: ['photos', 'videos'],
      vibeDisplaySettings: { showMood: true },
      contentPreferences: { categories: ['travel'] },
      preferences: { theme: 'dark', notifications: { likes: false, comments: true } },
      privacy: { showActivity: false },
    });
  });

  it('takes the profile fields grouped under profile too, the top level winning', async () => {
    const { headers } = await signedIn();
    const res = await call('PUT', '/api/users/me', headers, {
      profile: { displayName: 'Grouped', bio: 'from the group', role: 'admin' },
      bio: 'from the top',
      privacy: { showActivityStatus: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      displayName: 'Grouped',
      bio: 'from the top',
      role: 'fan',
      privacy: { showActivityStatus: false },
    });
    const bad = await call('PUT', '/api/users/me', headers, { profile: { bio: 'x'.repeat(1001) } });
    expect(bad.statusCode).toBe(400);
  });

  it('ignores fields a user may not set (mass assignment)', async () => {
    const { user, headers } = await signedIn();
    const res = await call('PUT', '/api/users/me', headers, {
      bio: 'still a fan',
      isAdmin: true,
      is_admin: true,
      role: 'admin',
      accountType: 'creator',
      account_type: 'creator',
      identityStatus: 'verified',
      identity_status: 'verified',
      followersCount: 1_000_000,
      followers_count: 1_000_000,
      subscriptionPrice: 49.99,
      emailVerified: true,
      email: 'other@example.test',
      status: 'active',
      betaAccess: true,
      hasProPack: true,
      balance: 1000,
    });
    expect(res.statusCode).toBe(200);
    const row = await reload(user.id);
    expect(row).toMatchObject({
      bio: 'still a fan',
      is_admin: false,
      account_type: 'fan',
      identity_status: 'none',
      followers_count: 0,
      subscription_price_cents: 0,
      email: user.email,
      beta_access_at: null,
      pro_pack_status: null,
    });
    expect(res.json()).toMatchObject({ isAdmin: false, role: 'fan', accountType: 'fan' });
  });

  it('changes the username with the signup rules, case-insensitively unique', async () => {
    const other = await createUser(server.ctx, { username: 'Taken.Name' });
    const { user, headers } = await signedIn();
    for (const bad of ['ab', 'a'.repeat(31), 'has space', 'émile', 'semi;colon']) {
      const res = await call('PUT', '/api/users/me', headers, { username: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'username' });
    }
    const taken = await call('PUT', '/api/users/me', headers, { username: 'taken.NAME' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'USERNAME_TAKEN' });
    const ok = await call('PUT', '/api/users/me', headers, { username: 'New_name.1' });
    expect(ok.json().username).toBe('New_name.1');
    // a change of letter case of one's own name is not a conflict
    const recase = await call('PUT', '/api/users/me', headers, { username: 'new_NAME.1' });
    expect(recase.statusCode).toBe(200);
    expect((await reload(user.id)).username).toBe('new_NAME.1');
    expect((await reload(other.id)).username).toBe('Taken.Name');
  });

  it('bounds the bio and refuses control bytes PostgreSQL cannot store', async () => {
    const { headers } = await signedIn();
    const long = await call('PUT', '/api/users/me', headers, { bio: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().field).toBe('bio');
    const max = await call('PUT', '/api/users/me', headers, { bio: 'x'.repeat(1000) });
    expect(max.statusCode).toBe(200);
    const nul = await call('PUT', '/api/users/me', headers, {
      bio: 'a\u0000b',
      displayName: 'c\u0000',
    });
    expect(nul.statusCode).toBe(200);
    expect(nul.json()).toMatchObject({ bio: 'ab', displayName: 'c' });
    // inside JSON too: the NUL is dropped before the handler (jsonb cannot hold it either)
    const nulJson = await call('PUT', '/api/users/me', headers, { preferences: { a: 'x\u0000' } });
    expect(nulJson.statusCode).toBe(200);
    expect(nulJson.json().preferences).toMatchObject({ a: 'x' });
    const huge = await call('PUT', '/api/users/me', headers, {
      preferences: { blob: 'y'.repeat(20_000) },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().field).toBe('preferences');
  });

  it('normalises a new phone number and clears its verification', async () => {
    const { user, headers } = await signedIn({
      phone_number: '+15550001111',
      phone_verified_at: new Date(),
    });
    const bad = await call('PUT', '/api/users/me', headers, { phoneNumber: 'call me' });
    expect(bad.statusCode).toBe(400);
    const res = await call('PUT', '/api/users/me', headers, { phoneNumber: '+1 (555) 000-2222' });
    expect(res.json()).toMatchObject({ phoneNumber: '+15550002222', phoneVerified: false });
    expect((await reload(user.id)).phone_verified_at).toBeNull();
  });
});

describe('vibes', () => {
  it('stores vibes, content menu and widgets in the profile', async () => {
    const { headers } = await signedIn();
    expect((await call('GET', '/api/vibes', headers)).json()).toEqual({
      vibe: null,
      vibeDisplaySettings: null,
    });
    const put = await call('PUT', '/api/vibes', headers, {
      vibe: 'chill',
      vibeDisplaySettings: { a: 1 },
    });
    expect(put.json()).toEqual({ vibe: 'chill', vibeDisplaySettings: { a: 1 } });
    await call('PUT', '/api/vibes/content-menu', headers, { contentMenu: ['a', 'b'] });
    expect((await call('GET', '/api/vibes/content-menu', headers)).json()).toEqual({
      contentMenu: ['a', 'b'],
    });
    const widgets = [{ type: 'tip-jar', position: 1 }];
    await call('PUT', '/api/vibes/widgets', headers, { widgets });
    expect((await call('GET', '/api/vibes/widgets', headers)).json()).toEqual({ widgets });
    // the profile fields are one store: /users/me sees the same vibe
    expect((await call('GET', '/api/users/me', headers)).json()).toMatchObject({
      vibe: 'chill',
      contentMenu: ['a', 'b'],
    });
    expect((await call('GET', '/api/vibes')).statusCode).toBe(401);
  });
});

describe('creator update, subscription price and onboarding', () => {
  it('lets only creators post an update and set a price', async () => {
    const fan = await signedIn();
    const pending = await signedIn({ identity_status: 'pending' });
    const rejected = await signedIn({ identity_status: 'rejected' });
    const fanRes = await call('PUT', '/api/users/me/creator-update', fan.headers, { text: 'hi' });
    expect(fanRes.statusCode).toBe(403);
    expect(fanRes.json()).toMatchObject({ code: 'ONLY_CREATORS' });
    expect(fanRes.json().message).toContain('Only creators');
    const pendingRes = await call('PUT', '/api/users/me/subscription-price', pending.headers, {
      price: 9.99,
    });
    expect(pendingRes.json()).toMatchObject({ requiresIdentityVerification: true });
    // rejected: a fan again, offered to become a creator (not told to wait)
    const rejectedRes = await call('PUT', '/api/users/me/subscription-price', rejected.headers, {
      price: 9.99,
    });
    expect(rejectedRes.statusCode).toBe(403);
    expect(rejectedRes.json()).toMatchObject({ code: 'ONLY_CREATORS' });
    expect(rejectedRes.json()).not.toHaveProperty('requiresIdentityVerification');
  });

  it('sets and clears the creator update', async () => {
    const creator = await createCreator(server.ctx);
    const headers = bearer(await tokenFor(server.ctx, creator));
    const bad = await call('PUT', '/api/users/me/creator-update', headers, {
      text: 'x',
      imageUrl: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    const res = await call('PUT', '/api/users/me/creator-update', headers, {
      text: 'New set on Friday',
      imageUrl: 'https://cdn.example.com/teaser.jpg',
    });
    expect(res.json()).toMatchObject({
      creatorUpdateText: 'New set on Friday',
      creatorUpdateImageUrl: 'https://cdn.example.com/teaser.jpg',
    });
    expect(Date.parse(res.json().creatorUpdateTimestamp)).toBeGreaterThan(Date.now() - 60_000);
    const cleared = await call('PUT', '/api/users/me/creator-update', headers, { text: '' });
    expect(cleared.json()).toMatchObject({
      creatorUpdateText: null,
      creatorUpdateImageUrl: null,
      creatorUpdateTimestamp: null,
    });
    // the SPEC §3 field names work too; the short names win when both are sent
    const long = await call('PUT', '/api/users/me/creator-update', headers, {
      creatorUpdateText: 'Live tonight',
      creatorUpdateImageUrl: 'https://cdn.example.com/live.jpg',
    });
    expect(long.statusCode).toBe(200);
    expect(long.json()).toMatchObject({
      creatorUpdateText: 'Live tonight',
      creatorUpdateImageUrl: 'https://cdn.example.com/live.jpg',
    });
    const both = await call('PUT', '/api/users/me/creator-update', headers, {
      text: 'Short wins',
      creatorUpdateText: 'Long loses',
      imageUrl: null,
      creatorUpdateImageUrl: 'https://cdn.example.com/ignored.jpg',
    });
    expect(both.json()).toMatchObject({
      creatorUpdateText: 'Short wins',
      creatorUpdateImageUrl: null,
    });
    const badLong = await call('PUT', '/api/users/me/creator-update', headers, {
      creatorUpdateText: 'x',
      creatorUpdateImageUrl: 'javascript:alert(1)',
    });
    expect(badLong.statusCode).toBe(400);
    const empty = await call('PUT', '/api/users/me/creator-update', headers, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'text' });
    expect((await reload(creator.id)).creator_update_text).toBe('Short wins');
  });

  it('accepts 0 or 4.99–49.99 with at most two decimals, stored as cents', async () => {
    const creator = await createCreator(server.ctx);
    const headers = bearer(await tokenFor(server.ctx, creator));
    for (const price of [4.98, 50, 49.991, 1, -5, 0.01, 12.345]) {
      const res = await call('PUT', '/api/users/me/subscription-price', headers, { price });
      expect(res.statusCode, String(price)).toBe(400);
      expect(res.json().field).toBe('price');
    }
    expect(
      (await call('PUT', '/api/users/me/subscription-price', headers, { price: 'abc' })).statusCode,
    ).toBe(400);
    for (const [price, cents] of [
      [4.99, 499],
      [49.99, 4999],
      [19.9, 1990],
      [0, 0],
      [0.1 + 0.2 + 9.7, 1000],
    ] as const) {
      const res = await call('PUT', '/api/users/me/subscription-price', headers, { price });
      expect(res.statusCode, String(price)).toBe(200);
      expect((await reload(creator.id)).subscription_price_cents).toBe(cents);
      expect(res.json().subscriptionPrice).toBe(cents / 100);
    }
  });

  it('completes onboarding once', async () => {
    const { user, headers } = await signedIn();
    const first = await call('POST', '/api/users/me/complete-onboarding', headers);
    expect(first.json().onboardingCompleted).toBe(true);
    const at = (await reload(user.id)).onboarding_completed_at;
    await call('POST', '/api/users/me/complete-onboarding', headers);
    expect((await reload(user.id)).onboarding_completed_at).toEqual(at);
  });
});
