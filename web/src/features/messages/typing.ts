/**
 * Outgoing typing frames {chatId, isTyping}: 'true' repeated at most every 2 s while keys are
 * pressed, 'false' after 3 s without a key or when the message is sent.
 */
import { realtimeClient } from '../../lib/realtime/realtime-client.ts';

export const TYPING_REPEAT_MS = 2_000;
export const TYPING_IDLE_MS = 3_000;

let lastSent = new Map<string, number>();
const idleTimers = new Map<string, ReturnType<typeof setTimeout>>();

export function stopTyping(chatId: string): void {
  const timer = idleTimers.get(chatId);
  if (timer) clearTimeout(timer);
  idleTimers.delete(chatId);
  if (lastSent.has(chatId)) {
    lastSent.delete(chatId);
    realtimeClient.send('typing', { chatId, isTyping: false });
  }
}

export function sendTyping(chatId: string, now = Date.now()): void {
  const previous = lastSent.get(chatId);
  if (previous === undefined || now - previous >= TYPING_REPEAT_MS) {
    if (realtimeClient.send('typing', { chatId, isTyping: true })) lastSent.set(chatId, now);
  }
  const timer = idleTimers.get(chatId);
  if (timer) clearTimeout(timer);
  idleTimers.set(
    chatId,
    setTimeout(() => stopTyping(chatId), TYPING_IDLE_MS),
  );
}

/** for tests */
export function resetTyping(): void {
  idleTimers.forEach((t) => clearTimeout(t));
  idleTimers.clear();
  lastSent = new Map();
}
