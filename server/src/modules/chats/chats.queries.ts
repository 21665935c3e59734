import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import { exactTime } from '../../platform/db/exact-time.ts';
import type { ChatParticipantRow, ChatRow, MessageRow } from '../../platform/db/schema.ts';

/** SQL of the chats module. Membership is always part of the WHERE: no row leaks by id. */

/** The unique key of a 1:1 chat, independent of who opened it. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

export interface MemberChat {
  chat: ChatRow;
  me: ChatParticipantRow;
}

/**
 * Every write in a chat first takes its chats row (FOR NO KEY UPDATE, which the foreign keys'
 * KEY SHARE locks do not conflict with). Writes of one chat then run one after the other and
 * can never deadlock on participant and message rows taken in different orders. Sorted ids,
 * so writes spanning chats (POST /messages/read) lock in one global order too.
 */
export async function lockChats(db: DbHandle, chatIds: readonly string[]) {
  if (chatIds.length === 0) return;
  await db
    .selectFrom('chats')
    .select('id')
    .where('id', 'in', [...new Set(chatIds)].sort())
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

/** The chat when `userId` takes part in it; `lock` takes the chat's write lock first. */
export async function findChatFor(
  db: DbHandle,
  chatId: string,
  userId: string,
  lock = false,
): Promise<MemberChat | undefined> {
  if (lock) await lockChats(db, [chatId]);
  const me = await db
    .selectFrom('chat_participants')
    .selectAll()
    .where('chat_id', '=', chatId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!me) return undefined;
  const chat = await db
    .selectFrom('chats')
    .selectAll()
    .where('id', '=', chatId)
    .executeTakeFirstOrThrow();
  return { chat, me };
}

export function participantsOf(db: DbHandle, chatIds: readonly string[]) {
  if (chatIds.length === 0) return Promise.resolve([] as ChatParticipantRow[]);
  return db
    .selectFrom('chat_participants')
    .selectAll()
    .where('chat_id', 'in', chatIds)
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
}

export async function otherParticipantIds(db: DbHandle, chatId: string, userId: string) {
  const rows = await db
    .selectFrom('chat_participants')
    .select('user_id')
    .where('chat_id', '=', chatId)
    .where('user_id', '!=', userId)
    .execute();
  return rows.map((r) => r.user_id);
}

export interface ChatListWindow {
  folder?: 'inbox' | 'requests' | undefined;
  limit: number;
  /** the last chat of the page before: its last activity as `exactTime` text, and its id */
  before?: { at: string; id: string } | undefined;
}

/** The user's visible chats, most recent activity first. */
export function listChatsFor(db: DbHandle, userId: string, w: ChatListWindow) {
  let query = db
    .selectFrom('chat_participants as p')
    .innerJoin('chats as c', 'c.id', 'p.chat_id')
    .selectAll('c')
    .select(exactTime('c.last_activity_at').as('cursor_at'))
    .where('p.user_id', '=', userId)
    .where('p.hidden_at', 'is', null);
  if (w.folder) query = query.where('p.folder', '=', w.folder);
  if (w.before)
    query = query.where(
      sql<boolean>`(c.last_activity_at, c.id) < (${w.before.at}::timestamptz, ${w.before.id}::uuid)`,
    );
  return query
    .orderBy('c.last_activity_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(w.limit)
    .execute();
}

/** A message when `userId` takes part in its chat. */
export function findMessageFor(
  db: DbHandle,
  messageId: string,
  userId: string,
): Promise<MessageRow | undefined> {
  return db
    .selectFrom('messages')
    .selectAll('messages')
    .where('messages.id', '=', messageId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('chat_participants as cp')
          .select('cp.user_id')
          .whereRef('cp.chat_id', '=', 'messages.chat_id')
          .where('cp.user_id', '=', userId),
      ),
    )
    .executeTakeFirst();
}

export function findMessagesById(db: DbHandle, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([] as MessageRow[]);
  return db.selectFrom('messages').selectAll().where('id', 'in', ids).execute();
}

/**
 * Messages of a chat the viewer did not hide, newest first, older than the message `beforeId`
 * – compared with that row's own created_at in SQL: a JS Date of it would lose the
 * microseconds and skip the messages of its millisecond (a group commit gives a whole batch
 * one time).
 */
export function messagePage(
  db: DbHandle,
  chatId: string,
  viewerId: string,
  limit: number,
  beforeId?: string,
) {
  let query = db
    .selectFrom('messages')
    .selectAll()
    .where('chat_id', '=', chatId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('message_hidden as h')
            .select('h.user_id')
            .whereRef('h.message_id', '=', 'messages.id')
            .where('h.user_id', '=', viewerId),
        ),
      ),
    );
  if (beforeId)
    query = query.where(
      sql<boolean>`(created_at, id) < (select b.created_at, b.id from messages b
        where b.id = ${beforeId}::uuid)`,
    );
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The newest message that is not deleted: what a chat shows as its last message. */
export async function latestLiveMessageId(db: DbHandle, chatId: string) {
  const row = await db
    .selectFrom('messages')
    .select('id')
    .where('chat_id', '=', chatId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Messages in the user's chats created (or changed) after `since`. */
export function messagesSince(
  db: DbHandle,
  userId: string,
  since: Date,
  column: 'created_at' | 'updated_at',
  limit: number,
) {
  return db
    .selectFrom('messages')
    .innerJoin('chat_participants as cp', 'cp.chat_id', 'messages.chat_id')
    .selectAll('messages')
    .where('cp.user_id', '=', userId)
    .where(`messages.${column}`, '>', since)
    .orderBy(`messages.${column}`, 'asc')
    .orderBy('messages.id', 'asc')
    .limit(limit)
    .execute();
}

export type FactTable = 'message_likes' | 'message_favorites' | 'message_reads';

/** user ids per message for one fact table, in the order they happened */
export async function factsByMessage(db: DbHandle, table: FactTable, messageIds: string[]) {
  const map = new Map<string, string[]>();
  if (messageIds.length === 0) return map;
  const rows = await db
    .selectFrom(table)
    .select(['message_id', 'user_id'])
    .where('message_id', 'in', messageIds)
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
  for (const row of rows) {
    const list = map.get(row.message_id) ?? [];
    list.push(row.user_id);
    map.set(row.message_id, list);
  }
  return map;
}

export function touchMessage(db: DbHandle, messageId: string) {
  return db
    .updateTable('messages')
    .set({ updated_at: sql<Date>`now()` })
    .where('id', '=', messageId)
    .execute();
}
