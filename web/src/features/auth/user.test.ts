import { describe, expect, it } from 'vitest';
import { avatarUrlOf, extractUser, isCreatorUser, isValidSessionUser } from './user.ts';

describe('session user', () => {
  it('is valid only with userId, id, username or email', () => {
    expect(isValidSessionUser({ userId: 'u1' })).toBe(true);
    expect(isValidSessionUser({ id: 'u1' })).toBe(true);
    expect(isValidSessionUser({ username: 'ana' })).toBe(true);
    expect(isValidSessionUser({ email: 'a@b.c' })).toBe(true);
    expect(isValidSessionUser({ bio: 'hi' })).toBe(false);
    expect(isValidSessionUser({ id: '' })).toBe(false);
    expect(isValidSessionUser(null)).toBe(false);
    expect(isValidSessionUser('ana')).toBe(false);
    expect(extractUser({ user: { id: 'u2' } })).toEqual({ id: 'u2' });
    expect(extractUser({ ok: true })).toBeNull();
  });

  it('falls back through the avatar fields and reads creator status', () => {
    expect(avatarUrlOf({ id: '1', avatar_url: '/a.png' })).toBe('/a.png');
    expect(avatarUrlOf({ id: '1', profileImage: '/p.png' })).toBe('/p.png');
    expect(isCreatorUser({ id: '1', accountType: 'creator' })).toBe(true);
    expect(isCreatorUser({ id: '1', isCreator: false })).toBe(false);
  });
});
