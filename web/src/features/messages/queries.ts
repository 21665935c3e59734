/** Chat list queries and mutations (TanStack Query). Messages live in message-store.ts. */
import type { Chat, ChatList } from '@fanspace/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api/index.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useAuthStore } from '../auth/store.ts';
import * as api from './chats-api.ts';

export type ChatFolder = 'inbox' | 'requests';

export const chatKeys = {
  all: ['chats'] as const,
  list: (folder: ChatFolder) => [...chatKeys.all, 'list', folder] as const,
  detail: (chatId: string) => [...chatKeys.all, 'detail', chatId] as const,
};

export function useChatsQuery(folder: ChatFolder) {
  return useQuery({
    queryKey: chatKeys.list(folder),
    queryFn: () => api.fetchChats(folder),
    staleTime: 15_000,
  });
}

/** Chats with unread messages, for the Messages badge in the navigation. */
export function useUnreadChatCount(): number {
  const signedIn = useAuthStore((s) => s.authReady && s.isAuthenticated);
  const chats = useQuery({
    queryKey: chatKeys.list('inbox'),
    queryFn: () => api.fetchChats('inbox'),
    staleTime: 15_000,
    enabled: signedIn,
  });
  // the server's render of the page knows no count: the browser's follows its hydration
  const hydrated = useHydrated();
  return hydrated ? (chats.data?.chats.filter((c) => c.unreadCount > 0).length ?? 0) : 0;
}

/**
 * The chat is not there for the caller: 404 (deleted, or someone else's – the server does not
 * tell which), or 400 for an id no chat can have (a mangled link).
 */
export function isMissingChatError(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

export function useChatQuery(chatId: string | undefined, fallback: Chat | undefined) {
  return useQuery({
    queryKey: chatKeys.detail(chatId ?? ''),
    queryFn: async () => (await api.fetchChat(chatId!)).chat,
    enabled: Boolean(chatId),
    initialData: fallback,
    staleTime: 15_000,
  });
}

/** Finds a chat in any cached list (so a conversation opens without a second request). */
export function chatFromLists(client: QueryClient, chatId: string | undefined): Chat | undefined {
  if (!chatId) return undefined;
  for (const [, data] of client.getQueriesData<ChatList>({ queryKey: [...chatKeys.all, 'list'] })) {
    const hit = data?.chats.find((c) => c.id === chatId);
    if (hit) return hit;
  }
  return undefined;
}

/** Sets the viewer's unread count of a chat in every cached list (after reading it). */
export function setChatUnread(client: QueryClient, chatId: string, unreadCount: number): void {
  client.setQueriesData<ChatList>({ queryKey: [...chatKeys.all, 'list'] }, (old) =>
    old
      ? { ...old, chats: old.chats.map((c) => (c.id === chatId ? { ...c, unreadCount } : c)) }
      : old,
  );
}

export function useOpenChatMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (recipientId: string) => api.openChat(recipientId),
    onSuccess: ({ chat }) => {
      client.setQueryData(chatKeys.detail(chat.id), chat);
      void client.invalidateQueries({ queryKey: [...chatKeys.all, 'list'] });
    },
  });
}

export function useHideChatMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (chatId: string) => api.hideChat(chatId),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...chatKeys.all, 'list'] }),
  });
}

/** The other participant of a 1:1 chat, as the viewer sees it. */
export function otherParticipant(chat: Chat | undefined, viewerId: string | null) {
  if (!chat) return null;
  return chat.participants.find((p) => p.userId !== viewerId) ?? chat.participants[0] ?? null;
}
