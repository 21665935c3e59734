/**
 * Chat and message requests (SPEC §7 Chats). Everything goes through the chat client: 300 s
 * timeout and the chat error toasts of SPEC §8. Files go out as multipart through
 * XMLHttpRequest for upload progress, with the same toasts on failure.
 */
import type {
  ChatList,
  ChatResponse,
  DeleteMessageResponse,
  FavoriteMessageResponse,
  HideChatResponse,
  LikeMessageResponse,
  MessagePage,
  MessagesSinceResponse,
  ReadAllResponse,
  ReadMessagesResponse,
  ReportResponse,
  SentMessageResponse,
} from '@fanspace/contracts';
import { chatClient, isApiError, LIKE_TIMEOUT_MS } from '../../lib/api/index.ts';
import { chatToastMessage } from '../../lib/api/chat-toasts.ts';
import { isBetaPath } from '../../lib/api/url-rules.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { postUpload } from '../media-vault/upload-request.ts';
import { MESSAGE_PAGE_SIZE } from './message-rules.ts';

const enc = encodeURIComponent;
const chatPath = (chatId: string) => `/chats/${enc(chatId)}`;
const messagePath = (id: string) => `/chats/messages/${enc(id)}`;

export function fetchChats(folder: 'inbox' | 'requests' = 'inbox'): Promise<ChatList> {
  return chatClient.get<ChatList>('/chats', { query: { folder, limit: 100 } });
}

export function fetchChat(chatId: string): Promise<ChatResponse> {
  return chatClient.get<ChatResponse>(chatPath(chatId));
}

export function openChat(recipientId: string): Promise<ChatResponse> {
  return chatClient.post<ChatResponse>('/chats', { recipientId });
}

export function hideChat(chatId: string): Promise<HideChatResponse> {
  return chatClient.delete<HideChatResponse>(chatPath(chatId));
}

export function fetchMessages(
  chatId: string,
  options: { before?: string | null; limit?: number; signal?: AbortSignal } = {},
): Promise<MessagePage> {
  return chatClient.get<MessagePage>(`${chatPath(chatId)}/messages`, {
    query: { limit: options.limit ?? MESSAGE_PAGE_SIZE, before: options.before ?? undefined },
    signal: options.signal,
  });
}

export function fetchMessageUpdates(since: string): Promise<MessagesSinceResponse> {
  return chatClient.get<MessagesSinceResponse>('/messages/updates', { query: { since } });
}

/** The JSON body of POST /chats/{chatId}/messages (SPEC §7: every field it names). */
export interface OutgoingMessage {
  text?: string;
  receiverId?: string;
  imageUrl?: string | null;
  videoUrl?: string | null;
  voiceUrl?: string | null;
  voiceDuration?: number | null;
  quotedMessage?: string | null;
  lockedContent?: Record<string, unknown> | null;
  tipAmount?: number | null;
  offerDetails?: Record<string, unknown> | null;
  contentRequestDetails?: Record<string, unknown> | null;
  mediaItemId?: string | null;
  selectedMediaItems?: string[];
}

export function sendMessage(chatId: string, body: OutgoingMessage, idempotencyKey?: string) {
  return chatClient.post<SentMessageResponse>(`${chatPath(chatId)}/messages`, body, {
    headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
  });
}

export type FileSlot = 'image' | 'video' | 'voice';

/** Which multipart field a file goes in, by its type; null for anything else. */
export function slotFor(file: Blob): FileSlot | null {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  if (file.type.startsWith('audio/')) return 'voice';
  return null;
}

/** Multipart send with a file; reports progress and shows the chat toasts on failure. */
export async function sendMessageWithFile(
  chatId: string,
  body: OutgoingMessage,
  file: { slot: FileSlot; blob: Blob; name: string },
  onProgress: (percent: number) => void,
): Promise<SentMessageResponse> {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  form.append(file.slot, file.blob, file.name);
  try {
    return await postUpload<SentMessageResponse>(`${chatPath(chatId)}/messages`, form, {
      onProgress,
    });
  } catch (error) {
    if (isApiError(error)) {
      const text = chatToastMessage(
        error,
        typeof window !== 'undefined' && isBetaPath(window.location.pathname),
      );
      if (text) toast.error(text);
    }
    throw error;
  }
}

export function deleteMessage(chatId: string, messageId: string): Promise<DeleteMessageResponse> {
  return chatClient.delete<DeleteMessageResponse>(`${chatPath(chatId)}/messages/${enc(messageId)}`);
}

/** SPEC §9: a like request gives up after 10 seconds. */
export function likeMessage(id: string): Promise<LikeMessageResponse> {
  return chatClient.post<LikeMessageResponse>(`${messagePath(id)}/like`, undefined, {
    timeoutMs: LIKE_TIMEOUT_MS,
  });
}

export function favoriteMessage(id: string): Promise<FavoriteMessageResponse> {
  return chatClient.post<FavoriteMessageResponse>(`${messagePath(id)}/favorite`);
}

export function markMessagesRead(messageIds: string[]): Promise<ReadMessagesResponse> {
  return chatClient.post<ReadMessagesResponse>('/messages/read', { messageIds });
}

export function readAllMessages(chatId: string): Promise<ReadAllResponse> {
  return chatClient.post<ReadAllResponse>(`${chatPath(chatId)}/read-all`);
}

export function reportMessage(id: string, reason: string): Promise<ReportResponse> {
  return chatClient.post<ReportResponse>(`${messagePath(id)}/report`, { reason });
}

/** Pays for a locked message from the wallet; one Idempotency-Key per purchase attempt. */
export function unlockMessage(id: string, idempotencyKey: string): Promise<unknown> {
  return chatClient.post<unknown>(`${messagePath(id)}/unlock`, undefined, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function respondToOffer(
  id: string,
  status: string,
  idempotencyKey: string,
): Promise<unknown> {
  return chatClient.patch<unknown>(
    `${messagePath(id)}/offer`,
    { status },
    {
      headers: { 'Idempotency-Key': idempotencyKey },
    },
  );
}

export function updateContentRequest(
  id: string,
  body: { status: string } & Record<string, unknown>,
  idempotencyKey: string,
): Promise<unknown> {
  return chatClient.put<unknown>(`${messagePath(id)}/content-request`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `chat-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
