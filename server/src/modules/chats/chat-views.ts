import type { Chat, Message } from '@fanspace/contracts';
import type { DbHandle } from '../../platform/db/database.ts';
import type { ChatRow, MessageRow } from '../../platform/db/schema.ts';
import type { Viewer } from '../posts/post-views.ts';
import { presentPublicUser } from '../users/users.presenter.ts';
import { findMessagesById, participantsOf } from './chats.queries.ts';
import { presentMessages, type ChatsCtx } from './message-views.ts';

/**
 * Chats as the viewer sees them: every participant with their unread count, the viewer's own
 * unread count and folder, and the last message that is not deleted. `last_message_id` is kept
 * pointing at that message by send and delete; the lookup below falls back anyway, so a stale
 * pointer can never show a deleted message.
 */
async function lastMessages(ctx: ChatsCtx, viewer: Viewer, db: DbHandle, chats: ChatRow[]) {
  const pointed = await findMessagesById(
    db,
    chats.flatMap((c) => (c.last_message_id ? [c.last_message_id] : [])),
  );
  const live = new Map(pointed.filter((m) => m.deleted_at === null).map((m) => [m.chat_id, m]));
  const stale = chats.filter((c) => !live.has(c.id)).map((c) => c.id);
  if (stale.length > 0) {
    // one query for every chat whose pointer is missing or deleted
    const fallback = await db
      .selectFrom('messages')
      .selectAll()
      .distinctOn('chat_id')
      .where('chat_id', 'in', stale)
      .where('deleted_at', 'is', null)
      .orderBy('chat_id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    for (const m of fallback) live.set(m.chat_id, m);
  }
  const rows: MessageRow[] = [...live.values()];
  const presented = await presentMessages(ctx, viewer, rows, db);
  return new Map<string, Message>(presented.map((m) => [m.chatId, m]));
}

/** The accounts among `others` that block the viewer or that the viewer blocks. */
async function blockedEitherWay(db: DbHandle, viewerId: string, others: string[]) {
  if (others.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('blocks')
    .select(['blocker_id', 'blocked_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', viewerId), eb('blocked_id', 'in', others)]),
        eb.and([eb('blocked_id', '=', viewerId), eb('blocker_id', 'in', others)]),
      ]),
    )
    .execute();
  return new Set(rows.map((r) => (r.blocker_id === viewerId ? r.blocked_id : r.blocker_id)));
}

export async function presentChats(
  ctx: ChatsCtx,
  viewer: Viewer,
  chats: ChatRow[],
  db: DbHandle = ctx.db,
): Promise<Chat[]> {
  if (chats.length === 0) return [];
  const participants = await participantsOf(
    db,
    chats.map((c) => c.id),
  );
  const userIds = [...new Set(participants.map((p) => p.user_id))];
  const others = userIds.filter((id) => id !== viewer.id);
  const [users, last, blocking] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', 'in', userIds).execute(),
    lastMessages(ctx, viewer, db, chats),
    blockedEitherWay(db, viewer.id, others),
  ]);
  const userById = new Map(users.map((u) => [u.id, u]));
  return chats.map((chat) => {
    const members = participants.filter((p) => p.chat_id === chat.id);
    const me = members.find((p) => p.user_id === viewer.id);
    const canReply = members.every(
      (p) =>
        p.user_id === viewer.id ||
        (!blocking.has(p.user_id) &&
          !['deleted', 'banned'].includes(userById.get(p.user_id)?.status ?? 'deleted')),
    );
    return {
      id: chat.id,
      chatId: chat.id,
      participants: members.map((p) => {
        const user = userById.get(p.user_id);
        return {
          userId: p.user_id,
          unreadCount: p.unread_count,
          user:
            user && user.status !== 'deleted'
              ? presentPublicUser(user, undefined, viewer.id)
              : null,
        };
      }),
      participantIds: members.map((p) => p.user_id),
      unreadCount: me?.unread_count ?? 0,
      folder: me?.folder ?? 'inbox',
      lastMessage: last.get(chat.id) ?? null,
      canReply,
      createdAt: chat.created_at.toISOString(),
      updatedAt: chat.last_activity_at.toISOString(),
    };
  });
}

export async function presentOneChat(
  ctx: ChatsCtx,
  viewer: Viewer,
  chat: ChatRow,
  db: DbHandle = ctx.db,
): Promise<Chat> {
  const [presented] = await presentChats(ctx, viewer, [chat], db);
  return presented!;
}
