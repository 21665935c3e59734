/**
 * Spec §4/§9: a system notification about a message that arrives within 5 seconds of the real
 * message (the chat's own `message_new` frame) is a duplicate and is dropped: the chat already
 * shows that message, so no second announcement is made for it.
 */
import type { Notification } from '@fanspace/contracts';

export const DUPLICATE_MESSAGE_WINDOW_MS = 5_000;

export interface MessageNotificationDeduper {
  /** A real message arrived in `chatId` (a `message_new` frame). */
  noteRealMessage(chatId: string): void;
  /** True for a message notification within 5 s of a real message in the same chat. */
  isDuplicate(notification: Pick<Notification, 'type' | 'relatedId' | 'data'>): boolean;
  clear(): void;
}

function chatIdOf(notification: Pick<Notification, 'relatedId' | 'data'>): string | null {
  const fromData = notification.data?.chatId;
  if (typeof fromData === 'string' && fromData !== '') return fromData;
  return notification.relatedId ?? null;
}

export function createMessageNotificationDeduper(
  now: () => number = () => Date.now(),
): MessageNotificationDeduper {
  const lastReal = new Map<string, number>();
  return {
    noteRealMessage(chatId) {
      const at = now();
      lastReal.set(chatId, at);
      // Forget entries that can no longer match, so the map stays small.
      for (const [id, time] of lastReal) {
        if (at - time > DUPLICATE_MESSAGE_WINDOW_MS) lastReal.delete(id);
      }
    },
    isDuplicate(notification) {
      if (notification.type !== 'message') return false;
      const chatId = chatIdOf(notification);
      if (!chatId) return false;
      const at = lastReal.get(chatId);
      return at !== undefined && now() - at <= DUPLICATE_MESSAGE_WINDOW_MS;
    },
    clear() {
      lastReal.clear();
    },
  };
}
