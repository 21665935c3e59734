import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { bindApiToasts } from '../../../lib/api/index.ts';
import { realtimeClient } from '../../../lib/realtime/realtime-client.ts';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser, makePublicUser } from '../../../test/fixtures.ts';
import {
  renderPage,
  signIn,
  stubFetch,
  toastMessages,
  type FetchMock,
} from '../../../test/render.tsx';
import { toast, useToastStore } from '../../../ui/toast/toast-store.ts';
import { postKeys } from '../../posts/queries.ts';
import { useMessageStore } from '../message-store.ts';
import { MessagesPage } from './messages-page.tsx';

const me = makeMeUser({ id: 'me-id', username: 'sam' });
const maya = makePublicUser({ id: 'maya-id', username: 'maya.lens', displayName: 'Maya Lens' });
const CHAT = 'chat-1';

function message(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    messageId: id,
    chatId: CHAT,
    senderId: maya.id,
    sender: maya,
    timestamp: new Date(Date.now() - 60_000).toISOString(),
    status: 'sent',
    isDeleted: false,
    read: true,
    readBy: [me.id],
    likedBy: [],
    favoritedBy: [],
    isFavorited: false,
    text: 'Welcome!',
    quotedMessage: null,
    imageUrl: null,
    videoUrl: null,
    voiceUrl: null,
    voiceDuration: null,
    mediaItems: [],
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}

const chat = {
  id: CHAT,
  chatId: CHAT,
  participants: [
    { userId: me.id, unreadCount: 0, user: null },
    { userId: maya.id, unreadCount: 0, user: maya },
  ],
  participantIds: [me.id, maya.id],
  unreadCount: 0,
  folder: 'inbox',
  lastMessage: message('m1'),
  canReply: true,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
};

let fetchMock: FetchMock;
let sendStatus = 201;

beforeEach(() => {
  sendStatus = 201;
  fetchMock = stubFetch();
  fetchMock.mockImplementation(async (url, init) => {
    if (url.includes(`/chats/${CHAT}/messages`) && init.method === 'POST') {
      if (sendStatus !== 201) return json({ message: 'boom', code: 'INTERNAL' }, sendStatus);
      const body = JSON.parse(String(init.body)) as { text: string };
      return json(
        {
          message: message('m2', {
            senderId: me.id,
            sender: me,
            text: body.text,
            timestamp: new Date().toISOString(),
            read: false,
            readBy: [],
          }),
        },
        201,
      );
    }
    if (url.includes(`/chats/${CHAT}/messages`))
      return json({
        messages: [message('m1')],
        hasMore: false,
        nextCursor: null,
        prevCursor: 'm1',
      });
    if (url.includes(`/chats/${CHAT}`)) return json({ chat });
    if (url.includes('/chats')) return json({ chats: [chat], hasMore: false, nextCursor: null });
    return json({ message: 'unexpected' }, 404);
  });
  signIn(me);
  // as the app's bootstrap does: API toasts go to the toast store
  bindApiToasts((t) => toast.show(t));
  useMessageStore.getState().reset();
  useToastStore.getState().clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  bindApiToasts(() => undefined);
});

function openConversation() {
  renderPage(<MessagesPage />, { path: '/messages/:chatId', at: `/messages/${CHAT}` });
}

describe('MessagesPage conversation', () => {
  it('a chat that does not exist (or is not mine) shows "not found" with a way back', async () => {
    const served = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) =>
      url.includes('/chats/gone')
        ? json({ message: 'Chat not found', code: 'CHAT_NOT_FOUND' }, 404)
        : served(url, init),
    );
    renderPage(<MessagesPage />, {
      path: '/messages/:chatId',
      at: '/messages/gone',
      others: ['/messages'],
    });
    expect(await screen.findByRole('heading', { name: 'Conversation not found' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading conversation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    const back = screen.getByRole('link', { name: 'Back to messages' });
    expect(back.getAttribute('href')).toBe('/messages');
    const asked = fetchMock.mock.calls.filter(([u]) => u.includes('/chats/gone'));
    expect(asked).toHaveLength(1);
  });

  it('shows the conversation and sends with the keyboard (optimistic, then sent)', async () => {
    openConversation();
    const log = await screen.findByRole('list', { name: 'Messages' });
    expect(within(log).getByText('Welcome!')).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Thanks!' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(within(log).getByText('Thanks!')).toBeTruthy();
    await waitFor(() => expect(within(log).getByLabelText('Sent')).toBeTruthy());
    const posted = fetchMock.mock.calls.find(
      ([u, i]) => u.includes('/messages') && i.method === 'POST',
    );
    expect(JSON.parse(String(posted![1].body))).toMatchObject({
      text: 'Thanks!',
      receiverId: maya.id,
    });
  });

  it('a tip sent in the chat refreshes the wallet balance it was paid from', async () => {
    const creator = { ...maya, isCreator: true, accountType: 'creator' };
    const creatorChat = {
      ...chat,
      participants: [chat.participants[0], { ...chat.participants[1], user: creator }],
    };
    fetchMock.mockImplementation(async (url, init) => {
      if (url.includes(`/chats/${CHAT}/messages`) && init.method === 'POST')
        return json(
          {
            message: message('m2', {
              senderId: me.id,
              sender: me,
              text: '',
              tipAmount: 5,
              timestamp: new Date().toISOString(),
            }),
          },
          201,
        );
      if (url.includes(`/chats/${CHAT}/messages`))
        return json({ messages: [message('m1')], hasMore: false, nextCursor: null });
      if (url.includes(`/chats/${CHAT}`)) return json({ chat: creatorChat });
      if (url.includes('/chats'))
        return json({ chats: [creatorChat], hasMore: false, nextCursor: null });
      return json({ message: 'unexpected' }, 404);
    });
    const { client } = renderPage(<MessagesPage />, {
      path: '/messages/:chatId',
      at: `/messages/${CHAT}`,
    });
    client.setQueryData(postKeys.walletBalance(), { balance: 30, balanceCents: 3000 });
    await screen.findByRole('list', { name: 'Messages' });
    fireEvent.click(screen.getByRole('button', { name: 'Paid extras' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Send a tip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tip Maya Lens' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send tip' }));
    await waitFor(() =>
      expect(client.getQueryState(postKeys.walletBalance())?.isInvalidated).toBe(true),
    );
    const posted = fetchMock.mock.calls.find(
      ([u, i]) => u.includes('/messages') && i.method === 'POST',
    );
    expect(JSON.parse(String(posted![1].body))).toMatchObject({ tipAmount: 5 });
  });

  it('stays at the newest message when a photo loads and grows the list', async () => {
    fetchMock.mockImplementation(async (url) => {
      if (url.includes(`/chats/${CHAT}/messages`))
        return json({
          messages: [message('m1', { text: '', imageUrl: '/media/photo.jpg' })],
          hasMore: false,
          nextCursor: null,
        });
      if (url.includes(`/chats/${CHAT}`)) return json({ chat });
      if (url.includes('/chats')) return json({ chats: [chat], hasMore: false, nextCursor: null });
      return json({ message: 'unexpected' }, 404);
    });
    openConversation();
    const photo = await screen.findByRole('img', { name: 'Photo in message' });
    const region = screen.getByRole('region', { name: 'Messages with Maya Lens' });
    // the layout: 400 px of messages in a 300 px view, scrolled to the end…
    let height = 400;
    let top = 100;
    Object.defineProperty(region, 'scrollHeight', { configurable: true, get: () => height });
    Object.defineProperty(region, 'clientHeight', { configurable: true, get: () => 300 });
    Object.defineProperty(region, 'scrollTop', {
      configurable: true,
      get: () => top,
      set: (v: number) => {
        top = v;
      },
    });
    fireEvent.scroll(region);
    // …until the photo arrives and takes 250 px more
    height = 650;
    fireEvent.load(photo);
    expect(top).toBe(650);

    // someone who scrolled up to read is left where they are
    top = 0;
    fireEvent.scroll(region);
    height = 900;
    fireEvent.load(photo);
    expect(top).toBe(0);
  });

  it('removes a failed message and shows the chat toast of SPEC §8', async () => {
    sendStatus = 500;
    openConversation();
    const log = await screen.findByRole('list', { name: 'Messages' });
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Will fail' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(within(log).getByText('Will fail')).toBeTruthy();
    await waitFor(() => expect(within(log).queryByText('Will fail')).toBeNull());
    expect(toastMessages()).toContain(
      'Server Error: Something went wrong on our end. Please try again later.',
    );
  });

  it('a chat the server says cannot be replied to shows so from the start, without the composer', async () => {
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) =>
      url.endsWith(`/chats/${CHAT}`)
        ? json({ chat: { ...chat, canReply: false } })
        : url.includes('/chats?')
          ? json({ chats: [{ ...chat, canReply: false }], hasMore: false, nextCursor: null })
          : base(url, init),
    );
    openConversation();
    await screen.findByRole('list', { name: 'Messages' });
    expect(await screen.findByText("You can't reply to this conversation.")).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });

  it('after a send refused for a block by the other side, says so instead of the composer', async () => {
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) =>
      url.includes(`/chats/${CHAT}/messages`) && init.method === 'POST'
        ? json({ message: 'You cannot message this user', code: 'USER_BLOCKED' }, 403)
        : base(url, init),
    );
    openConversation();
    await screen.findByRole('list', { name: 'Messages' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), {
      target: { value: 'Hello?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText("You can't reply to this conversation.")).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    // the spec's 403 toast still shows
    expect(toastMessages()).toContain(
      "Forbidden: You don't have permission to access this resource.",
    );
  });

  it('shows a notice instead of the composer in a chat with an account the viewer blocked', async () => {
    signIn({ ...me, blockedUserIds: [maya.id] });
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) =>
      url.includes(`/users/${maya.id}/block`) && init.method === 'DELETE'
        ? json({ updatedCurrentUser: { ...me, blockedUserIds: [] }, user: maya })
        : base(url, init),
    );
    openConversation();
    await screen.findByRole('list', { name: 'Messages' });
    expect(screen.getByText('You blocked this account.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(screen.queryByText('You blocked this account.')).toBeNull();
  });
});

describe('MessagesPage presence', () => {
  it('watches the other person and shows a green "Online" dot while they are online', async () => {
    const listeners = new Map<string, (data: unknown) => void>();
    const on = vi.spyOn(realtimeClient, 'on').mockImplementation((type, listener) => {
      listeners.set(type, listener as (data: unknown) => void);
      return () => listeners.delete(type);
    });
    const send = vi.spyOn(realtimeClient, 'send').mockReturnValue(true);
    try {
      openConversation();
      const header = await screen.findByRole('region', { name: 'Conversation with Maya Lens' });
      await waitFor(() =>
        expect(send).toHaveBeenCalledWith('presence_watch', { userIds: [maya.id] }),
      );
      expect(within(header).queryByRole('img', { name: 'Online' })).toBeNull();
      act(() => listeners.get('presence')?.({ userId: maya.id, online: true }));
      expect(within(header).getByRole('img', { name: 'Online' })).toBeTruthy();
      act(() => listeners.get('presence')?.({ userId: maya.id, online: false }));
      expect(within(header).queryByRole('img', { name: 'Online' })).toBeNull();
    } finally {
      on.mockRestore();
      send.mockRestore();
    }
  });
});
