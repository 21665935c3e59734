import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-harness.ts';
import { makeMeUser, makePublicUser } from '../../../test/fixtures.ts';
import {
  renderPage,
  signIn,
  signOut,
  stubFetch,
  toastMessages,
  type FetchMock,
} from '../../../test/render.tsx';
import { useToastStore } from '../../../ui/toast/toast-store.ts';
import { postKeys } from '../../posts/queries.ts';
import { walletKeys } from '../../wallet/queries.ts';
import { useMessageStore } from '../message-store.ts';
import { normalizeMessage } from '../types.ts';
import { ChatList } from './chat-list.tsx';
import { Composer } from './composer.tsx';
import { MessageBubble, type MessageActions } from './message-bubble.tsx';

const me = makeMeUser({ id: 'me-id', username: 'sam' });
const maya = makePublicUser({
  id: 'maya-id',
  username: 'maya.lens',
  displayName: 'Maya Lens',
  isCreator: true,
  accountType: 'creator',
});
const leo = makePublicUser({ id: 'leo-id', username: 'leo_beats', displayName: 'Leo' });

let fetchMock: FetchMock;

function chat(id: string, other: typeof maya, unreadCount: number, text: string) {
  return {
    id,
    chatId: id,
    participants: [
      { userId: me.id, unreadCount, user: null },
      { userId: other.id, unreadCount: 0, user: other },
    ],
    participantIds: [me.id, other.id],
    unreadCount,
    folder: 'inbox',
    canReply: true,
    lastMessage: {
      ...normalizeMessage({
        id: `${id}-m`,
        chatId: id,
        senderId: other.id,
        text,
        timestamp: new Date().toISOString(),
      }),
      messageId: `${id}-m`,
      status: 'sent',
    },
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  };
}

const noop: MessageActions = {
  onReply: vi.fn(),
  onLike: vi.fn(),
  onFavorite: vi.fn(),
  onDelete: vi.fn(),
  onReport: vi.fn(),
};

beforeEach(() => {
  fetchMock = stubFetch();
  signIn(me);
  useMessageStore.getState().reset();
  useToastStore.getState().clear();
});
afterEach(() => vi.unstubAllGlobals());

/** A $4.50 locked photo from Maya the viewer has not bought, rendered as its bubble. */
function renderLockedFromMaya(id: string) {
  const m = normalizeMessage(
    {
      id,
      chatId: 'c',
      senderId: maya.id,
      text: '',
      isUnlocked: false,
      lockedContent: {
        price: 4.5,
        teaserText: 'Beach day',
        itemCount: 1,
        mediaTypes: ['image'],
        mediaItems: [],
        isPaidBy: [],
      },
    },
    { viewerId: me.id },
  );
  renderPage(
    <MessageBubble message={m} mine={false} viewerId={me.id} otherName="Maya" actions={noop} />,
  );
}

describe('ChatList', () => {
  beforeEach(() => {
    fetchMock.mockImplementation(async (url) => {
      if (url.includes('folder=requests'))
        return json({ chats: [], hasMore: false, nextCursor: null });
      if (url.includes('/chats'))
        return json({
          chats: [chat('c1', maya, 3, 'New set is up!'), chat('c2', leo, 0, 'see you')],
          hasMore: false,
          nextCursor: null,
        });
      return json({ message: 'unexpected' }, 404);
    });
  });

  it('lists chats with the last message and unread badge, and filters by search and unread', async () => {
    renderPage(<ChatList viewerId={me.id} />);
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getByText('Maya Lens')).toBeTruthy();
    expect(within(list).getByText('New set is up!')).toBeTruthy();
    expect(within(list).getByLabelText('3 unread')).toBeTruthy();
    expect(within(list).getAllByRole('link')).toHaveLength(2);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search conversations' }), {
      target: { value: 'leo' },
    });
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    expect(within(list).getByText('Leo')).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search conversations' }), {
      target: { value: '' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Unread' }));
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    expect(within(list).getByText('Maya Lens')).toBeTruthy();
  });
});

describe('MessageBubble', () => {
  it("shows '[message deleted]' for a deleted message and no actions", () => {
    const m = normalizeMessage({
      id: 'd1',
      chatId: 'c',
      senderId: maya.id,
      text: 'secret',
      isDeleted: true,
    });
    renderPage(
      <MessageBubble message={m} mine={false} viewerId={me.id} otherName="Maya" actions={noop} />,
    );
    expect(screen.getByText('[message deleted]')).toBeTruthy();
    expect(screen.queryByText('secret')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Like message' })).toBeNull();
  });

  it('links @mentions in the text to the profiles, as comments do; #tags stay text', () => {
    const m = normalizeMessage({
      id: 'm1',
      chatId: 'c',
      senderId: maya.id,
      text: 'ask @leo_beats about #beats. mail maya@example.com',
      mentions: [leo.id],
    });
    renderPage(
      <MessageBubble message={m} mine={false} viewerId={me.id} otherName="Maya" actions={noop} />,
    );
    const link = screen.getByRole('link', { name: '@leo_beats' });
    expect(link.getAttribute('href')).toBe('/u/leo_beats');
    expect(link.className.split(' ')).toContain('underline');
    expect(screen.queryByRole('link', { name: '#beats' })).toBeNull();
    expect(screen.queryByRole('link', { name: /example/ })).toBeNull();
  });

  it('wraps a long unbroken word inside the bubble instead of overflowing it', () => {
    const word = 'a'.repeat(300);
    const m = normalizeMessage({ id: 'long', chatId: 'c', senderId: maya.id, text: word });
    renderPage(
      <MessageBubble message={m} mine={false} viewerId={me.id} otherName="Maya" actions={noop} />,
    );
    // no layout engine here: the classes that make it wrap (overflow-wrap:anywhere, and a
    // flex column that may shrink below the word's width)
    const bubble = screen.getByText(word).closest('div')!;
    expect(bubble.className.split(' ')).toContain('wrap-anywhere');
    expect(bubble.parentElement!.className.split(' ')).toEqual(
      expect.arrayContaining(['min-w-0', 'wrap-anywhere']),
    );
  });

  it('a temp message has no actions and shows it is sending', () => {
    const m = {
      ...normalizeMessage({ id: 'temp-1', chatId: 'c', senderId: me.id, text: 'hi' }),
      status: 'sending' as const,
    };
    renderPage(<MessageBubble message={m} mine viewerId={me.id} otherName="Maya" actions={noop} />);
    expect(screen.getAllByLabelText('Sending').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Like message' })).toBeNull();
  });

  it('a locked message offers the unlock with its price and says when funds are short', async () => {
    fetchMock.mockImplementation(async (url) => {
      if (url.endsWith('/wallet/balance'))
        return json({ balance: 2, balanceCents: 200, currency: 'USD' });
      return json({ message: 'unexpected' }, 404);
    });
    renderLockedFromMaya('l1');
    const card = screen.getByRole('group', { name: 'Locked message' });
    expect(within(card).getByText('Beach day')).toBeTruthy();
    expect(within(card).getByText('1 photo')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Unlock for $4.50' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock this message' });
    expect(await within(dialog).findByText(/Insufficient funds/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Add funds' })).toBeTruthy();
  });

  it('unlocking without a session says so (SPEC §5) and sends nothing', async () => {
    fetchMock.mockImplementation(async (url) => {
      if (url.endsWith('/wallet/balance'))
        return json({ balance: 20, balanceCents: 2000, currency: 'USD' });
      return json({ message: 'unexpected' }, 404);
    });
    renderLockedFromMaya('l2');
    const card = screen.getByRole('group', { name: 'Locked message' });
    fireEvent.click(within(card).getByRole('button', { name: 'Unlock for $4.50' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock this message' });
    // the session ended while the dialog was open
    signOut();
    const pay = await within(dialog).findByRole('button', { name: /Pay|Unlock/ });
    fireEvent.click(pay);
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'You must be logged in to make a payment.',
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/unlock'))).toBe(false);
  });

  it('accepting a priced offer refreshes the wallet balance and history', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (url.includes('/offer') && init?.method === 'PATCH') return json({ ok: true });
      if (url.includes('/messages/updates'))
        return json({ messages: [], hasMore: false, serverTime: new Date().toISOString() });
      return json({ message: 'unexpected' }, 404);
    });
    const m = normalizeMessage(
      {
        id: 'o1',
        chatId: 'c',
        senderId: maya.id,
        text: '',
        offerDetails: { title: 'Private set', description: '', price: 12, status: 'pending' },
      },
      { viewerId: me.id },
    );
    const { client } = renderPage(
      <MessageBubble message={m} mine={false} viewerId={me.id} otherName="Maya" actions={noop} />,
    );
    client.setQueryData(postKeys.walletBalance(), { balance: 30, balanceCents: 3000 });
    client.setQueryData(walletKeys.transactions(1), { transactions: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Accept · $12.00' }));
    await waitFor(() =>
      expect(client.getQueryState(postKeys.walletBalance())?.isInvalidated).toBe(true),
    );
    expect(client.getQueryState(walletKeys.transactions(1))?.isInvalidated).toBe(true);
  });

  it("keeps the actions menu of one's own message on screen on a phone", () => {
    // on a 390 px phone the actions sit left of one's own bubble: a menu hanging left of its
    // trigger opened at x = -176, so Delete could not be seen or tapped
    const rect = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockImplementation(function (this: HTMLElement) {
        const menu = this.getAttribute('role') === 'menu';
        const x = menu ? -176 : 0;
        const width = menu ? 256 : 390;
        return DOMRect.fromRect({ x, y: 0, width, height: 134 });
      });
    const width = vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(390);
    try {
      const m = normalizeMessage({ id: 'own', chatId: 'c', senderId: me.id, text: 'mine' });
      renderPage(
        <MessageBubble message={m} mine viewerId={me.id} otherName="Maya" actions={noop} />,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Message actions' }));
      const menu = screen.getByRole('menu', { name: 'Message actions' });
      // moved 184 px to the right: its left edge 8 px inside the screen
      expect(menu.style.right).toBe('-184px');
      expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toBeTruthy();
    } finally {
      rect.mockRestore();
      width.mockRestore();
    }
  });

  it('opens the actions menu of the last message upwards when there is no room below', () => {
    // the trigger near the bottom of an 844 px screen; the menu would end at 798 + 134
    const rect = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockImplementation(function (this: HTMLElement) {
        const menu = this.getAttribute('role') === 'menu';
        return menu
          ? DOMRect.fromRect({ x: 100, y: 798, width: 256, height: 134 })
          : DOMRect.fromRect({ x: 340, y: 770, width: 28, height: 28 });
      });
    const size = [
      vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(390),
      vi.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(844),
    ];
    try {
      const m = normalizeMessage({ id: 'last', chatId: 'c', senderId: maya.id, text: 'hi' });
      renderPage(
        <MessageBubble message={m} mine={false} viewerId={me.id} otherName="Maya" actions={noop} />,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Message actions' }));
      const menu = screen.getByRole('menu', { name: 'Message actions' });
      expect(menu.style.bottom).toBe('100%');
      expect(menu.style.top).toBe('auto');
    } finally {
      rect.mockRestore();
      size.forEach((s) => s.mockRestore());
    }
  });

  it('the like button reflects and toggles the like', () => {
    const onLike = vi.fn();
    const m = normalizeMessage({
      id: 'x',
      chatId: 'c',
      senderId: maya.id,
      text: 'hey',
      likedBy: [me.id],
    });
    renderPage(
      <MessageBubble
        message={m}
        mine={false}
        viewerId={me.id}
        otherName="Maya"
        actions={{ ...noop, onLike }}
      />,
    );
    const like = screen.getByRole('button', { name: 'Unlike message' });
    expect(like.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(like);
    expect(onLike).toHaveBeenCalledWith(m);
  });
});

describe('Composer', () => {
  it('sends on Enter, keeps Shift+Enter for a new line, and clears the field', async () => {
    const onSend = vi.fn(async () => undefined);
    renderPage(
      <Composer
        isCreator={false}
        otherIsCreator
        otherName="Maya"
        quoted={null}
        onClearQuote={() => undefined}
        onSend={onSend}
        onTyping={() => undefined}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'hello' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    expect(onSend).toHaveBeenCalledWith(expect.objectContaining({ text: 'hello' }));
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('offers a tip and a content request to a fan talking to a creator, not the creator tools', () => {
    renderPage(
      <Composer
        isCreator={false}
        otherIsCreator
        otherName="Maya"
        quoted={null}
        onClearQuote={() => undefined}
        onSend={vi.fn()}
        onTyping={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Paid extras' }));
    expect(screen.getByRole('menuitem', { name: 'Send a tip' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Request content' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Locked message' })).toBeNull();
  });

  it('sends a tip without a message, as the optional label says', async () => {
    const onSend = vi.fn(async () => undefined);
    renderPage(
      <Composer
        isCreator={false}
        otherIsCreator
        otherName="Maya"
        quoted={null}
        onClearQuote={() => undefined}
        onSend={onSend}
        onTyping={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Paid extras' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Send a tip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tip Maya' });
    expect(within(dialog).getByRole('textbox', { name: 'Message (optional)' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send tip' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith({ text: '', tipAmount: 5 }));
    expect(screen.queryByText('Describe what you would like.')).toBeNull();
  });

  it('a content request still needs its description', async () => {
    const onSend = vi.fn(async () => undefined);
    renderPage(
      <Composer
        isCreator={false}
        otherIsCreator
        otherName="Maya"
        quoted={null}
        onClearQuote={() => undefined}
        onSend={onSend}
        onTyping={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Paid extras' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Request content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request custom content' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Describe what you would like.')).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('validates the locked message price against the chat limits', async () => {
    const onSend = vi.fn(async () => undefined);
    renderPage(
      <Composer
        isCreator
        otherIsCreator={false}
        otherName="Alex"
        quoted={null}
        onClearQuote={() => undefined}
        onSend={onSend}
        onTyping={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Paid extras' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Locked message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a locked message' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Price (USD)' }), {
      target: { value: '1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send locked message' }));
    expect(
      await within(dialog).findByText('The price must be between $3.00 and $200.00.'),
    ).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();
    expect(toastMessages()).toEqual([]);
  });
});
