/**
 * SPEC §5: payments require a logged-in user. Money mutations call `requirePayer()` first, so a
 * payment tried without a session (signed out in another tab, expired, a visitor's dialog)
 * fails at once with the spec's text instead of reaching the server.
 */
import { PAYER_UNAUTHENTICATED_MESSAGE } from '@fanspace/contracts';
import { useAuthStore } from './store.ts';

export { PAYER_UNAUTHENTICATED_MESSAGE };

/** Throws an Error with 'You must be logged in to make a payment.' when nobody is signed in. */
export function requirePayer(): void {
  const { isAuthenticated, token } = useAuthStore.getState();
  if (!isAuthenticated || !token) throw new Error(PAYER_UNAUTHENTICATED_MESSAGE);
}
