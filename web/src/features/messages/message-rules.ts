/**
 * The message list rules of SPEC §4 Messages and §9, as pure functions over arrays so each one
 * is testable on its own. Lists are kept oldest first.
 */
import { isRealtimeId, isServerId, isTempId, type ChatMessage } from './types.ts';

/** SPEC §9 */
export const MESSAGE_PAGE_SIZE = 50;
export const RELOAD_THROTTLE_MS = 8_000;
export const REFETCH_SKIP_MS = 30_000;
export const BLOB_CLEANUP_DELAY_MS = 1_000;
export const MESSAGE_CACHE_MAX_AGE_MS = 864e5;
export const MESSAGE_CACHE_MAX_ENTRIES = 10_000;
export const SYSTEM_NOTIFICATION_DEDUPE_MS = 5_000;
/** a socket message and the server's copy of it are the same if sent this close together */
const SAME_MESSAGE_WINDOW_MS = 60_000;

const time = (m: ChatMessage) => Date.parse(m.timestamp) || 0;

export function sortMessages(list: ChatMessage[]): ChatMessage[] {
  return [...list].sort((a, b) => time(a) - time(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Whether a local copy (temp- or realtime- id) stands for this server message. */
export function sameContent(local: ChatMessage, server: ChatMessage): boolean {
  return (
    local.senderId === server.senderId &&
    local.chatId === server.chatId &&
    local.text === server.text &&
    Math.abs(time(local) - time(server)) <= SAME_MESSAGE_WINDOW_MS
  );
}

/** A deleted message stays deleted whatever a later copy says (SPEC §4). */
function keepDeleted(message: ChatMessage, deleted: ReadonlySet<string>): ChatMessage {
  if (!deleted.has(message.id) && !message.isDeleted) return message;
  if (message.isDeleted && message.status === 'deleted' && message.text === '') return message;
  return {
    ...message,
    isDeleted: true,
    status: 'deleted',
    text: '',
    imageUrl: null,
    videoUrl: null,
    voiceUrl: null,
    mediaItems: [],
    mediaItemId: null,
    mediaCollection: [],
    mentions: [],
    lockedContent: null,
  };
}

/**
 * Merges server messages into a local list. Server copies replace local ones with the same id
 * (SPEC §4 "server lists replace local ones"), and realtime- copies of the same message; temp-
 * messages still sending are kept; deleted ids are never revived.
 */
export function mergeMessages(
  local: ChatMessage[],
  incoming: ChatMessage[],
  deleted: ReadonlySet<string> = new Set(),
): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const m of local) byId.set(m.id, m);
  for (const m of incoming) {
    if (isServerId(m.id)) {
      // the socket copy of this very message goes away
      for (const [id, existing] of byId) {
        if (isRealtimeId(id) && sameContent(existing, m)) byId.delete(id);
      }
    } else if (isRealtimeId(m.id)) {
      const dup = [...byId.values()].some(
        (existing) =>
          (isServerId(existing.id) || isRealtimeId(existing.id)) && sameContent(m, existing),
      );
      if (dup) continue;
    }
    const previous = byId.get(m.id);
    const merged = previous?.isDeleted ? { ...m, isDeleted: true } : m;
    byId.set(m.id, keepDeleted(merged, deleted));
  }
  return sortMessages([...byId.values()].map((m) => keepDeleted(m, deleted)));
}

/** Optimistic send: the temporary message shows at once with status sending. */
export function addOptimistic(list: ChatMessage[], temp: ChatMessage): ChatMessage[] {
  return sortMessages([...list.filter((m) => m.id !== temp.id), { ...temp, status: 'sending' }]);
}

/** The server answered: the temporary message becomes the server's (status sent). */
export function confirmOptimistic(
  list: ChatMessage[],
  tempId: string,
  server: ChatMessage,
  deleted: ReadonlySet<string> = new Set(),
): ChatMessage[] {
  const without = list.filter((m) => m.id !== tempId);
  return mergeMessages(
    without,
    [{ ...server, status: server.isDeleted ? 'deleted' : 'sent' }],
    deleted,
  );
}

/** The send failed: the temporary message is removed. */
export function removeMessage(list: ChatMessage[], id: string): ChatMessage[] {
  return list.filter((m) => m.id !== id);
}

export function patchMessage(
  list: ChatMessage[],
  id: string,
  patch: Partial<ChatMessage> | ((m: ChatMessage) => Partial<ChatMessage>),
): ChatMessage[] {
  return list.map((m) =>
    m.id === id ? { ...m, ...(typeof patch === 'function' ? patch(m) : patch) } : m,
  );
}

/** Soft delete: marked isDeleted, status deleted, content gone (SPEC §4). */
export function softDelete(list: ChatMessage[], id: string): ChatMessage[] {
  return list.map((m) => (m.id === id ? keepDeleted(m, new Set([id])) : m));
}

/** Messages of others the viewer has not read yet, with server ids only (temp ids never). */
export function unreadIdsFor(list: ChatMessage[], viewerId: string): string[] {
  return list
    .filter((m) => m.senderId !== viewerId && !m.read && !m.isDeleted && isServerId(m.id))
    .map((m) => m.id);
}

/** Marks messages read locally; temporary-id messages are never marked read (SPEC §4). */
export function markRead(
  list: ChatMessage[],
  ids: readonly string[],
  readerId: string,
): ChatMessage[] {
  const wanted = new Set(ids);
  return list.map((m) => {
    if (!wanted.has(m.id) || isTempId(m.id)) return m;
    const readBy = m.readBy.includes(readerId) ? m.readBy : [...m.readBy, readerId];
    return { ...m, read: true, readBy };
  });
}

/** The chat's last message falls back to the latest non-deleted one (SPEC §4). */
export function lastVisibleMessage(list: ChatMessage[]): ChatMessage | null {
  for (let i = list.length - 1; i >= 0; i -= 1) if (!list[i]!.isDeleted) return list[i]!;
  return null;
}

export function toggleInList(list: string[], id: string, on: boolean): string[] {
  const has = list.includes(id);
  if (on && !has) return [...list, id];
  if (!on && has) return list.filter((x) => x !== id);
  return list;
}

/** SPEC §9: the 8-second reload throttle. */
export function reloadAllowed(lastReloadAt: number | null, now: number, force = false): boolean {
  return force || lastReloadAt === null || now - lastReloadAt >= RELOAD_THROTTLE_MS;
}

/** SPEC §9: a list fetched under 30 seconds ago is not fetched again unless forced. */
export function shouldRefetch(lastFetchedAt: number | null, now: number, force = false): boolean {
  return force || lastFetchedAt === null || now - lastFetchedAt >= REFETCH_SKIP_MS;
}

export interface CacheEntry {
  message: ChatMessage;
  cachedAt: number;
}

/**
 * SPEC §9: the cleanup triggers when the cache exceeds its maximum size (10,000): up to that
 * the entries stay as they are, whatever their age. Beyond it, entries older than 24 hours are
 * cleaned, then the newest 10,000 are kept.
 */
export function pruneCache(
  entries: CacheEntry[],
  now: number,
  maxEntries: number = MESSAGE_CACHE_MAX_ENTRIES,
  maxAgeMs: number = MESSAGE_CACHE_MAX_AGE_MS,
): CacheEntry[] {
  if (entries.length <= maxEntries) return entries;
  const fresh = entries.filter((e) => now - e.cachedAt <= maxAgeMs);
  if (fresh.length <= maxEntries) return fresh;
  return [...fresh].sort((a, b) => b.cachedAt - a.cachedAt).slice(0, maxEntries);
}

/**
 * SPEC §4/§9: a system-message notification within 5 seconds of a real-message one is a
 * duplicate and is dropped. `real` records a real message alert; `allowSystem` says whether a
 * system one may show now.
 */
export function createNotificationDeduper(windowMs: number = SYSTEM_NOTIFICATION_DEDUPE_MS) {
  const lastReal = new Map<string, number>();
  let lastAny = -Infinity;
  return {
    real(chatId: string | null, at: number): void {
      lastAny = at;
      if (chatId) lastReal.set(chatId, at);
    },
    allowSystem(chatId: string | null, at: number): boolean {
      const last = chatId ? (lastReal.get(chatId) ?? lastAny) : lastAny;
      return at - last > windowMs;
    },
  };
}
