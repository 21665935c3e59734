import { afterEach, describe, expect, it, vi } from 'vitest';
import { BETA_COOKIE_MAX_AGE, betaCookie, setCookieWriter, useBetaAccess } from './beta-access.ts';

describe('beta access (spec §4)', () => {
  afterEach(() => {
    setCookieWriter(null);
    document.cookie = 'beta_access=; Max-Age=0; Path=/';
    useBetaAccess.setState({ hasAccess: false, revoked: false });
  });

  it('keeps the cookie for one year', () => {
    expect(BETA_COOKIE_MAX_AGE).toBe(31_536_000);
    expect(betaCookie(true, false)).toBe('beta_access=1; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(betaCookie(true, true)).toContain('; Secure');
  });

  it('writes the cookie and the stored flag on a valid code, and revokes both', async () => {
    const written: string[] = [];
    setCookieWriter((cookie) => written.push(cookie));
    useBetaAccess.getState().grant();
    expect(useBetaAccess.getState().hasAccess).toBe(true);
    expect(written).toEqual(['beta_access=1; Max-Age=31536000; Path=/; SameSite=Lax']);
    await vi.waitFor(() => expect(localStorage.getItem('beta-storage')).not.toBeNull());

    useBetaAccess.getState().revoke();
    expect(useBetaAccess.getState()).toMatchObject({ hasAccess: false, revoked: true });
    expect(written[1]).toBe('beta_access=; Max-Age=0; Path=/; SameSite=Lax');
  });

  it('sets a real cookie the browser sends back', () => {
    useBetaAccess.getState().grant();
    expect(document.cookie).toContain('beta_access=1');
    useBetaAccess.getState().revoke();
    expect(document.cookie).not.toContain('beta_access=1');
  });
});
