import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMeUser } from '../../test/fixtures.ts';
import { signIn } from '../../test/render.tsx';
import * as api from './chats-api.ts';
import { useMessageStore } from './message-store.ts';
import { emitRealtime, realtimeListeners } from '../../test/fake-realtime.ts';

vi.mock('../../lib/realtime/realtime-client.ts', () => import('../../test/fake-realtime.ts'));
vi.mock('./chats-api.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof api>();
  return { ...actual, fetchMessages: vi.fn(), fetchMessageUpdates: vi.fn() };
});

const { useChatRealtime } = await import('./use-chat-realtime.ts');

const CHAT = 'chat-1';
const serverMessage = (id: string, senderId: string, timestamp: string) => ({
  id,
  chatId: CHAT,
  senderId,
  sender: null,
  timestamp,
  updatedAt: timestamp,
  status: 'sent',
  isDeleted: false,
  text: `text ${id}`,
});
const emit = (type: string, data: unknown) => act(() => emitRealtime(type, data));

describe('useChatRealtime: message_deleted', () => {
  beforeEach(async () => {
    signIn(makeMeUser({ id: 'me', username: 'me' }));
    useMessageStore.getState().reset();
    vi.mocked(api.fetchMessageUpdates).mockResolvedValue({
      messages: [],
      hasMore: false,
      serverTime: new Date().toISOString(),
    } as never);
    vi.mocked(api.fetchMessages).mockResolvedValue({
      messages: [
        serverMessage('mine', 'me', '2026-11-22T10:00:00.000Z'),
        serverMessage('theirs', 'them', '2026-11-22T10:01:00.000Z'),
      ],
      hasMore: false,
      nextCursor: null,
      prevCursor: null,
    } as never);
    await useMessageStore.getState().load(CHAT, { force: true });
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useChatRealtime(), { wrapper });
    await waitFor(() => expect(realtimeListeners.get('message_deleted')?.size).toBe(1));
  });
  afterEach(() => {
    vi.clearAllMocks();
    realtimeListeners.clear();
  });

  const messages = () => useMessageStore.getState().threads[CHAT]!.messages;

  it('soft-deletes the loaded message where it is, keeping its sender and time', () => {
    emit('message_deleted', { chatId: CHAT, messageId: 'mine' });
    expect(messages().map((m) => m.id)).toEqual(['mine', 'theirs']);
    expect(messages()[0]).toMatchObject({
      senderId: 'me',
      timestamp: '2026-11-22T10:00:00.000Z',
      isDeleted: true,
      status: 'deleted',
      text: '',
    });
  });

  it('shows nothing for a message that is not loaded', () => {
    const before = messages();
    emit('message_deleted', { chatId: CHAT, messageId: 'unknown' });
    expect(messages()).toBe(before);
  });
});
