import { sql, type RawBuilder } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
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
  before?: { at: Date; id: string } | undefined;
}

/** The user's visible chats, most recent activity first. */
export function listChatsFor(db: DbHandle, userId: string, w: ChatListWindow) {
  let query = db
    .selectFrom('chat_participants as p')
    .innerJoin('chats as c', 'c.id', 'p.chat_id')
    .selectAll('c')
    .where('p.user_id', '=', userId)
    .where('p.hidden_at', 'is', null);
  if (w.folder) query = query.where('p.folder', '=', w.folder);
  if (w.before)
    query = query.where(
      sql<boolean>`(c.last_activity_at, c.id) < (${w.before.at}, ${w.before.id})`,
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

/** Messages of a chat the viewer did not hide, newest first, older than `before`. */
export function messagePage(
  db: DbHandle,
  chatId: string,
  viewerId: string,
  limit: number,
  before?: { createdAt: Date; id: string },
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
  if (before)
    query = query.where(sql<boolean>`(created_at, id) < (${before.createdAt}, ${before.id})`);
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

/** What a send checks before any file is stored (messages.service `sendMessage`). */
export interface SendTarget {
  chatId: string;
  /** the other participants, as text */
  others: string[];
  /** the sender and one of them blocked the other (either way) */
  blocked: boolean;
  /** one of them is deleted or banned: history stays readable, nothing new arrives */
  gone: boolean;
}

/**
 * A send's checks in one statement (they were five: membership, the chat row, the other
 * participants, one block probe per participant, their account states). undefined when the
 * sender does not take part in the chat.
 */
export async function sendTarget(
  db: DbHandle,
  chatId: string,
  senderId: string,
): Promise<SendTarget | undefined> {
  const { rows } = await sql<{
    chat_id: string;
    others: string[];
    blocked: boolean;
    gone: boolean;
  }>`${sendTargetQuery(chatId, senderId)}`.execute(db);
  const row = rows[0];
  return row
    ? { chatId: row.chat_id, others: row.others, blocked: row.blocked, gone: row.gone }
    : undefined;
}

/** `sendTarget`'s query: one row (chat_id, others, blocked, gone) when the sender takes part. */
function sendTargetQuery(chatId: string, senderId: string) {
  return sql`
    select me.chat_id,
      coalesce(array_agg(o.user_id::text order by o.user_id) filter (where o.user_id is not null),
        '{}'::text[]) as others,
      coalesce(bool_or(exists (select 1 from blocks b
        where (b.blocker_id = me.user_id and b.blocked_id = o.user_id)
           or (b.blocker_id = o.user_id and b.blocked_id = me.user_id))), false) as blocked,
      coalesce(bool_or(u.status in ('deleted', 'banned')), false) as gone
    from chat_participants me
    left join chat_participants o on o.chat_id = me.chat_id and o.user_id <> me.user_id
    left join users u on u.id = o.user_id
    where me.chat_id = ${chatId}::uuid and me.user_id = ${senderId}::uuid
    group by me.chat_id`;
}

export interface MessageValues {
  chatId: string;
  senderId: string;
  /** the receivers whose unread counters and folders move */
  others: readonly string[];
  text: string;
  quotedId: string | null;
  imageId: string | null;
  videoId: string | null;
  voiceId: string | null;
  voiceDuration: number | null;
  /** attached media ids in order (no duplicates) */
  itemIds: readonly string[];
  lockedCents: number | null;
  teaserId: string | null;
  teaserText: string | null;
  tipCents: number | null;
  offer: Record<string, unknown> | null;
  contentRequest: Record<string, unknown> | null;
  massMessageId: string | null;
}

/** What a message write answers: the row, and who gets a new unread notice. */
export interface WrittenMessage {
  row: MessageRow;
  /**
   * Receivers who did not restrict the sender and had no unread `message` notice about this
   * chat when the statement began: only they need `notify` (which coalesces into an unread
   * notice anyway; this spares the statement for everyone else).
   */
  notifyIds: string[];
}

type WrittenRow = MessageRow & { notify_ids: string[] };

/**
 * The CTEs that write a message once a `locked` CTE holds the chat's row (`id`): the row, its
 * attached media, the chat's last message, the sender's participant row and the receivers'
 * (`others`, a uuid[] expression), who are returned with whether they restricted the sender
 * and whether an unread notice about the chat already waits for them.
 */
function messageCtes(v: MessageValues, others: RawBuilder<unknown>) {
  const json = (value: Record<string, unknown> | null) =>
    value === null ? null : JSON.stringify(value);
  return sql`msg as (
      insert into messages (chat_id, sender_id, text, quoted_message_id, image_media_id,
        video_media_id, voice_media_id, voice_duration, locked_price_cents, teaser_media_id,
        teaser_text, tip_cents, offer, offer_status, content_request, content_request_status,
        mass_message_id)
      select locked.id, ${v.senderId}::uuid, ${v.text}::text, ${v.quotedId}::uuid,
        ${v.imageId}::uuid, ${v.videoId}::uuid, ${v.voiceId}::uuid,
        ${v.voiceDuration}::double precision, ${v.lockedCents}::integer, ${v.teaserId}::uuid,
        ${v.teaserText}::text, ${v.tipCents}::integer, ${json(v.offer)}::jsonb,
        ${v.offer ? 'pending' : null}::text, ${json(v.contentRequest)}::jsonb,
        ${v.contentRequest ? 'pending' : null}::text, ${v.massMessageId}::uuid
      from locked
      returning *
    ), attached as (
      insert into message_media (message_id, media_id, position)
      select msg.id, item.media_id, item.ord - 1
      from msg, unnest(${[...v.itemIds]}::uuid[]) with ordinality as item(media_id, ord)
    ), chat as (
      update chats set last_message_id = msg.id, last_activity_at = msg.created_at
      from msg where chats.id = msg.chat_id
    ), sender as (
      update chat_participants p
      set hidden_at = null, folder = 'inbox', last_read_at = msg.created_at
      from msg where p.chat_id = msg.chat_id and p.user_id = msg.sender_id
    ), receivers as (
      update chat_participants p
      set unread_count = p.unread_count + 1, hidden_at = null,
        folder = case when exists (select 1 from restricts r
          where r.restricter_id = p.user_id and r.restricted_id = msg.sender_id)
          then 'requests' else p.folder end
      from msg
      where p.chat_id = msg.chat_id and p.user_id = any(${others})
      returning p.user_id, exists (select 1 from restricts r
          where r.restricter_id = p.user_id and r.restricted_id = msg.sender_id) as restricted,
        exists (select 1 from notifications n
          where n.user_id = p.user_id and n.type = 'message'
            and n.related_id = msg.chat_id::text and not n.is_read) as noticed
    )`;
}

const notifyIds = sql`coalesce((select array_agg(user_id::text order by user_id)
      from receivers where not restricted and not noticed), '{}'::text[])`;

function written({ notify_ids, ...row }: WrittenRow): WrittenMessage {
  return { row: row as MessageRow, notifyIds: notify_ids };
}

/**
 * A message and everything its chat keeps about it, in one statement: the chat's write lock
 * (every other part reads from `locked`, so nothing is written before the lock is held, as
 * `lockChats` guarantees for the other writes), the row, its attached media, the chat's last
 * message, the sender's participant row (inbox, visible, read up to here) and the receivers'
 * (one more unread, visible, a restricter's copy filed under requests). Answers the row and the
 * receivers to notify (those who did not restrict the sender and have no unread notice about
 * the chat). It used to be seven statements plus one restriction probe per receiver.
 */
export async function writeMessage(db: DbHandle, v: MessageValues): Promise<WrittenMessage> {
  const { rows } = await sql<WrittenRow>`
    with locked as (
      select id from chats where id = ${v.chatId}::uuid for no key update
    ), ${messageCtes(v, sql`${[...v.others]}::uuid[]`)}
    select msg.*, ${notifyIds} as notify_ids
    from msg`.execute(db);
  const first = rows[0];
  if (!first) throw new Error(`chat ${v.chatId} does not exist`);
  return written(first);
}

/** A plain text message: no media, no paid parts, no quote. */
export interface TextMessage {
  chatId: string;
  senderId: string;
  text: string;
  /** the client's receiverId, lower-cased: must name the other participant */
  receiverId: string | null;
}

/**
 * A text message's whole send in one statement, so it needs no transaction of its own: the
 * checks of `sendTarget` (membership, the other participants, blocks, a deleted or banned
 * receiver, a wrong receiverId) decide whether `locked` takes the chat's row, and the write
 * of `writeMessage` follows only when they pass. Answers the checks (undefined: not a member)
 * and, when they passed, the written message.
 */
export async function sendTextMessage(
  db: DbHandle,
  m: TextMessage,
): Promise<{ target: SendTarget; message?: WrittenMessage } | undefined> {
  const values: MessageValues = {
    ...m,
    others: [],
    quotedId: null,
    imageId: null,
    videoId: null,
    voiceId: null,
    voiceDuration: null,
    itemIds: [],
    lockedCents: null,
    teaserId: null,
    teaserText: null,
    tipCents: null,
    offer: null,
    contentRequest: null,
    massMessageId: null,
  };
  const { rows } = await sql<
    Omit<WrittenRow, 'notify_ids'> & {
      t_others: string[];
      t_blocked: boolean;
      t_gone: boolean;
      notify_ids: string[] | null;
    }
  >`
    with target as (
      ${sendTargetQuery(m.chatId, m.senderId)}
    ), locked as (
      select c.id from chats c, target t
      where c.id = t.chat_id and not t.blocked and not t.gone and cardinality(t.others) > 0
        and (${m.receiverId}::text is null or ${m.receiverId}::text = any(t.others))
      for no key update of c
    ), ${messageCtes(values, sql`(select others from target)::uuid[]`)}
    select target.others as t_others, target.blocked as t_blocked, target.gone as t_gone,
      msg.*, case when msg.id is null then null else ${notifyIds} end as notify_ids
    from target left join msg on true`.execute(db);
  const first = rows[0];
  if (!first) return undefined;
  const { t_others, t_blocked, t_gone, notify_ids, ...row } = first;
  const target = { chatId: m.chatId, others: t_others, blocked: t_blocked, gone: t_gone };
  if (row.id === null || notify_ids === null) return { target };
  return { target, message: written({ ...(row as MessageRow), notify_ids }) };
}
