/**
 * The become-creator modal (spec §2/§6). Any write that fails with 403 ONLY_CREATORS (or, as the
 * spec words it, a 403 whose message contains 'Only creators') opens it; a 403 carrying
 * requiresIdentityVerification opens it in its 'verification pending' form.
 */
import { ErrorCodes } from '@fanspace/contracts/errors';
import { create } from '../../lib/create-store.ts';
import { errorCodeOf, errorDataOf, isApiError, onApiError } from '../../lib/api/index.ts';

export type CreatorGateReason = 'become' | 'pending';

interface CreatorGateState {
  open: CreatorGateReason | null;
  show(reason: CreatorGateReason): void;
  close(): void;
}

export const useCreatorGate = create<CreatorGateState>()((set) => ({
  open: null,
  show: (reason) => set({ open: reason }),
  close: () => set({ open: null }),
}));

/** What a failed request means for the creator gate, or null when it is not about it. */
export function creatorGateReasonOf(error: unknown): CreatorGateReason | null {
  if (!isApiError(error) || error.status !== 403) return null;
  if (errorDataOf(error).requiresIdentityVerification === true) return 'pending';
  if (errorCodeOf(error) === ErrorCodes.IDENTITY_VERIFICATION_REQUIRED) return 'pending';
  if (errorCodeOf(error) === ErrorCodes.ONLY_CREATORS || error.message.includes('Only creators')) {
    return 'become';
  }
  return null;
}

/** Wires the gate to every API client; returns the unsubscribe function. */
export function bindCreatorGate(): () => void {
  return onApiError((error, request) => {
    // Reads of creator-only data are the page's business; the modal is about trying to post.
    if (request.method === 'GET') return;
    const reason = creatorGateReasonOf(error);
    if (reason) useCreatorGate.getState().show(reason);
  });
}
