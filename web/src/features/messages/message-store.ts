/**
 * The conversation store: per chat, the loaded messages (oldest first) and paging state, with
 * the actions that talk to the server. Every list change goes through message-rules.ts, so the
 * SPEC §4 rules (optimistic send, dedupe, delete never revived, temp ids never read, likes that
 * roll back) hold whatever the order of server answers and socket frames.
 */
import { INVALID_PARAMETERS_MESSAGE } from '@fanspace/contracts';
import { create } from '../../lib/create-store.ts';
import { isApiError } from '../../lib/api/index.ts';
import { useAuthStore } from '../auth/store.ts';
import * as api from './chats-api.ts';
import { messageCache } from './message-cache.ts';
import {
  BLOB_CLEANUP_DELAY_MS,
  addOptimistic,
  confirmOptimistic,
  markRead,
  mergeMessages,
  patchMessage,
  reloadAllowed,
  removeMessage,
  shouldRefetch,
  softDelete,
  toggleInList,
  unreadIdsFor,
} from './message-rules.ts';
import { isServerId, localId, normalizeMessage, TEMP_PREFIX, type ChatMessage } from './types.ts';

export interface Thread {
  messages: ChatMessage[];
  hasMore: boolean;
  nextCursor: string | null;
  lastFetchedAt: number | null;
  lastReloadAt: number | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  olderStatus: 'idle' | 'loading' | 'error';
}

const emptyThread = (): Thread => ({
  messages: [],
  hasMore: false,
  nextCursor: null,
  lastFetchedAt: null,
  lastReloadAt: null,
  status: 'idle',
  olderStatus: 'idle',
});

export interface Draft {
  text: string;
  receiverId?: string;
  quotedMessage?: ChatMessage | null;
  file?: { slot: api.FileSlot; blob: Blob; name: string; durationSeconds?: number } | null;
  lockedContent?: Record<string, unknown> | null;
  selectedMediaItems?: string[];
  tipAmount?: number | null;
  offerDetails?: Record<string, unknown> | null;
  contentRequestDetails?: Record<string, unknown> | null;
}

interface MessageState {
  threads: Record<string, Thread>;
  /** ids deleted in this session: no later copy revives them */
  deletedIds: Record<string, true>;
  /** `since` for GET /messages/updates */
  syncedAt: string | null;
  load(chatId: string, options?: { force?: boolean }): Promise<void>;
  reload(chatId: string, options?: { force?: boolean }): Promise<void>;
  loadOlder(chatId: string): Promise<void>;
  syncUpdates(): Promise<ChatMessage[]>;
  receive(raw: unknown, source?: 'server' | 'realtime'): void;
  /** Someone deleted a message (a message_deleted frame): soft delete in place, never revived. */
  applyDeleted(chatId: string, id: string): void;
  send(chatId: string, draft: Draft): Promise<ChatMessage | null>;
  remove(chatId: string, id: string): Promise<void>;
  /** marks the other side's loaded messages read; resolves to how many were new */
  readVisible(chatId: string): Promise<number>;
  applyRead(chatId: string, ids: string[], readerId: string): void;
  toggleLike(chatId: string, id: string): Promise<void>;
  toggleFavorite(chatId: string, id: string): Promise<void>;
  replaceMessage(raw: unknown): void;
  reset(): void;
}

const viewerId = () => useAuthStore.getState().user?.id ?? null;
const now = () => Date.now();

function deletedSet(state: Pick<MessageState, 'deletedIds'>): Set<string> {
  return new Set(Object.keys(state.deletedIds));
}

/** Revokes local blob previews 1 s after the send (SPEC §4 Uploads). */
export function scheduleBlobCleanup(
  urls: string[] | undefined,
  delay = BLOB_CLEANUP_DELAY_MS,
): void {
  if (!urls?.length) return;
  setTimeout(() => urls.forEach((u) => URL.revokeObjectURL(u)), delay);
}

export const useMessageStore = create<MessageState>()((set, get) => {
  function thread(chatId: string): Thread {
    return get().threads[chatId] ?? emptyThread();
  }

  function update(chatId: string, fn: (t: Thread) => Partial<Thread>): void {
    set((state) => {
      const current = state.threads[chatId] ?? emptyThread();
      const next = { ...current, ...fn(current) };
      if (next.messages !== current.messages) messageCache.put(next.messages);
      return { threads: { ...state.threads, [chatId]: next } };
    });
  }

  function setMessages(chatId: string, fn: (list: ChatMessage[]) => ChatMessage[]): void {
    update(chatId, (t) => ({ messages: fn(t.messages) }));
  }

  function normalize(raw: unknown, source: 'server' | 'realtime' = 'server'): ChatMessage {
    return normalizeMessage(raw, { viewerId: viewerId(), source });
  }

  async function fetchLatest(chatId: string): Promise<void> {
    const first = thread(chatId).status === 'idle';
    if (first) {
      const cached = messageCache.forChat(chatId);
      update(chatId, (t) => ({
        status: 'loading',
        messages: cached.length ? mergeMessages(t.messages, cached, deletedSet(get())) : t.messages,
      }));
    } else if (thread(chatId).status === 'error') {
      update(chatId, () => ({ status: 'loading' }));
    }
    const startedAt = new Date(now() - 60_000).toISOString();
    try {
      const page = await api.fetchMessages(chatId);
      const incoming = page.messages.map((m) => normalize(m));
      update(chatId, (t) => {
        // the newest page replaces what was cached for that range; older loaded pages stay
        const oldest = incoming[0]?.timestamp;
        const kept = t.messages.filter(
          (m) => !isServerId(m.id) || (oldest !== undefined && m.timestamp < oldest),
        );
        const base = first || t.nextCursor === null ? kept : t.messages;
        return {
          messages: mergeMessages(base, incoming, deletedSet(get())),
          hasMore: first || t.status !== 'ready' ? page.hasMore : t.hasMore || page.hasMore,
          nextCursor: first || t.nextCursor === null ? page.nextCursor : t.nextCursor,
          lastFetchedAt: now(),
          status: 'ready',
        };
      });
      if (!get().syncedAt) set({ syncedAt: startedAt });
    } catch {
      update(chatId, (t) => ({ status: t.messages.length ? 'ready' : 'error' }));
      throw new Error('Failed to load messages');
    }
  }

  return {
    threads: {},
    deletedIds: {},
    syncedAt: null,

    async load(chatId, options = {}) {
      const user = viewerId();
      if (user) await messageCache.load(user);
      // SPEC §9: skip when fetched under 30 seconds ago, unless forced
      if (!shouldRefetch(thread(chatId).lastFetchedAt, now(), options.force)) return;
      await fetchLatest(chatId);
    },

    async reload(chatId, options = {}) {
      // SPEC §9: at most one reload per 8 seconds
      if (!reloadAllowed(thread(chatId).lastReloadAt, now(), options.force)) return;
      update(chatId, () => ({ lastReloadAt: now() }));
      await fetchLatest(chatId);
    },

    async loadOlder(chatId) {
      const t = thread(chatId);
      if (!t.hasMore || !t.nextCursor || t.olderStatus === 'loading') return;
      update(chatId, () => ({ olderStatus: 'loading' }));
      try {
        const page = await api.fetchMessages(chatId, { before: t.nextCursor });
        const incoming = page.messages.map((m) => normalize(m));
        update(chatId, (cur) => ({
          messages: mergeMessages(cur.messages, incoming, deletedSet(get())),
          hasMore: page.hasMore,
          nextCursor: page.nextCursor,
          olderStatus: 'idle',
        }));
      } catch {
        update(chatId, () => ({ olderStatus: 'error' }));
      }
    },

    async syncUpdates() {
      const since = get().syncedAt ?? new Date(now() - 60_000).toISOString();
      const all: ChatMessage[] = [];
      let cursor = since;
      for (let round = 0; round < 5; round += 1) {
        const res = await api.fetchMessageUpdates(cursor);
        const list = res.messages.map((m) => normalize(m));
        all.push(...list);
        for (const m of list) get().receive(m);
        cursor = res.serverTime;
        if (!res.hasMore || list.length === 0) break;
        // a full page: continue from its newest change
        cursor = list[list.length - 1]!.updatedAt;
      }
      set({ syncedAt: cursor });
      return all;
    },

    receive(raw, source = 'server') {
      const message = normalize(raw, source);
      if (!message.chatId) return;
      const deleted = deletedSet(get());
      if (message.isDeleted && isServerId(message.id)) {
        set((s) => ({ deletedIds: { ...s.deletedIds, [message.id]: true } }));
        deleted.add(message.id);
      }
      // only chats the user has open are kept in memory
      if (!get().threads[message.chatId]) return;
      setMessages(message.chatId, (list) => mergeMessages(list, [message], deleted));
    },

    applyDeleted(chatId, id) {
      if (!chatId || !id || !isServerId(id)) return;
      set((s) => (s.deletedIds[id] ? s : { deletedIds: { ...s.deletedIds, [id]: true } }));
      // the frame names the message only: the loaded copy keeps its sender, time and place,
      // and a message not loaded here gets no placeholder
      if (!thread(chatId).messages.some((m) => m.id === id)) return;
      setMessages(chatId, (list) => softDelete(list, id));
    },

    replaceMessage(raw) {
      get().receive(raw);
    },

    async send(chatId, draft) {
      const me = useAuthStore.getState().user;
      if (!me) return null;
      const tempId = localId(TEMP_PREFIX);
      const previews: string[] = [];
      let preview: string | null = null;
      if (draft.file && typeof URL.createObjectURL === 'function') {
        preview = URL.createObjectURL(draft.file.blob);
        previews.push(preview);
      }
      const slot = draft.file?.slot;
      const temp: ChatMessage = {
        ...normalizeMessage(
          {
            id: tempId,
            chatId,
            senderId: me.id,
            text: draft.text,
            timestamp: new Date().toISOString(),
            imageUrl: slot === 'image' ? preview : null,
            videoUrl: slot === 'video' ? preview : null,
            voiceUrl: slot === 'voice' ? preview : null,
            voiceDuration: draft.file?.durationSeconds ?? null,
            tipAmount: draft.tipAmount ?? null,
            lockedContent: draft.lockedContent ?? null,
            offerDetails: draft.offerDetails ?? null,
            contentRequestDetails: draft.contentRequestDetails ?? null,
          },
          { viewerId: me.id, source: 'local' },
        ),
        sender: null,
        status: 'sending',
        quotedMessage: draft.quotedMessage
          ? {
              id: draft.quotedMessage.id,
              senderId: draft.quotedMessage.senderId,
              text: draft.quotedMessage.text,
              isDeleted: draft.quotedMessage.isDeleted,
              hasMedia: Boolean(
                draft.quotedMessage.imageUrl ||
                draft.quotedMessage.videoUrl ||
                draft.quotedMessage.voiceUrl,
              ),
              timestamp: draft.quotedMessage.timestamp,
            }
          : null,
        uploadProgress: draft.file ? 0 : undefined,
        localPreviewUrls: previews,
      };
      setMessages(chatId, (list) => addOptimistic(list, temp));

      const body: api.OutgoingMessage = {
        text: draft.text || undefined,
        receiverId: draft.receiverId,
        quotedMessage: draft.quotedMessage?.id ?? undefined,
        voiceDuration:
          draft.file?.slot === 'voice' ? (draft.file.durationSeconds ?? undefined) : undefined,
        lockedContent: draft.lockedContent ?? undefined,
        selectedMediaItems: draft.selectedMediaItems?.length ? draft.selectedMediaItems : undefined,
        tipAmount: draft.tipAmount ?? undefined,
        offerDetails: draft.offerDetails ?? undefined,
        contentRequestDetails: draft.contentRequestDetails ?? undefined,
      };
      try {
        const res = draft.file
          ? await api.sendMessageWithFile(chatId, body, draft.file, (percent) =>
              setMessages(chatId, (list) =>
                patchMessage(list, tempId, { uploadProgress: percent }),
              ),
            )
          : await api.sendMessage(
              chatId,
              body,
              draft.tipAmount || draft.lockedContent ? api.newIdempotencyKey() : undefined,
            );
        const server = normalize(res.message);
        setMessages(chatId, (list) => confirmOptimistic(list, tempId, server, deletedSet(get())));
        scheduleBlobCleanup(previews);
        return server;
      } catch (error) {
        // SPEC §4: removed on failure; the chat client already showed the §8 toast
        setMessages(chatId, (list) => removeMessage(list, tempId));
        previews.forEach((u) => URL.revokeObjectURL(u));
        throw error;
      }
    },

    async remove(chatId, id) {
      // SPEC §5: a delete needs both ids, neither the text 'undefined'; nothing is sent otherwise
      if ([chatId, id].some((v) => !v || v.trim() === '' || v === 'undefined'))
        throw new Error(INVALID_PARAMETERS_MESSAGE);
      if (!isServerId(id)) return;
      const before = thread(chatId).messages.find((m) => m.id === id);
      setMessages(chatId, (list) => softDelete(list, id));
      try {
        const res = await api.deleteMessage(chatId, id);
        set((s) => ({ deletedIds: { ...s.deletedIds, [id]: true } }));
        get().receive(res.message);
      } catch (error) {
        if (before) setMessages(chatId, (list) => list.map((m) => (m.id === id ? before : m)));
        throw error;
      }
    },

    async readVisible(chatId) {
      const me = viewerId();
      if (!me) return 0;
      const ids = unreadIdsFor(thread(chatId).messages, me);
      if (ids.length === 0) return 0;
      setMessages(chatId, (list) => markRead(list, ids, me));
      for (let i = 0; i < ids.length; i += 200) {
        await api.markMessagesRead(ids.slice(i, i + 200)).catch(() => undefined);
      }
      return ids.length;
    },

    applyRead(chatId, ids, readerId) {
      setMessages(chatId, (list) => markRead(list, ids, readerId));
    },

    async toggleLike(chatId, id) {
      const me = viewerId();
      const message = thread(chatId).messages.find((m) => m.id === id);
      if (!me || !message || !isServerId(id) || message.isDeleted) return;
      const before = message.likedBy;
      const on = !before.includes(me);
      setMessages(chatId, (list) =>
        patchMessage(list, id, { likedBy: toggleInList(before, me, on) }),
      );
      try {
        const res = await api.likeMessage(id);
        setMessages(chatId, (list) => patchMessage(list, id, { likedBy: res.likedBy }));
      } catch (error) {
        // SPEC §4: a like that times out after 10 seconds keeps the optimistic state
        if (isApiError(error) && error.code === 'TIMEOUT') return;
        setMessages(chatId, (list) => patchMessage(list, id, { likedBy: before }));
      }
    },

    async toggleFavorite(chatId, id) {
      const me = viewerId();
      const message = thread(chatId).messages.find((m) => m.id === id);
      if (!me || !message || !isServerId(id) || message.isDeleted) return;
      const before = { favoritedBy: message.favoritedBy, isFavorited: message.isFavorited };
      const on = !message.isFavorited;
      setMessages(chatId, (list) =>
        patchMessage(list, id, {
          favoritedBy: toggleInList(before.favoritedBy, me, on),
          isFavorited: on,
        }),
      );
      try {
        const res = await api.favoriteMessage(id);
        setMessages(chatId, (list) =>
          patchMessage(list, id, { favoritedBy: res.favoritedBy, isFavorited: res.isFavorited }),
        );
      } catch {
        setMessages(chatId, (list) => patchMessage(list, id, before));
      }
    },

    reset() {
      set({ threads: {}, deletedIds: {}, syncedAt: null });
    },
  };
});
