import { sql, type RawBuilder } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import type { MessageRow } from '../../platform/db/schema.ts';
import { opaque } from '../../platform/db/array-parameter.ts';
import { mentionedUsernames } from '../posts/posts.rules.ts';

/**
 * SQL of a message send: its checks (`sendTarget`), the write of any message under its chat's
 * lock (`writeMessage`) and the plain text send, checks and write in one statement for a batch
 * of chats (`sendTextMessages`, the group commit of text-sends.ts).
 */

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
  }>`${targetQuery(sql`${chatId}::uuid`, sql`${senderId}::uuid`)}`.execute(db);
  const row = rows[0];
  return row
    ? { chatId: row.chat_id, others: row.others, blocked: row.blocked, gone: row.gone }
    : undefined;
}

/**
 * `sendTarget`'s query for a chat and a sender (parameters, or a batch's columns): one row
 * (chat_id, others, blocked, gone) when the sender takes part, none otherwise.
 */
function targetQuery(chatId: RawBuilder<unknown>, senderId: RawBuilder<unknown>) {
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
    where me.chat_id = ${chatId} and me.user_id = ${senderId}
    group by me.chat_id`;
}

/** A message's parts besides its chat, sender, receivers and text. */
export interface MessageParts {
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

export interface MessageValues extends MessageParts {
  chatId: string;
  senderId: string;
  /** the receivers whose unread counters and folders move */
  others: readonly string[];
  text: string;
}

/** A plain text message has none of the other parts. */
const TEXT_ONLY: MessageParts = {
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
 * The ids of the accounts named by `names` (the lower-cased @usernames of the text, in order,
 * text[]) that a message of `senderId` mentions: existing, visible accounts that neither block
 * the sender nor are blocked by it, as comment mentions resolve (comments.queries.ts
 * `mentionedUserIds`), in the order of the text, as jsonb. Part of the write statement, so a
 * send keeps its statement count; without names it reads nothing.
 */
function mentionsOf(names: RawBuilder<unknown>, senderId: RawBuilder<unknown>) {
  return sql`case when cardinality(${names}) = 0 then '[]'::jsonb else coalesce((
      select jsonb_agg(u.id order by n.ord)
      from unnest(${names}) with ordinality as n(name, ord)
      join users u on u.username = n.name::citext
      where u.status in ('active', 'suspended') and u.deleted_at is null
        and not exists (select 1 from blocks k
          where (k.blocker_id = ${senderId} and k.blocked_id = u.id)
             or (k.blocker_id = u.id and k.blocked_id = ${senderId}))
    ), '[]'::jsonb) end`;
}

/**
 * The CTEs that write a message per row of a `locked` CTE, which holds the chat's row (`id`)
 * and the message's `sender_id`, `text` and `mentioned` (the text's @usernames as text[],
 * `mentionedUsernames`): the row with its resolved `mentions`, its attached media, the chat's
 * last message, the sender's participant row and the receivers' (`others`, a uuid[] expression
 * that may name `msg`), who are returned with whether they restricted the sender and whether an
 * unread notice about the chat already waits for them. Each chat must appear once in `locked`.
 */
function messageCtes(v: MessageParts, others: RawBuilder<unknown>) {
  const json = (value: Record<string, unknown> | null) =>
    value === null ? null : JSON.stringify(value);
  return sql`msg as (
      insert into messages (chat_id, sender_id, text, quoted_message_id, image_media_id,
        video_media_id, voice_media_id, voice_duration, locked_price_cents, teaser_media_id,
        teaser_text, tip_cents, offer, offer_status, content_request, content_request_status,
        mass_message_id, mentions)
      select locked.id, locked.sender_id, locked.text, ${v.quotedId}::uuid,
        ${v.imageId}::uuid, ${v.videoId}::uuid, ${v.voiceId}::uuid,
        ${v.voiceDuration}::double precision, ${v.lockedCents}::integer, ${v.teaserId}::uuid,
        ${v.teaserText}::text, ${v.tipCents}::integer, ${json(v.offer)}::jsonb,
        ${v.offer ? 'pending' : null}::text, ${json(v.contentRequest)}::jsonb,
        ${v.contentRequest ? 'pending' : null}::text, ${v.massMessageId}::uuid,
        ${mentionsOf(sql`locked.mentioned`, sql`locked.sender_id`)}
      from locked
      returning *
    ), attached as (
      insert into message_media (message_id, media_id, position)
      select msg.id, item.media_id, item.ord - 1
      from msg, unnest(${opaque(v.itemIds, 'uuid')}) with ordinality as item(media_id, ord)
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
      returning p.chat_id, p.user_id, exists (select 1 from restricts r
          where r.restricter_id = p.user_id and r.restricted_id = msg.sender_id) as restricted,
        exists (select 1 from notifications n
          where n.user_id = p.user_id and n.type = 'message'
            and n.related_id = msg.chat_id::text and not n.is_read) as noticed
    )`;
}

/** The receivers of `msg`'s chat to notify. */
const notifyIds = sql`coalesce((select array_agg(r.user_id::text order by r.user_id)
      from receivers r where r.chat_id = msg.chat_id and not r.restricted and not r.noticed),
      '{}'::text[])`;

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
      select id, ${v.senderId}::uuid as sender_id, ${v.text}::text as text,
        ${mentionedUsernames(v.text)}::text[] as mentioned
      from chats where id = ${v.chatId}::uuid for no key update
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

/** A text send's answer: the checks and, when they passed, the written message. */
export interface TextSent {
  target: SendTarget;
  message?: WrittenMessage;
}

type TextSentRow = Omit<WrittenRow, 'notify_ids'> & {
  t_ord: number;
  t_chat_id: string;
  t_others: string[];
  t_blocked: boolean;
  t_gone: boolean;
  notify_ids: string[] | null;
};

/**
 * Plain text messages to different chats, each send's whole work in one statement for all of
 * them, so they need no transaction of their own: per send, the checks of `sendTarget`
 * (membership, the other participants, blocks, a deleted or banned receiver, a wrong
 * receiverId) decide whether `locked` takes the chat's row, and the write of `writeMessage`
 * follows only when they pass. The chats are locked in id order, so two such statements (or one
 * and a `lockChats`) cannot deadlock. Answers, in the order of `sends`, the checks (undefined:
 * not a member) and, when they passed, the written message. One chat at most once: a second
 * message to a chat belongs in a later statement (its order, its own `created_at`).
 */
export async function sendTextMessages(
  db: DbHandle,
  sends: readonly TextMessage[],
): Promise<Array<TextSent | undefined>> {
  const chatIds = sends.map((s) => s.chatId);
  if (new Set(chatIds).size !== chatIds.length)
    throw new Error('sendTextMessages: one message per chat and statement');
  const { rows } = await sql<TextSentRow>`
    with target as (
      select i.ord, i.chat_id, i.sender_id, i.text, i.receiver_id, i.mentioned, t.others,
        t.blocked, t.gone
      from unnest(${opaque(chatIds, 'uuid')}, ${opaque(
        sends.map((s) => s.senderId),
        'uuid',
      )},
          ${opaque(
            sends.map((s) => s.text),
            'text',
          )},
          ${opaque(
            sends.map((s) => s.receiverId),
            'text',
          )},
          ${opaque(
            // each send's @usernames, space-separated (a username has no space): '' for none
            sends.map((s) => mentionedUsernames(s.text).join(' ')),
            'text',
          )})
        with ordinality as i(chat_id, sender_id, text, receiver_id, mentioned, ord)
      cross join lateral (${targetQuery(sql`i.chat_id`, sql`i.sender_id`)}) t
    ), locked as (
      select c.id, t.sender_id, t.text, string_to_array(t.mentioned, ' ') as mentioned
      from chats c join target t on t.chat_id = c.id
      where c.id = any(${opaque(chatIds, 'uuid')})
        and not t.blocked and not t.gone and cardinality(t.others) > 0
        and (t.receiver_id is null or t.receiver_id = any(t.others))
      order by c.id
      for no key update of c
    ), ${messageCtes(TEXT_ONLY, sql`(select t.others from target t where t.chat_id = msg.chat_id)::uuid[]`)}
    select target.ord::integer as t_ord, target.chat_id as t_chat_id, target.others as t_others,
      target.blocked as t_blocked, target.gone as t_gone, msg.*,
      case when msg.id is null then null else ${notifyIds} end as notify_ids
    from target left join msg on msg.chat_id = target.chat_id`.execute(db);
  const answers: Array<TextSent | undefined> = sends.map(() => undefined);
  for (const { t_ord, t_chat_id, t_others, t_blocked, t_gone, notify_ids, ...row } of rows) {
    const target = { chatId: t_chat_id, others: t_others, blocked: t_blocked, gone: t_gone };
    answers[t_ord - 1] =
      row.id === null || notify_ids === null
        ? { target }
        : { target, message: written({ ...(row as MessageRow), notify_ids }) };
  }
  return answers;
}
