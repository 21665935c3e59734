/** Whether the story composer is open (the tray's "Add story", the create page). */
import { create } from '../../lib/create-store.ts';

interface StoryComposerState {
  open: boolean;
  show(): void;
  close(): void;
}

export const useStoryComposer = create<StoryComposerState>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  close: () => set({ open: false }),
}));
