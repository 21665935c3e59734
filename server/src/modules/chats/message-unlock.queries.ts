import { sql, type RawBuilder } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import type { StatementTail } from '../../platform/db/statement-tail.ts';
import type { MessageRow } from '../../platform/db/schema.ts';
import { PRESENTED_MEDIA_COLUMNS, type PresentableMedia } from '../media/media.presenter.ts';
import { publicUserFromJson, withDates } from '../posts/viewer-state.queries.ts';
import { referralColumns } from '../referrals/referrals.split.ts';
import { PUBLIC_USER_COLUMNS } from '../users/users.presenter.ts';
import {
  QUOTED_COLUMNS,
  type LoadedFacts,
  type MessagePurchaseFact,
  type QuotedRow,
} from './message-views.ts';

/**
 * SQL of the paid parts of chat messages: the chat's write lock found by one of its messages,
 * the one statement an unlock reads (and inserts its purchase) with, and the writes that ride
 * in the charge's ledger statement.
 */

/**
 * Takes the write lock of the chat of `messageId` (`lockChats`' FOR NO KEY UPDATE) when
 * `userId` takes part in it, found by the message in the same statement: false when the
 * message does not exist for the user. The message is read again afterwards, under the lock
 * (this statement's snapshot predates the wait).
 */
export async function lockChatOfMessage(
  db: DbHandle,
  messageId: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('chats')
    .select('chats.id')
    .where('chats.id', '=', (eb) =>
      eb
        .selectFrom('messages')
        .select('messages.chat_id')
        .where('messages.id', '=', messageId)
        .where((w) =>
          w.exists(
            w
              .selectFrom('chat_participants as cp')
              .select('cp.user_id')
              .whereRef('cp.chat_id', '=', 'messages.chat_id')
              .where('cp.user_id', '=', userId),
          ),
        ),
    )
    .forNoKeyUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** The columns of `unlockChecks`' row besides the message's own. */
interface CheckColumns {
  chk_blocked: boolean | null;
  /** null: no purchase inserted (a refused unlock, or one bought before) */
  chk_purchase_id: string | null;
  chk_purchased_at: Date | string | null;
  /** the transaction's `now()`: the message's `updated_at` once the unlock touches it */
  chk_now: Date | string;
  /** the chat's participants other than the sender (who hear of the update) */
  chk_others: string[] | null;
  fact_sender: Record<string, unknown> | null;
  fact_liked_by: string[] | null;
  fact_favorited_by: string[] | null;
  fact_read_by: string[] | null;
  fact_hidden_by: string[] | null;
  fact_quoted: Record<string, unknown> | null;
  fact_slots: PresentableMedia[] | null;
  fact_items: PresentableMedia[] | null;
  fact_purchases: Array<Record<string, unknown>> | null;
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

export interface UnlockChecks {
  /** null: the message does not exist for the viewer */
  message: MessageRow | null;
  blocked: boolean;
  purchase: { id: string; createdAt: Date } | null;
  now: Date;
  others: string[];
  /** the referral columns (`referralTermsFrom`) */
  referral: Record<string, unknown>;
  /** what presenting the message reads, without the purchase this statement inserted */
  facts: LoadedFacts;
}

const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));

const columnsOf = (alias: string, columns: readonly string[]) =>
  sql.join(columns.map((c) => sql.ref(`${alias}.${c}`)));

/** One jsonb array of the user ids of a message's likes, favorites or reads, in their order. */
const factIds = (table: 'message_likes' | 'message_favorites' | 'message_reads') =>
  sql`(select coalesce(jsonb_agg(f.user_id order by f.created_at, f.user_id), '[]'::jsonb)
    from ${sql.table(table)} f where f.message_id = message.id)`;

/**
 * What `presentMessages` reads about one message for `viewer` (senders, likes, favorites, reads,
 * the viewer's hide, quote, media, purchases), as jsonb columns of a query over `message`.
 */
const factColumns = (viewer: RawBuilder<unknown>): RawBuilder<unknown> => sql`
  (select to_jsonb(s) from (select ${columnsOf('u', PUBLIC_USER_COLUMNS)}
    from users u where u.id = message.sender_id) s) as fact_sender,
  ${factIds('message_likes')} as fact_liked_by,
  ${factIds('message_favorites')} as fact_favorited_by,
  ${factIds('message_reads')} as fact_read_by,
  (select coalesce(jsonb_agg(h.user_id), '[]'::jsonb) from message_hidden h
    where h.message_id = message.id and h.user_id = ${viewer}) as fact_hidden_by,
  (select to_jsonb(q) from (select ${columnsOf('qm', QUOTED_COLUMNS)}
    from messages qm where qm.id = message.quoted_message_id) q) as fact_quoted,
  (select coalesce(jsonb_agg(to_jsonb(i)), '[]'::jsonb) from (
    select ${columnsOf('mi', PRESENTED_MEDIA_COLUMNS)} from media_items mi
    where mi.id in (message.image_media_id, message.video_media_id, message.voice_media_id,
      message.teaser_media_id)
      and mi.deleted_at is null) i) as fact_slots,
  (select coalesce(jsonb_agg(to_jsonb(a) - 'position' order by a.position), '[]'::jsonb) from (
    select ${columnsOf('mi', PRESENTED_MEDIA_COLUMNS)}, mm.position
    from message_media mm join media_items mi on mi.id = mm.media_id
    where mm.message_id = message.id and mi.deleted_at is null) a) as fact_items,
  (select coalesce(jsonb_agg(jsonb_build_object('buyer_id', p.buyer_id,
      'created_at', p.created_at, 'ledger_transaction_id', p.ledger_transaction_id,
      'reason', p.reason) order by p.created_at), '[]'::jsonb)
    from message_purchases p where p.message_id = message.id) as fact_purchases`;

const purchaseFact = (json: Record<string, unknown>) =>
  withDates<MessagePurchaseFact>(json, ['created_at']);

const quotedFrom = (json: Record<string, unknown>) =>
  withDates<QuotedRow>(json, ['created_at', 'deleted_at']);

/**
 * Everything an unlock of a message reads, in one statement under the chat's lock: the
 * message as `findMessageFor` finds it, whether its sender and the viewer block each other,
 * the sender's referral terms, the other participants (the realtime update) and what the
 * response presents. The purchase row is inserted here too (a data-modifying CTE) when the
 * message may be bought – live, not one's own, locked, no block – so its UNIQUE (message,
 * buyer) still refuses a second one before any charge; nothing is inserted otherwise, and a
 * row bought before leaves `purchase` null (409).
 */
export async function unlockChecks(
  db: DbHandle,
  messageId: string,
  viewerId: string,
): Promise<UnlockChecks> {
  const viewer = sql`${viewerId}::uuid`;
  const blocked = sql`exists (select 1 from blocks b
    where (b.blocker_id = ${viewer} and b.blocked_id = message.sender_id)
       or (b.blocker_id = message.sender_id and b.blocked_id = ${viewer}))`;
  const { rows } = await sql<Nullable<MessageRow> & CheckColumns & Record<string, unknown>>`
    with message as (
      select m.* from messages m
      where m.id = ${messageId}::uuid
        and exists (select 1 from chat_participants cp
          where cp.chat_id = m.chat_id and cp.user_id = ${viewer})
    ), purchase as (
      insert into message_purchases (message_id, buyer_id, price_cents, reason)
      select message.id, ${viewer}, message.locked_price_cents, 'unlock' from message
      where message.deleted_at is null
        and message.sender_id <> ${viewer}
        and message.locked_price_cents is not null
        and not ${blocked}
      on conflict (message_id, buyer_id) do nothing
      returning id, created_at
    )
    select message.*,
      ${blocked} as chk_blocked,
      (select id from purchase) as chk_purchase_id,
      (select created_at from purchase) as chk_purchased_at,
      now() as chk_now,
      (select coalesce(jsonb_agg(cp.user_id), '[]'::jsonb) from chat_participants cp
        where cp.chat_id = message.chat_id and cp.user_id <> message.sender_id) as chk_others,
      ${referralColumns(sql`message.sender_id`)},
      ${factColumns(viewer)}
    from (select 1) as one
    left join message on true`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('the message unlock checks returned no row');
  const {
    chk_blocked,
    chk_purchase_id,
    chk_purchased_at,
    chk_now,
    chk_others,
    ref_referrer,
    ref_since,
    ref_pct,
    ref_months,
    fact_sender,
    fact_liked_by,
    fact_favorited_by,
    fact_read_by,
    fact_hidden_by,
    fact_quoted,
    fact_slots,
    fact_items,
    fact_purchases,
    ...message
  } = row;
  return {
    message: message.id === null ? null : (message as MessageRow),
    blocked: chk_blocked === true,
    purchase:
      chk_purchase_id !== null && chk_purchased_at !== null
        ? { id: chk_purchase_id, createdAt: date(chk_purchased_at) }
        : null,
    now: date(chk_now),
    others: chk_others ?? [],
    referral: { ref_referrer, ref_since, ref_pct, ref_months },
    facts: {
      sender: fact_sender ? publicUserFromJson(fact_sender) : undefined,
      likedBy: fact_liked_by ?? [],
      favoritedBy: fact_favorited_by ?? [],
      readBy: fact_read_by ?? [],
      hiddenBy: fact_hidden_by ?? [],
      quoted: fact_quoted ? quotedFrom(fact_quoted) : undefined,
      slots: new Map((fact_slots ?? []).map((m) => [m.id, m])),
      items: fact_items ?? [],
      purchases: (fact_purchases ?? []).map(purchaseFact),
    },
  };
}

/** A purchase's link to its transaction, as a CTE of the charge's ledger write (`t`). */
export const purchaseLinked = (purchaseId: string): StatementTail => ({
  ctes: [
    sql`message_purchase_linked as (
      update message_purchases set ledger_transaction_id = (select id from t)
      where id = ${purchaseId}::uuid
    )`,
  ],
  columns: [],
});

/** The message's `updated_at` to the transaction's `now()`, as a CTE of another statement. */
export const messageTouched = (messageId: string): StatementTail => ({
  ctes: [
    sql`message_touched as (
      update messages set updated_at = now() where id = ${messageId}::uuid
    )`,
  ],
  columns: [],
});
