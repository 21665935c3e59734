import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ApiError } from '../../lib/api/index.ts';
import { MemoryStorage, createSecureStorage } from '../../lib/storage/index.ts';
import { makeMeUser } from '../../test/fixtures.ts';
import { signIn } from '../../test/render.tsx';
import * as api from './chats-api.ts';
import { createMessageCache } from './message-cache.ts';
import { useMessageStore } from './message-store.ts';
import { MESSAGE_CACHE_MAX_ENTRIES } from './message-rules.ts';
import { normalizeMessage } from './types.ts';

vi.mock('./chats-api.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof api>();
  return {
    ...actual,
    fetchMessages: vi.fn(),
    fetchMessageUpdates: vi.fn(),
    sendMessage: vi.fn(),
    sendMessageWithFile: vi.fn(),
    deleteMessage: vi.fn(),
    likeMessage: vi.fn(),
    favoriteMessage: vi.fn(),
    markMessagesRead: vi.fn(),
  };
});

const me = makeMeUser({ id: 'me', username: 'me' });
const CHAT = 'chat-1';

function serverMessage(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    messageId: id,
    chatId: CHAT,
    senderId: 'them',
    sender: null,
    timestamp: '2026-11-22T10:00:00.000Z',
    status: 'sent',
    isDeleted: false,
    read: false,
    readBy: [],
    likedBy: [],
    favoritedBy: [],
    isFavorited: false,
    text: `text ${id}`,
    quotedMessage: null,
    imageUrl: null,
    videoUrl: null,
    voiceUrl: null,
    voiceDuration: null,
    mediaItems: [],
    updatedAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

const page = (messages: unknown[], hasMore = false) =>
  ({ messages, hasMore, nextCursor: hasMore ? 'cursor-1' : null, prevCursor: null }) as never;

const ids = () => useMessageStore.getState().threads[CHAT]!.messages.map((m) => m.id);
const find = (id: string) =>
  useMessageStore.getState().threads[CHAT]!.messages.find((m) => m.id === id)!;

beforeEach(async () => {
  signIn(me);
  useMessageStore.getState().reset();
  vi.mocked(api.fetchMessages).mockResolvedValue(page([serverMessage('a')]));
  await useMessageStore.getState().load(CHAT, { force: true });
});
afterEach(() => {
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('message store: loading', () => {
  it('skips a refetch within 30 s, reloads at most every 8 s', async () => {
    expect(api.fetchMessages).toHaveBeenCalledTimes(1);
    await useMessageStore.getState().load(CHAT);
    expect(api.fetchMessages).toHaveBeenCalledTimes(1);
    await useMessageStore.getState().reload(CHAT);
    await useMessageStore.getState().reload(CHAT);
    expect(api.fetchMessages).toHaveBeenCalledTimes(2);
  });

  it('loads older pages with the before cursor', async () => {
    useMessageStore.getState().reset();
    vi.mocked(api.fetchMessages).mockResolvedValueOnce(
      page([serverMessage('b', { timestamp: '2026-11-22T11:00:00Z' })], true),
    );
    await useMessageStore.getState().load(CHAT, { force: true });
    vi.mocked(api.fetchMessages).mockResolvedValueOnce(page([serverMessage('a')]));
    await useMessageStore.getState().loadOlder(CHAT);
    expect(api.fetchMessages).toHaveBeenLastCalledWith(CHAT, { before: 'cursor-1' });
    expect(ids()).toEqual(['a', 'b']);
    expect(useMessageStore.getState().threads[CHAT]!.hasMore).toBe(false);
  });
});

describe('message store: optimistic send', () => {
  it('shows a temp- message as sending, then the server message as sent', async () => {
    let resolve!: (v: unknown) => void;
    vi.mocked(api.sendMessage).mockReturnValue(new Promise((r) => (resolve = r)) as never);
    const sending = useMessageStore.getState().send(CHAT, { text: 'hello' });
    const temp = useMessageStore.getState().threads[CHAT]!.messages.at(-1)!;
    expect(temp.id).toMatch(/^temp-/);
    expect(temp.status).toBe('sending');
    resolve({
      message: serverMessage('srv', {
        senderId: 'me',
        text: 'hello',
        timestamp: new Date().toISOString(),
      }),
    });
    await sending;
    expect(ids()).toEqual(['a', 'srv']);
    expect(find('srv').status).toBe('sent');
  });

  it('removes the temp message when the send fails', async () => {
    vi.mocked(api.sendMessage).mockRejectedValue(
      new ApiError({ status: 500, message: 'boom', url: '/x', code: 'HTTP' }),
    );
    await expect(useMessageStore.getState().send(CHAT, { text: 'hello' })).rejects.toThrow();
    expect(ids()).toEqual(['a']);
  });

  it('revokes the blob preview of a file 1 s after the send', async () => {
    vi.useFakeTimers();
    const create = vi.fn(() => 'blob:preview');
    const revoke = vi.fn();
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = create;
    URL.revokeObjectURL = revoke;
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    vi.mocked(api.sendMessageWithFile).mockImplementation(async (_c, _b, _f, onProgress) => {
      onProgress(50);
      expect(find(ids().at(-1)!).uploadProgress).toBe(50);
      return { message: serverMessage('pic', { senderId: 'me', text: '' }) } as never;
    });
    await useMessageStore.getState().send(CHAT, {
      text: '',
      file: { slot: 'image', blob: new Blob(['x'], { type: 'image/png' }), name: 'x.png' },
    });
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(999);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revoke).toHaveBeenCalledWith('blob:preview');
  });
});

describe('message store: delete, receipts, likes', () => {
  it("refuses a delete without both ids, or with 'undefined', and sends nothing", async () => {
    for (const [chat, id] of [
      ['', 'a'],
      [CHAT, ''],
      ['undefined', 'a'],
      [CHAT, 'undefined'],
    ])
      await expect(useMessageStore.getState().remove(chat!, id!)).rejects.toThrow(
        'Invalid parameters',
      );
    expect(api.deleteMessage).not.toHaveBeenCalled();
  });

  it('a deleted message is not revived by a later realtime update', async () => {
    vi.mocked(api.deleteMessage).mockResolvedValue({
      ok: true,
      message: serverMessage('a', { isDeleted: true, status: 'deleted', text: '' }),
    } as never);
    await useMessageStore.getState().remove(CHAT, 'a');
    useMessageStore
      .getState()
      .receive(serverMessage('a', { text: 'revived?', updatedAt: '2026-11-22T12:00:00Z' }));
    expect(find('a')).toMatchObject({ isDeleted: true, status: 'deleted', text: '' });
  });

  it('a message_deleted frame soft-deletes the loaded message in place', async () => {
    useMessageStore.getState().reset();
    vi.mocked(api.fetchMessages).mockResolvedValue(
      page([
        serverMessage('a', { senderId: 'me', timestamp: '2026-11-22T10:00:00.000Z' }),
        serverMessage('b', { timestamp: '2026-11-22T10:01:00.000Z' }),
      ]),
    );
    await useMessageStore.getState().load(CHAT, { force: true });
    useMessageStore.getState().applyDeleted(CHAT, 'a');
    // it stays where it was, as the viewer's own bubble, and shows as deleted
    expect(ids()).toEqual(['a', 'b']);
    expect(find('a')).toMatchObject({
      senderId: 'me',
      timestamp: '2026-11-22T10:00:00.000Z',
      isDeleted: true,
      status: 'deleted',
      text: '',
    });
    expect(useMessageStore.getState().deletedIds).toHaveProperty('a', true);
    // and a later copy from the server does not revive it
    useMessageStore.getState().receive(serverMessage('a', { senderId: 'me', text: 'back?' }));
    expect(find('a')).toMatchObject({ isDeleted: true, text: '' });
  });

  it('a message_deleted frame for a message not loaded adds no placeholder', () => {
    const before = useMessageStore.getState().threads[CHAT]!.messages;
    useMessageStore.getState().applyDeleted(CHAT, 'elsewhere');
    useMessageStore.getState().applyDeleted('chat-not-open', 'x');
    expect(useMessageStore.getState().threads[CHAT]!.messages).toBe(before);
    expect(useMessageStore.getState().threads['chat-not-open']).toBeUndefined();
    // if it loads later, it loads deleted
    useMessageStore.getState().receive(serverMessage('elsewhere', { text: 'late copy' }));
    expect(find('elsewhere')).toMatchObject({ isDeleted: true, text: '' });
  });

  it('marks only server-id messages read and tells the server', async () => {
    vi.mocked(api.markMessagesRead).mockResolvedValue({ ok: true, messageIds: ['a'] });
    useMessageStore
      .getState()
      .receive({ text: 'socket copy', chatId: CHAT, senderId: 'them' }, 'realtime');
    await useMessageStore.getState().readVisible(CHAT);
    expect(api.markMessagesRead).toHaveBeenCalledWith(['a']);
    expect(find('a').read).toBe(true);
    const socket = useMessageStore
      .getState()
      .threads[CHAT]!.messages.find((m) => m.id.startsWith('realtime-'))!;
    expect(socket.read).toBe(false);
  });

  it('a like that times out after 10 s keeps its optimistic state', async () => {
    vi.mocked(api.likeMessage).mockRejectedValue(
      new ApiError({
        status: 0,
        message: 'timeout of 10000ms exceeded',
        url: '/x',
        code: 'TIMEOUT',
      }),
    );
    await useMessageStore.getState().toggleLike(CHAT, 'a');
    expect(find('a').likedBy).toEqual(['me']);
  });

  it('a like that fails otherwise rolls back', async () => {
    vi.mocked(api.likeMessage).mockRejectedValue(
      new ApiError({ status: 500, message: 'x', url: '/x', code: 'HTTP' }),
    );
    await useMessageStore.getState().toggleLike(CHAT, 'a');
    expect(find('a').likedBy).toEqual([]);
  });

  it('a favorite that fails rolls back', async () => {
    vi.mocked(api.favoriteMessage).mockRejectedValue(
      new ApiError({ status: 500, message: 'x', url: '/x', code: 'HTTP' }),
    );
    const pending = useMessageStore.getState().toggleFavorite(CHAT, 'a');
    expect(find('a').isFavorited).toBe(true);
    await pending;
    expect(find('a').isFavorited).toBe(false);
  });

  it('applies read receipts from the other side to own messages', () => {
    useMessageStore
      .getState()
      .receive(serverMessage('mine', { senderId: 'me', timestamp: '2026-11-22T10:05:00Z' }));
    useMessageStore.getState().applyRead(CHAT, ['mine'], 'them');
    expect(find('mine')).toMatchObject({ read: true, readBy: ['them'] });
  });
});

describe('message cache (encrypted storage, SPEC §9)', () => {
  it('round-trips through the encrypted storage, keeps server ids only, and caps at 10,000', async () => {
    const backend = new MemoryStorage();
    const storage = createSecureStorage({ backend, secret: 'test' });
    let now = 1_000_000;
    const cache = createMessageCache(storage, () => now);
    await cache.load('me');
    cache.put([
      normalizeMessage(serverMessage('x1')),
      normalizeMessage({ id: 'temp-1', chatId: CHAT, text: 'not yet' }),
    ]);
    await cache.flush();
    const raw = backend.getItem('message-cache:me');
    expect(raw).not.toBeNull();
    expect(raw).not.toContain('text x1');
    const again = createMessageCache(storage, () => now);
    await again.load('me');
    expect(again.forChat(CHAT).map((m) => m.id)).toEqual(['x1']);
    // older than 24 h, but the cache is far from full: kept (the cleanup triggers beyond 10,000)
    now += 864e5 + 1;
    expect(again.forChat(CHAT).map((m) => m.id)).toEqual(['x1']);
    const many = Array.from({ length: MESSAGE_CACHE_MAX_ENTRIES + 3 }, (_, i) =>
      normalizeMessage(serverMessage(`m${i}`)),
    );
    again.put(many);
    // beyond it: the day-old entry goes first, then the oldest of the rest
    expect(again.size()).toBe(MESSAGE_CACHE_MAX_ENTRIES);
    expect(again.forChat(CHAT).some((m) => m.id === 'x1')).toBe(false);
  });

  it('gives a message cached before the newer fields their defaults', async () => {
    const storage = createSecureStorage({ backend: new MemoryStorage(), secret: 'test' });
    const item = { id: 'i1', mediaType: 'image', mediaUrl: null };
    const {
      mentions: _m,
      hiddenBy: _h,
      mediaItemId: _i,
      mediaCollection: _c,
      ...older
    } = normalizeMessage(serverMessage('old1', { mediaItems: [item] }));
    await storage.setItem('message-cache:me', JSON.stringify([{ message: older, cachedAt: 1 }]));
    const cache = createMessageCache(storage, () => 2);
    await cache.load('me');
    expect(cache.forChat(CHAT)[0]).toMatchObject({
      id: 'old1',
      mentions: [],
      hiddenBy: [],
      mediaItemId: 'i1',
      mediaCollection: [item],
    });
  });
});
