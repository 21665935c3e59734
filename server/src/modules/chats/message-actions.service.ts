import {
  ErrorCodes,
  MessagePaging,
  type FavoriteMessageResponse,
  type LikeMessageResponse,
  type MessagesSinceResponse,
  type ReadAllResponse,
  type ReadMessageResponse,
  type ReportMessageBody,
  type ReportResponse,
} from '@fanspace/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type Tx } from '../../platform/db/database.ts';
import type { MessageRow } from '../../platform/db/schema.ts';
import { BadRequestError } from '../../platform/errors.ts';
import { publishAfterCommit } from '../../platform/realtime/publish.ts';
import { idOr404, isUuid } from '../../platform/ids.ts';
import { parseSince } from '../../platform/since-param.ts';
import type { Viewer } from '../posts/post-views.ts';
import { cleanText } from '../users/profile-rules.ts';
import { messageNotFound } from './chats.policy.ts';
import {
  factsByMessage,
  findMessageFor,
  findMessagesById,
  lockChats,
  messagesSince,
  touchMessage,
  type FactTable,
} from './chats.queries.ts';
import { requireChat } from './chats.service.ts';
import { presentMessages } from './message-views.ts';

/** Likes, favorites, read receipts, reports and the since-queries of messages. */

type Ctx = Pick<AppContext, 'db' | 'config' | 'bus' | 'log'>;

async function participantIds(tx: Tx, chatId: string) {
  const rows = await tx
    .selectFrom('chat_participants')
    .select('user_id')
    .where('chat_id', '=', chatId)
    .execute();
  return rows.map((r) => r.user_id);
}

/** The message if the viewer takes part in its chat; `lock` takes the chat's write lock. */
async function requireMessage(tx: Tx, viewerId: string, rawId: string, lock = false) {
  const id = idOr404(rawId, messageNotFound);
  const found = await findMessageFor(tx, id, viewerId);
  if (!found || !lock) {
    if (!found) throw messageNotFound();
    return found;
  }
  await lockChats(tx, [found.chat_id]);
  // read again under the lock: a delete that committed meanwhile must be seen
  const message = await findMessageFor(tx, id, viewerId);
  if (!message) throw messageNotFound();
  return message;
}

/** Like and favorite: a toggle of one fact row, answered with the full list after it. */
async function toggleFact(ctx: Ctx, viewer: Viewer, rawId: string, table: FactTable) {
  return withTransaction(ctx.db, async (tx) => {
    // the chat lock orders concurrent toggles, so each sees the other's result
    const message = await requireMessage(tx, viewer.id, rawId, true);
    if (message.deleted_at)
      throw new BadRequestError('This message was deleted', ErrorCodes.MESSAGE_DELETED);
    const removed = await tx
      .deleteFrom(table)
      .where('message_id', '=', message.id)
      .where('user_id', '=', viewer.id)
      .returning('user_id')
      .executeTakeFirst();
    if (!removed)
      await tx.insertInto(table).values({ message_id: message.id, user_id: viewer.id }).execute();
    await touchMessage(tx, message.id);
    publishAfterCommit(
      ctx,
      tx,
      { userIds: await participantIds(tx, message.chat_id) },
      'message_updated',
      {
        chatId: message.chat_id,
        messageId: message.id,
      },
    );
    const users = (await factsByMessage(tx, table, [message.id])).get(message.id) ?? [];
    return { messageId: message.id, on: !removed, users };
  });
}

export async function toggleLike(
  ctx: Ctx,
  viewer: Viewer,
  id: string,
): Promise<LikeMessageResponse> {
  const r = await toggleFact(ctx, viewer, id, 'message_likes');
  return { messageId: r.messageId, liked: r.on, likedBy: r.users };
}

export async function toggleFavorite(
  ctx: Ctx,
  viewer: Viewer,
  id: string,
): Promise<FavoriteMessageResponse> {
  const r = await toggleFact(ctx, viewer, id, 'message_favorites');
  return { messageId: r.messageId, isFavorited: r.on, favoritedBy: r.users };
}

/**
 * Marks messages of others read for the viewer: a receipt row each, the unread count of each
 * chat lowered by the live messages newly read (deleted ones were already taken off), and one
 * `message_read` per chat to its participants after commit. Returns the newly read ids.
 */
async function markRead(ctx: Ctx, tx: Tx, viewerId: string, rows: MessageRow[]) {
  const theirs = rows.filter((m) => m.sender_id !== viewerId);
  if (theirs.length === 0) return [];
  await lockChats(
    tx,
    theirs.map((m) => m.chat_id),
  );
  // deleted_at as of the lock: a delete that committed meanwhile already lowered the count
  const candidates = await findMessagesById(
    tx,
    theirs.map((m) => m.id),
  );
  const inserted = await tx
    .insertInto('message_reads')
    .values(candidates.map((m) => ({ message_id: m.id, user_id: viewerId })))
    .onConflict((oc) => oc.doNothing())
    .returning('message_id')
    .execute();
  const fresh = new Set(inserted.map((r) => r.message_id));
  const newlyRead = candidates.filter((m) => fresh.has(m.id));
  const byChat = new Map<string, MessageRow[]>();
  for (const m of newlyRead) byChat.set(m.chat_id, [...(byChat.get(m.chat_id) ?? []), m]);
  for (const [chatId, messages] of byChat) {
    const live = messages.filter((m) => m.deleted_at === null).length;
    await tx
      .updateTable('chat_participants')
      .set({
        unread_count: sql<number>`greatest(unread_count - ${live}, 0)`,
        last_read_at: sql<Date>`now()`,
      })
      .where('chat_id', '=', chatId)
      .where('user_id', '=', viewerId)
      .execute();
    await tx
      .updateTable('messages')
      .set({ updated_at: sql<Date>`now()` })
      .where(
        'id',
        'in',
        messages.map((m) => m.id),
      )
      .execute();
    const others = (await participantIds(tx, chatId)).filter((id) => id !== viewerId);
    publishAfterCommit(ctx, tx, { userIds: others }, 'message_read', {
      chatId,
      messageIds: messages.map((m) => m.id),
      userId: viewerId,
    });
  }
  return newlyRead.map((m) => m.id);
}

export async function readMessage(
  ctx: Ctx,
  viewer: Viewer,
  id: string,
): Promise<ReadMessageResponse> {
  return withTransaction(ctx.db, async (tx) => {
    const message = await requireMessage(tx, viewer.id, id);
    await markRead(ctx, tx, viewer.id, [message]);
    const readBy = (
      (await factsByMessage(tx, 'message_reads', [message.id])).get(message.id) ?? []
    ).filter((u) => u !== message.sender_id);
    const read = message.sender_id === viewer.id ? readBy.length > 0 : readBy.includes(viewer.id);
    return { messageId: message.id, read, readBy };
  });
}

/** POST /chats/{chatId}/read-all: every message of the others is read; the count is 0. */
export async function readAll(ctx: Ctx, viewer: Viewer, chatId: string): Promise<ReadAllResponse> {
  return withTransaction(ctx.db, async (tx) => {
    const { chat } = await requireChat(tx, viewer.id, chatId, true);
    const unread = await tx
      .selectFrom('messages')
      .selectAll()
      .where('chat_id', '=', chat.id)
      .where('sender_id', '!=', viewer.id)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('message_reads as r')
              .select('r.user_id')
              .whereRef('r.message_id', '=', 'messages.id')
              .where('r.user_id', '=', viewer.id),
          ),
        ),
      )
      .execute();
    const messageIds = await markRead(ctx, tx, viewer.id, unread);
    await tx
      .updateTable('chat_participants')
      .set({ unread_count: 0, last_read_at: sql<Date>`now()` })
      .where('chat_id', '=', chat.id)
      .where('user_id', '=', viewer.id)
      .execute();
    return { ok: true, chatId: chat.id, messageIds, unreadCount: 0 };
  });
}

/** POST /messages/read {messageIds}: ids outside the caller's chats are ignored. */
export async function readMessages(ctx: Ctx, viewer: Viewer, ids: string[]) {
  const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
  return withTransaction(ctx.db, async (tx) => {
    const rows =
      wanted.length === 0
        ? []
        : await tx
            .selectFrom('messages')
            .innerJoin('chat_participants as cp', 'cp.chat_id', 'messages.chat_id')
            .selectAll('messages')
            .where('cp.user_id', '=', viewer.id)
            .where('messages.id', 'in', wanted)
            .execute();
    return { ok: true as const, messageIds: await markRead(ctx, tx, viewer.id, rows) };
  });
}

/** POST /chats/messages/{id}/report: one pending report per reporter and message. */
export async function reportMessage(
  ctx: Ctx,
  viewer: Viewer,
  id: string,
  body: ReportMessageBody,
): Promise<ReportResponse> {
  return withTransaction(ctx.db, async (tx) => {
    const message = await requireMessage(tx, viewer.id, id);
    if (message.sender_id === viewer.id)
      throw new BadRequestError(
        'You cannot report your own message',
        ErrorCodes.CANNOT_TARGET_SELF,
      );
    const reason = cleanText(body.reason).trim();
    if (reason === '')
      throw new BadRequestError('A reason is required', undefined, { field: 'reason' });
    const inserted = await tx
      .insertInto('reports')
      .values({
        type: 'message',
        target_id: message.id,
        reporter_id: viewer.id,
        reason,
        details: body.details ? cleanText(body.details) : null,
        chat_id: message.chat_id,
      })
      .onConflict((oc) =>
        oc
          .columns(['type', 'target_id', 'reporter_id'])
          .where('status', '=', 'pending')
          .doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    const report =
      inserted ??
      (await tx
        .selectFrom('reports')
        .select('id')
        .where('type', '=', 'message')
        .where('target_id', '=', message.id)
        .where('reporter_id', '=', viewer.id)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow());
    return { ok: true, reportId: report.id, status: 'pending' };
  });
}

/** GET /messages/new and /messages/updates: created / changed after `since`, oldest first. */
export async function messagesChangedSince(
  ctx: Ctx,
  viewer: Viewer,
  since: string,
  column: 'created_at' | 'updated_at',
): Promise<MessagesSinceResponse> {
  const serverTime = new Date().toISOString();
  const from = parseSince(since);
  const rows = await messagesSince(ctx.db, viewer.id, from, column, MessagePaging.maxSince + 1);
  const hasMore = rows.length > MessagePaging.maxSince;
  const page = rows.slice(0, MessagePaging.maxSince);
  return { messages: await presentMessages(ctx, viewer, page), serverTime, hasMore };
}
