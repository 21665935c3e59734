import { afterEach, describe, expect, it } from 'vitest';
import { makeMeUser } from '../../test/fixtures.ts';
import { signIn, signOut } from '../../test/render.tsx';
import { PAYER_UNAUTHENTICATED_MESSAGE, requirePayer } from './require-payer.ts';
import { useAuthStore } from './store.ts';

afterEach(() => signOut());

describe('requirePayer', () => {
  it('passes with a signed-in session', () => {
    signIn(makeMeUser());
    expect(() => requirePayer()).not.toThrow();
  });

  it("throws SPEC §5's text when signed out or without a token", () => {
    expect(PAYER_UNAUTHENTICATED_MESSAGE).toBe('You must be logged in to make a payment.');
    signOut();
    expect(() => requirePayer()).toThrow(PAYER_UNAUTHENTICATED_MESSAGE);
    signIn(makeMeUser());
    useAuthStore.setState({ token: null });
    expect(() => requirePayer()).toThrow(PAYER_UNAUTHENTICATED_MESSAGE);
  });
});
