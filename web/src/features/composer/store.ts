/** Whether the composer dialog (top bar "Create", the feed prompt) is open. */
import { create } from '../../lib/create-store.ts';

interface ComposerModalState {
  open: boolean;
  show(): void;
  close(): void;
}

export const useComposerModal = create<ComposerModalState>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  close: () => set({ open: false }),
}));
