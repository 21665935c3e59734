import { describe, expect, it } from 'vitest';
import {
  addOptimistic,
  confirmOptimistic,
  createNotificationDeduper,
  lastVisibleMessage,
  markRead,
  mergeMessages,
  pruneCache,
  reloadAllowed,
  removeMessage,
  shouldRefetch,
  softDelete,
  unreadIdsFor,
  type CacheEntry,
} from './message-rules.ts';
import { normalizeMessage, type ChatMessage } from './types.ts';

const ME = 'me';
const THEM = 'them';

function msg(
  id: string | undefined,
  overrides: Record<string, unknown> = {},
  source?: 'realtime',
): ChatMessage {
  return normalizeMessage(
    {
      id,
      chatId: 'c1',
      senderId: THEM,
      text: `text ${id ?? ''}`,
      timestamp: '2026-11-22T10:00:00.000Z',
      ...overrides,
    },
    { viewerId: ME, source },
  );
}

describe('message ids (SPEC §3)', () => {
  it('takes messageId, id or uuid; else temp- locally and realtime- from the socket', () => {
    expect(normalizeMessage({ messageId: 'a', id: 'b' }).id).toBe('a');
    expect(normalizeMessage({ uuid: 'u' }).id).toBe('u');
    expect(normalizeMessage({ text: 'x' }).id).toMatch(/^temp-/);
    expect(normalizeMessage({ text: 'x' }, { source: 'realtime' }).id).toMatch(/^realtime-/);
  });

  it('defaults status to sent and derives isFavorited for the viewer', () => {
    const m = normalizeMessage({ id: 'a', favoritedBy: [ME] }, { viewerId: ME });
    expect(m.status).toBe('sent');
    expect(m.isFavorited).toBe(true);
    expect(normalizeMessage({ id: 'a', favoritedBy: ['x'] }, { viewerId: ME }).isFavorited).toBe(
      false,
    );
  });

  it('gives locked media items the defaults title "Media Item" and mediaType unknown', () => {
    const m = normalizeMessage({
      id: 'a',
      lockedContent: { price: 5, mediaItems: [{ id: 'i1' }] },
    });
    expect(m.lockedContent?.mediaItems[0]).toMatchObject({
      title: 'Media Item',
      mediaType: 'unknown',
    });
    expect(m.lockedContent?.price).toBe(5);
  });

  it('carries hiddenBy, mentions, mediaItemId and mediaCollection, with safe defaults', () => {
    const item = { id: 'i1', mediaType: 'image', mediaUrl: null };
    const m = normalizeMessage({
      id: 'a',
      text: 'hi @maya.lens',
      hiddenBy: [ME],
      mentions: ['maya-id', 7],
      mediaItems: [item],
      mediaItemId: 'i1',
      mediaCollection: [item],
    });
    expect(m).toMatchObject({
      hiddenBy: [ME],
      mentions: ['maya-id'],
      mediaItemId: 'i1',
      mediaCollection: [item],
    });
    // an older server or a local copy: the aliases follow mediaItems, the lists are empty
    const bare = normalizeMessage({ id: 'b', mediaItems: [item] });
    expect(bare).toMatchObject({
      hiddenBy: [],
      mentions: [],
      mediaItemId: 'i1',
      mediaCollection: [item],
    });
    expect(normalizeMessage({ id: 'c', text: 'x' })).toMatchObject({
      mediaItemId: null,
      mediaCollection: [],
    });
    // a deleted message keeps none of them
    const gone = normalizeMessage({
      id: 'd',
      isDeleted: true,
      mentions: ['maya-id'],
      mediaItems: [item],
      mediaItemId: 'i1',
      mediaCollection: [item],
    });
    expect(gone).toMatchObject({
      mentions: [],
      mediaItems: [],
      mediaItemId: null,
      mediaCollection: [],
    });
    expect(softDelete([m], 'a')[0]).toMatchObject({
      mentions: [],
      mediaItemId: null,
      mediaCollection: [],
    });
  });
});

describe('optimistic send (SPEC §4)', () => {
  it('shows the temp message as sending, then replaces it by the server copy (sent)', () => {
    const temp = msg('temp-1', { senderId: ME, text: 'hi' });
    let list = addOptimistic([], temp);
    expect(list).toHaveLength(1);
    expect(list[0]!.status).toBe('sending');
    list = confirmOptimistic(list, 'temp-1', msg('srv-1', { senderId: ME, text: 'hi' }));
    expect(list.map((m) => [m.id, m.status])).toEqual([['srv-1', 'sent']]);
  });

  it('removes the temp message on failure', () => {
    const list = addOptimistic([msg('a')], msg('temp-1', { senderId: ME }));
    expect(removeMessage(list, 'temp-1').map((m) => m.id)).toEqual(['a']);
  });

  it('keeps a message still sending when a server page arrives', () => {
    const list = addOptimistic([], msg('temp-1', { senderId: ME }));
    const merged = mergeMessages(list, [msg('a')]);
    expect(merged.map((m) => m.id).sort()).toEqual(['a', 'temp-1']);
  });
});

describe('deduplication', () => {
  it('drops a socket copy (realtime- id) when the server copy arrives, and ignores a late one', () => {
    const socket = msg(undefined, { text: 'hello' }, 'realtime');
    expect(socket.id).toMatch(/^realtime-/);
    let list = mergeMessages([], [socket]);
    list = mergeMessages(list, [msg('srv-9', { text: 'hello' })]);
    expect(list.map((m) => m.id)).toEqual(['srv-9']);
    list = mergeMessages(list, [msg(undefined, { text: 'hello' }, 'realtime')]);
    expect(list.map((m) => m.id)).toEqual(['srv-9']);
  });

  it('never lists the same server id twice, and the server copy wins', () => {
    const list = mergeMessages(
      [msg('a', { text: 'old' })],
      [msg('a', { text: 'new' }), msg('a', { text: 'newer' })],
    );
    expect(list).toHaveLength(1);
    expect(list[0]!.text).toBe('newer');
  });

  it('keeps two different messages with the same text apart when both have server ids', () => {
    const list = mergeMessages([msg('a', { text: 'ok' })], [msg('b', { text: 'ok' })]);
    expect(list.map((m) => m.id)).toEqual(['a', 'b']);
  });
});

describe('soft delete (SPEC §4)', () => {
  it('marks isDeleted and status deleted and clears the content', () => {
    const [m] = softDelete([msg('a', { imageUrl: '/x.jpg' })], 'a');
    expect(m).toMatchObject({ isDeleted: true, status: 'deleted', text: '', imageUrl: null });
  });

  it('keeps the sender, the time and the place of the message in the list', () => {
    const list = [
      msg('a', { timestamp: '2026-11-22T10:00:00Z' }),
      msg('b', { senderId: ME, timestamp: '2026-11-22T10:01:00Z' }),
      msg('c', { timestamp: '2026-11-22T10:02:00Z' }),
    ];
    const after = softDelete(list, 'b');
    expect(after.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(after[1]).toMatchObject({
      senderId: ME,
      timestamp: list[1]!.timestamp,
      isDeleted: true,
      status: 'deleted',
      text: '',
    });
    expect(after[0]).toBe(list[0]);
  });

  it('is not revived by a later update of the message', () => {
    const deleted = softDelete([msg('a')], 'a');
    const revived = mergeMessages(deleted, [
      msg('a', { text: 'back again', isDeleted: false, status: 'sent' }),
    ]);
    expect(revived[0]).toMatchObject({ isDeleted: true, status: 'deleted', text: '' });
  });

  it('is not revived for an id known deleted even when the local copy is gone', () => {
    const list = mergeMessages([], [msg('a', { text: 'zombie' })], new Set(['a']));
    expect(list[0]).toMatchObject({ isDeleted: true, text: '' });
  });

  it('lets the chat fall back to the latest non-deleted message', () => {
    const list = softDelete(
      [
        msg('a', { timestamp: '2026-11-22T10:00:00Z' }),
        msg('b', { timestamp: '2026-11-22T10:01:00Z' }),
      ],
      'b',
    );
    expect(lastVisibleMessage(list)?.id).toBe('a');
  });
});

describe('read receipts (SPEC §4)', () => {
  it('never marks temporary ids read', () => {
    const list = [msg('temp-1'), msg('a'), msg(undefined, {}, 'realtime')];
    expect(unreadIdsFor(list, ME)).toEqual(['a']);
    const marked = markRead(list, ['temp-1', 'a'], ME);
    expect(marked.find((m) => m.id === 'temp-1')!.read).toBe(false);
    expect(marked.find((m) => m.id === 'a')).toMatchObject({ read: true, readBy: [ME] });
  });

  it('does not ask to read own or deleted messages', () => {
    const list = [
      msg('mine', { senderId: ME }),
      msg('gone', { isDeleted: true }),
      msg('x', { read: true }),
    ];
    expect(unreadIdsFor(list, ME)).toEqual([]);
  });
});

describe('timing rules (SPEC §9)', () => {
  it('reloads at most once per 8 seconds unless forced', () => {
    expect(reloadAllowed(null, 1000)).toBe(true);
    expect(reloadAllowed(1000, 8999)).toBe(false);
    expect(reloadAllowed(1000, 9000)).toBe(true);
    expect(reloadAllowed(1000, 2000, true)).toBe(true);
  });

  it('skips a refetch under 30 seconds unless forced', () => {
    expect(shouldRefetch(null, 0)).toBe(true);
    expect(shouldRefetch(0, 29_999)).toBe(false);
    expect(shouldRefetch(0, 30_000)).toBe(true);
    expect(shouldRefetch(0, 1, true)).toBe(true);
  });
});

describe('message cache limits (SPEC §9)', () => {
  const entry = (id: string, cachedAt: number): CacheEntry => ({ message: msg(id), cachedAt });

  it('leaves a cache of up to 10,000 entries untouched, old ones included', () => {
    const now = 10 * 864e5;
    const entries = [entry('old', now - 864e5 - 1), entry('fresh', now - 1000)];
    expect(pruneCache(entries, now)).toBe(entries);
    const full = Array.from({ length: 10_000 }, (_, i) => entry(`m${i}`, now - 2 * 864e5));
    expect(pruneCache(full, now)).toBe(full);
  });

  it('beyond the maximum, cleans entries older than 24 hours first', () => {
    const now = 10 * 864e5;
    const kept = pruneCache(
      [entry('old', now - 864e5 - 1), entry('fresh', now - 1000), entry('day', now - 864e5)],
      now,
      2,
    );
    expect(kept.map((e) => e.message.id)).toEqual(['fresh', 'day']);
  });

  it('keeps the newest 10,000 when it grows beyond that', () => {
    const now = 864e5;
    const entries = Array.from({ length: 10_005 }, (_, i) => entry(`m${i}`, now - 10_005 + i));
    const kept = pruneCache(entries, now);
    expect(kept).toHaveLength(10_000);
    const ids = new Set(kept.map((e) => e.message.id));
    expect(ids.has('m0')).toBe(false);
    expect(ids.has('m4')).toBe(false);
    expect(ids.has('m5')).toBe(true);
    expect(ids.has('m10004')).toBe(true);
  });
});

describe('duplicate system-message notifications (SPEC §4, §9)', () => {
  it('drops a system one within 5 seconds of a real message one, not after', () => {
    const d = createNotificationDeduper();
    expect(d.allowSystem('c1', 1000)).toBe(true);
    d.real('c1', 10_000);
    expect(d.allowSystem('c1', 14_999)).toBe(false);
    expect(d.allowSystem('c1', 15_001)).toBe(true);
  });
});
