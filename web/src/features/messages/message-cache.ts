/**
 * The message cache (SPEC §9): recent messages kept in the browser's encrypted storage so a
 * conversation shows at once when reopened. The cleanup triggers when the cache exceeds 10,000
 * entries: those older than 24 hours go, then the oldest beyond 10,000. Writes are batched; what is written is cut to
 * fit the storage's value limit as whole entries, never as a truncated JSON string.
 */
import {
  MAX_VALUE_LENGTH,
  secureStorage,
  userScopedKey,
  type SecureStorage,
} from '../../lib/storage/index.ts';
import { pruneCache, type CacheEntry } from './message-rules.ts';
import { isServerId, type ChatMessage } from './types.ts';

export const MESSAGE_CACHE_KEY = 'message-cache';
const WRITE_DELAY_MS = 1_000;
/** room under the storage's 1,000,000-character limit for the envelope */
const MAX_SERIALIZED = MAX_VALUE_LENGTH - 10_000;

export interface MessageCache {
  load(userId: string): Promise<void>;
  put(messages: ChatMessage[]): void;
  forChat(chatId: string): ChatMessage[];
  size(): number;
  clear(): void;
  /** writes pending changes now (tests, page hide) */
  flush(): Promise<void>;
}

/** A message cached before ChatMessage had these fields gets their defaults. */
function withLaterFields(message: ChatMessage): ChatMessage {
  const m = message as Partial<ChatMessage> & Pick<ChatMessage, 'id'>;
  const mediaItems = m.mediaItems ?? [];
  return {
    ...message,
    mediaItems,
    hiddenBy: m.hiddenBy ?? [],
    mentions: m.mentions ?? [],
    mediaItemId: m.mediaItemId ?? mediaItems[0]?.id ?? null,
    mediaCollection: m.mediaCollection ?? mediaItems,
  };
}

export function createMessageCache(
  storage: SecureStorage = secureStorage,
  now: () => number = () => Date.now(),
): MessageCache {
  let entries = new Map<string, CacheEntry>();
  let userId: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function prune(): void {
    const kept = pruneCache([...entries.values()], now());
    if (kept.length !== entries.size) entries = new Map(kept.map((e) => [e.message.id, e]));
  }

  async function write(): Promise<void> {
    timer = null;
    if (!userId) return;
    prune();
    let list = [...entries.values()].sort((a, b) => b.cachedAt - a.cachedAt);
    let text = JSON.stringify(list);
    while (text.length > MAX_SERIALIZED && list.length > 0) {
      list = list.slice(0, Math.floor(list.length * 0.8));
      text = JSON.stringify(list);
    }
    try {
      await storage.setItem(userScopedKey(MESSAGE_CACHE_KEY, userId), text);
    } catch {
      // a cache that cannot be written is only a slower start
    }
  }

  function schedule(): void {
    if (timer) return;
    timer = setTimeout(() => void write(), WRITE_DELAY_MS);
  }

  return {
    async load(id) {
      if (userId === id) return;
      userId = id;
      entries = new Map();
      try {
        const raw = await storage.getItem(userScopedKey(MESSAGE_CACHE_KEY, id));
        const parsed: unknown = raw ? JSON.parse(raw) : [];
        if (Array.isArray(parsed)) {
          for (const e of parsed as CacheEntry[]) {
            if (
              e &&
              typeof e.cachedAt === 'number' &&
              e.message &&
              typeof e.message.id === 'string'
            ) {
              entries.set(e.message.id, { ...e, message: withLaterFields(e.message) });
            }
          }
        }
      } catch {
        entries = new Map();
      }
      prune();
    },
    put(messages) {
      const at = now();
      for (const m of messages) {
        // only what the server has: a temporary message may never exist there
        if (!isServerId(m.id)) continue;
        const { uploadProgress: _p, localPreviewUrls: _u, ...rest } = m;
        entries.set(m.id, { message: rest, cachedAt: at });
      }
      prune();
      schedule();
    },
    forChat(chatId) {
      prune();
      return [...entries.values()]
        .filter((e) => e.message.chatId === chatId)
        .map((e) => e.message)
        .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
    },
    size: () => entries.size,
    clear() {
      entries = new Map();
      if (timer) clearTimeout(timer);
      timer = null;
      if (userId) void storage.removeItem(userScopedKey(MESSAGE_CACHE_KEY, userId));
    },
    flush: () => write(),
  };
}

export const messageCache = createMessageCache();
