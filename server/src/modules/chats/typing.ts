import { ErrorCodes } from '@fanspace/contracts';
import type { ClientFrameHook } from '../../platform/realtime/client-frames.ts';
import { publish } from '../../platform/realtime/publish.ts';
import { blockedEitherWay } from '../graph/graph.relations.ts';
import { isUuid } from '../../platform/ids.ts';

/**
 * The client `typing` frame {chatId, isTyping}: forwarded as `typing` {chatId, userId,
 * isTyping} to the chat's other participants, in whichever process holds their sockets (the
 * bus). Only a participant's frames are forwarded, never between users who blocked each other.
 * Throttled per user and chat: a repeat of the same state passes at most every
 * TYPING_REPEAT_MS, a change (started ↔ stopped) always.
 */

export const TYPING_REPEAT_MS = 2000;
const MAX_TRACKED = 10_000;
const last = new Map<string, { at: number; isTyping: boolean }>();

/** True when this frame should be forwarded; records it. Exported for tests. */
export function typingThrottle(key: string, isTyping: boolean, now = Date.now()): boolean {
  const previous = last.get(key);
  if (previous && previous.isTyping === isTyping && now - previous.at < TYPING_REPEAT_MS)
    return false;
  if (last.size >= MAX_TRACKED) last.clear();
  last.set(key, { at: now, isTyping });
  return true;
}

export const typingHook: ClientFrameHook<'typing'> = async (ctx, sender, data) => {
  const chatId = data.chatId.toLowerCase();
  if (!isUuid(chatId)) return { code: ErrorCodes.CHAT_NOT_FOUND, message: 'Chat not found' };
  const participants = await ctx.db
    .selectFrom('chat_participants')
    .select('user_id')
    .where('chat_id', '=', chatId)
    .execute();
  const ids = participants.map((p) => p.user_id);
  if (!ids.includes(sender.userId))
    return { code: ErrorCodes.CHAT_NOT_FOUND, message: 'Chat not found' };
  if (!typingThrottle(`${sender.userId}:${chatId}`, data.isTyping)) return;
  const others: string[] = [];
  for (const id of ids)
    if (id !== sender.userId && !(await blockedEitherWay(ctx.db, sender.userId, id)))
      others.push(id);
  if (others.length === 0) return;
  await publish(ctx, { userIds: others }, 'typing', {
    chatId,
    userId: sender.userId,
    isTyping: data.isTyping,
  });
};
