/**
 * Socket frames → the message store and the chat list. Frames name the message; its content is
 * fetched with GET /messages/updates (coalesced: one request in flight, one queued). A frame
 * that carries the message itself is merged at once under a 'realtime-' id until the server
 * copy replaces it. After a reconnect the open conversation reloads (8-second throttle).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { create } from '../../lib/create-store.ts';
import { realtimeClient } from '../../lib/realtime/realtime-client.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { useAuthStore } from '../auth/store.ts';
import { createNotificationDeduper } from './message-rules.ts';
import { useMessageStore } from './message-store.ts';
import { chatKeys } from './queries.ts';
import type { ChatMessage } from './types.ts';

export const TYPING_VISIBLE_MS = 5_000;

interface TypingState {
  /** chatId → ids of the users typing there now */
  typing: Record<string, string[]>;
  mark(chatId: string, userId: string): void;
  clear(chatId: string, userId: string): void;
}

const typingTimers = new Map<string, ReturnType<typeof setTimeout>>();

/** Who is typing where; a 'true' frame without a repeat fades after 5 s. */
export const useTypingStore = create<TypingState>()((set, get) => ({
  typing: {},
  mark: (chatId, userId) => {
    const key = `${chatId}:${userId}`;
    const timer = typingTimers.get(key);
    if (timer) clearTimeout(timer);
    typingTimers.set(
      key,
      setTimeout(() => get().clear(chatId, userId), TYPING_VISIBLE_MS),
    );
    set((s) => {
      const current = s.typing[chatId] ?? [];
      return current.includes(userId)
        ? s
        : { typing: { ...s.typing, [chatId]: [...current, userId] } };
    });
  },
  clear: (chatId, userId) => {
    const key = `${chatId}:${userId}`;
    const timer = typingTimers.get(key);
    if (timer) clearTimeout(timer);
    typingTimers.delete(key);
    set((s) => ({
      typing: { ...s.typing, [chatId]: (s.typing[chatId] ?? []).filter((id) => id !== userId) },
    }));
  },
}));

/** Coalesces update fetches: at most one in flight and one queued behind it. */
export function createCoalescer(run: () => Promise<unknown>) {
  let running: Promise<void> | null = null;
  let queued = false;
  const trigger = (): Promise<void> => {
    if (running) {
      queued = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          queued = false;
          await run().catch(() => undefined);
        } while (queued);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  return trigger;
}

export const messageAlerts = createNotificationDeduper();

/** The conversation on screen, so its messages are not announced by toast. */
export const useOpenChatStore = create<{ chatId: string | null; set(id: string | null): void }>()(
  (set) => ({ chatId: null, set: (chatId) => set({ chatId }) }),
);

const CLOCK_SLACK_MS = 5_000;

/** One toast per chat: the message itself, or how many came. */
export function messageToast(messages: ChatMessage[]): [message: string, title: string] {
  const last = messages[messages.length - 1]!;
  const name = last.sender ? `@${last.sender.username}` : 'someone';
  if (messages.length > 1) return [`${messages.length} new messages`, `New messages from ${name}`];
  let preview = last.text.trim();
  if (!preview) {
    if (last.lockedContent) preview = 'Sent you locked content';
    else if (last.tipAmount) preview = 'Sent you a tip';
    else if (last.offerDetails) preview = 'Sent you an offer';
    else if (last.contentRequestDetails) preview = 'Sent you a content request';
    else preview = 'Sent you media';
  }
  return [preview.length > 80 ? `${preview.slice(0, 79)}…` : preview, `New message from ${name}`];
}

/**
 * Keeps the message store and chat lists live for the signed-in user; mounted once for the app.
 * New messages in chats not on screen are announced by toast, and a system notification about a
 * message within 5 seconds of such a real one is dropped as a duplicate (SPEC §4, §9).
 */
export function useChatRealtime(): void {
  const client = useQueryClient();
  const me = useAuthStore((s) => (s.authReady && s.isAuthenticated ? (s.user?.id ?? null) : null));

  useEffect(() => {
    if (!me) return undefined;
    const store = useMessageStore.getState;
    const announced = new Set<string>();
    let listTimer: ReturnType<typeof setTimeout> | null = null;
    const refreshLists = () => {
      if (listTimer) return;
      listTimer = setTimeout(() => {
        listTimer = null;
        void client.invalidateQueries({ queryKey: chatKeys.all });
      }, 300);
    };
    // only what arrives from now on is news (a little slack for the server's clock)
    const since = Date.now() - CLOCK_SLACK_MS;
    const announce = (list: ChatMessage[]) => {
      const open = useOpenChatStore.getState().chatId;
      const byChat = new Map<string, ChatMessage[]>();
      for (const m of list) {
        if (m.senderId === me || m.isDeleted || announced.has(m.id)) continue;
        announced.add(m.id);
        if (Date.parse(m.timestamp) < since || m.chatId === open) continue;
        byChat.set(m.chatId, [...(byChat.get(m.chatId) ?? []), m]);
      }
      for (const messages of byChat.values()) toast.info(...messageToast(messages));
    };
    const sync = createCoalescer(async () => announce(await store().syncUpdates()));
    // after (re)connecting: catch up quietly, what came in meanwhile shows in the lists
    const catchUp = createCoalescer(async () => {
      for (const m of await store().syncUpdates()) announced.add(m.id);
    });

    const onMessage = (data: { chatId: string; messageId: string; message?: unknown }) => {
      if (data.message) store().receive(data.message, 'realtime');
      void sync();
      refreshLists();
    };
    const offs = [
      realtimeClient.on('message_new', (data) => {
        // the real message: a system notification about it within 5 s is a duplicate
        messageAlerts.real(data.chatId, Date.now());
        onMessage(data);
      }),
      realtimeClient.on('message_updated', (data) => onMessage(data)),
      realtimeClient.on('message_deleted', (data) => {
        store().applyDeleted(data.chatId, data.messageId);
        void sync();
        refreshLists();
      }),
      realtimeClient.on('message_read', (data) => {
        if (data.userId === me) return;
        store().applyRead(data.chatId, data.messageIds, data.userId);
      }),
      realtimeClient.on('typing', (data) => {
        if (data.userId === me) return;
        const d = data as typeof data & { isTyping?: boolean };
        if (d.isTyping === false) useTypingStore.getState().clear(data.chatId, data.userId);
        else useTypingStore.getState().mark(data.chatId, data.userId);
      }),
      realtimeClient.on('notification', (data) => {
        // a notification about a message within 5 s of the real message frame is a duplicate
        // (dropped); without such a frame the socket missed it, so fetch what changed
        if (data.type !== 'message' && data.type !== 'system_message') return;
        const d = data as typeof data & { chatId?: string };
        if (!messageAlerts.allowSystem(d.chatId ?? null, Date.now())) return;
        void sync();
      }),
      realtimeClient.on('ready', () => {
        refreshLists();
        void catchUp();
        const open = useOpenChatStore.getState().chatId;
        if (open)
          void store()
            .reload(open)
            .catch(() => undefined);
      }),
    ];
    return () => {
      offs.forEach((off) => off());
      if (listTimer) clearTimeout(listTimer);
      // signed out or another user: nothing of this one's chats stays in memory
      store().reset();
    };
  }, [client, me]);
}
