/** Where a fresh session goes next: onboarding for a new account, otherwise home. */
export function pathAfterSignIn(outcome: { needsOnboarding: boolean }): string {
  return outcome.needsOnboarding ? '/onboarding' : '/';
}

/** What the pending-verification screen needs (passed as router state). */
export interface PendingVerification {
  email: string | null;
  phoneNumber?: string | null;
  requiresPhoneVerification?: boolean;
  message?: string;
  /** A code was just sent (signup): start the resend cooldown straight away. */
  justSent?: boolean;
}
