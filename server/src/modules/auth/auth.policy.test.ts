import { describe, expect, it } from 'vitest';
import {
  deviceLabel,
  loginBlock,
  normaliseOtp,
  normalisePhone,
  passwordProblem,
  usernameProblem,
} from './auth.policy.ts';

describe('auth policy', () => {
  it('usernames: 3–30 letters, digits, underscores and dots', () => {
    for (const ok of ['abc', 'Maya.Lens', 'leo_beats', 'a'.repeat(30)])
      expect(usernameProblem(ok)).toBeNull();
    for (const bad of ['ab', 'a b', 'a-b', 'a@b', 'a'.repeat(31), ''])
      expect(usernameProblem(bad)).not.toBeNull();
  });

  it('passwords: length, the common list in any case, not the username or email', () => {
    expect(passwordProblem('tiny')).toContain('at least 10');
    expect(passwordProblem('Football123')).toContain('too common');
    expect(passwordProblem('correct horse battery staple')).toBeNull();
    expect(passwordProblem('maya.lens.photo', { username: 'maya.lens.photo' })).toContain(
      'username',
    );
    expect(passwordProblem('someone.long', { email: 'someone.long@example.test' })).toContain(
      'email',
    );
  });

  it('phone numbers normalise to E.164', () => {
    expect(normalisePhone('+1 (555) 010-2030')).toBe('+15550102030');
    expect(normalisePhone('44 20 7946 0958')).toBe('+442079460958');
    expect(normalisePhone('12')).toBeNull();
    expect(normalisePhone('+0123456789')).toBeNull();
    expect(normalisePhone('phone')).toBeNull();
  });

  it('codes ignore spaces, dashes and case', () => {
    expect(normaliseOtp(' AbCdE-fGhIj ')).toBe('abcdefghij');
    expect(normaliseOtp('123 456')).toBe('123456');
  });

  it('blocks banned and currently suspended accounts, with reason and end', () => {
    const until = new Date(Date.now() + 60_000);
    expect(loginBlock({ status: 'active', status_reason: null, suspended_until: null })).toBeNull();
    expect(
      loginBlock({ status: 'banned', status_reason: 'spam', suspended_until: null }),
    ).toMatchObject({
      code: 'ACCOUNT_BANNED',
      details: { reason: 'spam' },
    });
    expect(
      loginBlock({ status: 'suspended', status_reason: null, suspended_until: until }),
    ).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      details: { suspendedUntil: until.toISOString() },
    });
    expect(
      loginBlock({
        status: 'suspended',
        status_reason: null,
        suspended_until: new Date(Date.now() - 1),
      }),
    ).toBeNull();
  });

  it('labels devices from user agents', () => {
    expect(
      deviceLabel(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      ),
    ).toBe('Safari on macOS');
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(
      deviceLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0',
      ),
    ).toBe('Edge on Windows');
    expect(deviceLabel('curl/8.5.0')).toBe('curl');
    expect(deviceLabel(null)).toBe('Unknown device');
  });
});
