import {
  ErrorCodes,
  type Chat,
  type ChatList,
  type ChatListQuery,
  type ChatResponse,
} from '@fanspace/contracts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import { isCursorTime } from '../../platform/db/exact-time.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { blockedEitherWay, isRestrictedBy } from '../graph/graph.relations.ts';
import { idOr404, isUuid } from '../../platform/ids.ts';
import type { Viewer } from '../posts/post-views.ts';
import { presentChats, presentOneChat } from './chat-views.ts';
import { chatNotFound } from './chats.policy.ts';
import { findChatFor, listChatsFor, pairKey, type MemberChat } from './chats.queries.ts';
import type { ChatsCtx } from './message-views.ts';

/** Opening, listing, reading and hiding 1:1 chats. Messages are messages.service.ts. */

export const blockedError = () =>
  new ForbiddenError(ErrorCodes.USER_BLOCKED, 'You cannot message this user');

/** The chat if the viewer takes part in it, else 404 (malformed ids too). */
export async function requireChat(
  db: DbHandle,
  viewerId: string,
  rawChatId: string,
  lock = false,
): Promise<MemberChat> {
  const found = await findChatFor(db, idOr404(rawChatId, chatNotFound), viewerId, lock);
  if (!found) throw chatNotFound();
  return found;
}

/**
 * POST /chats {recipientId}: the existing 1:1 chat or a new one. Concurrent opens of the same
 * pair meet on the unique pair key. A recipient who restricted the caller finds the chat among
 * their requests.
 */
/**
 * Settings → Privacy "Let anyone message me" off: a new chat only from someone the recipient
 * follows or who subscribes to them (a chat that exists already stays open).
 */
async function assertMayStartChat(tx: DbHandle, senderId: string, recipientId: string) {
  const { allowed } = await tx
    .selectNoFrom((eb) => [
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('chats')
              .select('id')
              .where('pair_key', '=', pairKey(senderId, recipientId)),
          ),
          eb.exists(
            eb
              .selectFrom('follows')
              .select('follower_id')
              .where('follower_id', '=', recipientId)
              .where('followee_id', '=', senderId),
          ),
          eb.exists(
            eb
              .selectFrom('subscriptions')
              .select('id')
              .where('subscriber_id', '=', senderId)
              .where('creator_id', '=', recipientId)
              .where('status', '=', 'active')
              .where('current_period_end', '>', new Date()),
          ),
        ])
        .as('allowed'),
    ])
    .executeTakeFirstOrThrow();
  if (!allowed)
    throw new ForbiddenError(
      ErrorCodes.FORBIDDEN,
      'This account only takes new messages from people it follows and its subscribers',
    );
}

export async function openChat(
  ctx: ChatsCtx,
  viewer: Viewer,
  recipientId: string,
): Promise<{ created: boolean; body: ChatResponse }> {
  const recipientKey = recipientId.trim().toLowerCase();
  if (recipientKey === viewer.id)
    throw new BadRequestError('You cannot message yourself', ErrorCodes.CANNOT_TARGET_SELF, {
      field: 'recipientId',
    });
  return withTransaction(ctx.db, async (tx) => {
    const recipient = isUuid(recipientKey)
      ? await tx
          .selectFrom('users')
          .select(['id', 'status', 'privacy'])
          .where('id', '=', recipientKey)
          .executeTakeFirst()
      : undefined;
    if (!recipient || recipient.status === 'deleted' || recipient.status === 'banned')
      throw new NotFoundError('User not found');
    if (await blockedEitherWay(tx, viewer.id, recipient.id)) throw blockedError();
    if (recipient.privacy.allowMessagesFromAnyone === false)
      await assertMayStartChat(tx, viewer.id, recipient.id);
    const inserted = await tx
      .insertInto('chats')
      .values({ pair_key: pairKey(viewer.id, recipient.id) })
      .onConflict((oc) => oc.column('pair_key').doNothing())
      .returningAll()
      .executeTakeFirst();
    const chat =
      inserted ??
      (await tx
        .selectFrom('chats')
        .selectAll()
        .where('pair_key', '=', pairKey(viewer.id, recipient.id))
        .executeTakeFirstOrThrow());
    if (inserted) {
      const restricted = await isRestrictedBy(tx, recipient.id, viewer.id);
      await tx
        .insertInto('chat_participants')
        .values([
          { chat_id: chat.id, user_id: viewer.id },
          { chat_id: chat.id, user_id: recipient.id, folder: restricted ? 'requests' : 'inbox' },
        ])
        .execute();
    } else {
      // opening a chat one hid brings it back for oneself only
      await tx
        .updateTable('chat_participants')
        .set({ hidden_at: null })
        .where('chat_id', '=', chat.id)
        .where('user_id', '=', viewer.id)
        .execute();
    }
    return {
      created: inserted !== undefined,
      body: { chat: await presentOneChat(ctx, viewer, chat, tx) },
    };
  });
}

function decodeCursor(cursor: string) {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !isCursorTime(at) || !id || !isUuid(id))
    throw new BadRequestError('Invalid cursor', ErrorCodes.VALIDATION_FAILED, { field: 'before' });
  return { at, id };
}

/** GET /chats: the caller's chats that are not hidden, most recent activity first. */
export async function listChats(
  ctx: ChatsCtx,
  viewer: Viewer,
  query: ChatListQuery,
): Promise<ChatList> {
  const rows = await listChatsFor(ctx.db, viewer.id, {
    folder: query.folder,
    limit: query.limit + 1,
    before: query.before ? decodeCursor(query.before) : undefined,
  });
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    chats: await presentChats(ctx, viewer, page),
    hasMore,
    nextCursor:
      hasMore && last ? Buffer.from(`${last.cursor_at}|${last.id}`).toString('base64url') : null,
  };
}

export async function getChat(ctx: ChatsCtx, viewer: Viewer, chatId: string): Promise<Chat> {
  const { chat } = await requireChat(ctx.db, viewer.id, chatId);
  return presentOneChat(ctx, viewer, chat);
}

/** DELETE /chats/{chatId}: hides the chat for the caller; a new message brings it back. */
export async function hideChat(ctx: ChatsCtx, viewer: Viewer, chatId: string) {
  const { chat } = await requireChat(ctx.db, viewer.id, chatId);
  await ctx.db
    .updateTable('chat_participants')
    .set({ hidden_at: new Date(), unread_count: 0 })
    .where('chat_id', '=', chat.id)
    .where('user_id', '=', viewer.id)
    .execute();
  return { ok: true as const, chatId: chat.id };
}
