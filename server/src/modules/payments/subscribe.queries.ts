import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import type { StatementTail } from '../../platform/db/statement-tail.ts';
import { automationRuleExists } from '../automation/automation.runner.ts';
import { notHiddenFrom } from '../graph/graph.relations.ts';
import { referralColumns } from '../referrals/referrals.split.ts';
import type { SubscriptionRow } from './present.ts';

/**
 * The statements of a new subscription (subscriptions.service `subscribe`): the checks with
 * the fan's wallet lock, then the subscription row read under that lock with its upsert, and
 * the subscriber count as a tail of the charge's ledger write.
 */

export interface SubscribeChecks extends Record<string, unknown> {
  /** null: no visible account of that id (as `payableCreator` finds it) */
  creator_type: string | null;
  price_cents: number | null;
  /** the fan's wallet, locked by this statement; null: the fan has none yet */
  wallet_id: string | null;
  has_automation: boolean;
}

/**
 * Everything a subscribe reads before the subscription row, in one statement: the creator as
 * `payableCreator` finds them, their referral terms, whether they have an enabled
 * `new_subscriber` rule, and the fan's wallet locked FOR UPDATE (`lockWallet`: one money
 * operation per fan at a time, so two subscribes cannot both find no subscription). The
 * subscription itself is read by the next statement, whose snapshot follows the lock.
 */
export async function subscribeChecks(
  db: DbHandle,
  fanId: string,
  creatorId: string,
): Promise<SubscribeChecks> {
  const creator = sql`${creatorId}::uuid`;
  const { rows } = await sql<SubscribeChecks>`
    with wallet as (
      select id from ledger_accounts
      where kind = 'user_wallet' and owner_id = ${fanId}::uuid
      for update
    )
    select c.account_type as creator_type, c.subscription_price_cents as price_cents,
      (select id from wallet) as wallet_id,
      ${referralColumns(creator)},
      ${automationRuleExists(creator, 'new_subscriber')} as has_automation
    from (select 1) as one
    left join users c on c.id = ${creator} and c.status in ('active', 'suspended')
      and c.deleted_at is null and ${notHiddenFrom(fanId, 'c.id')}`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('the subscribe checks returned no row');
  return row;
}

/** What the fan's subscription to the creator was before this request. */
export interface PriorSubscription {
  id: string;
  status: SubscriptionRow['status'];
  current_period_end: Date;
  canceled_at: Date | null;
  /** a card provider's subscription that renews it */
  provider_subscription_id: string | null;
}

export interface TakenSubscription {
  existing: PriorSubscription | undefined;
  /** the active row written by the upsert; undefined when none was asked for or one is live */
  row: SubscriptionRow | undefined;
}

type TakenRow = { [K in keyof SubscriptionRow]: SubscriptionRow[K] | null } & {
  e_id: string | null;
  e_status: SubscriptionRow['status'] | null;
  e_period_end: Date | string | null;
  e_canceled_at: Date | string | null;
  e_provider_subscription_id: string | null;
};

const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * The fan's subscription row to the creator, locked FOR UPDATE, and – when `periodEnd` is
 * given and no paid period is live at `now` – the upsert that starts a new period (the same
 * insert … on conflict do update as before), in one statement. A live row is left alone: the
 * caller refuses (409) or resumes it.
 */
export async function takeSubscription(
  db: DbHandle,
  fanId: string,
  creatorId: string,
  now: Date,
  periodEnd: Date | null,
): Promise<TakenSubscription> {
  const upsert =
    periodEnd === null
      ? sql`, taken as (select * from subscriptions where false)`
      : sql`, taken as (
        insert into subscriptions (subscriber_id, creator_id, status, current_period_end,
          is_recurring)
        select ${fanId}::uuid, ${creatorId}::uuid, 'active', ${periodEnd}::timestamptz, true
        where not exists (select 1 from existing e
          where e.status = 'active' and e.current_period_end > ${now}::timestamptz)
        on conflict (subscriber_id, creator_id) do update set status = 'active',
          current_period_end = excluded.current_period_end, is_recurring = true,
          canceled_at = null, provider_subscription_id = null
        returning *
      )`;
  const { rows } = await sql<TakenRow>`
    with existing as (
      select * from subscriptions
      where subscriber_id = ${fanId}::uuid and creator_id = ${creatorId}::uuid
      for update
    )${upsert}
    select taken.*, e.id as e_id, e.status as e_status, e.current_period_end as e_period_end,
      e.canceled_at as e_canceled_at, e.provider_subscription_id as e_provider_subscription_id
    from (select 1) as one
    left join existing e on true
    left join taken on true`.execute(db);
  const found = rows[0];
  if (!found) throw new Error('the subscription statement returned no row');
  const { e_id, e_status, e_period_end, e_canceled_at, e_provider_subscription_id, ...row } = found;
  return {
    existing:
      e_id !== null && e_status !== null && e_period_end !== null
        ? {
            id: e_id,
            status: e_status,
            current_period_end: date(e_period_end),
            canceled_at: e_canceled_at === null ? null : date(e_canceled_at),
            provider_subscription_id: e_provider_subscription_id,
          }
        : undefined,
    row: row.id === null ? undefined : (row as SubscriptionRow),
  };
}

/**
 * `takeSubscription`'s upsert on its own, for a subscribe whose offer was resolved between the
 * row's read and its write.
 */
export function upsertSubscription(
  tx: DbHandle,
  fanId: string,
  creatorId: string,
  periodEnd: Date,
) {
  return tx
    .insertInto('subscriptions')
    .values({
      subscriber_id: fanId,
      creator_id: creatorId,
      status: 'active',
      current_period_end: periodEnd,
      is_recurring: true,
    })
    .onConflict((oc) =>
      oc.columns(['subscriber_id', 'creator_id']).doUpdateSet({
        status: 'active',
        current_period_end: periodEnd,
        is_recurring: true,
        canceled_at: null,
        // a period the wallet pays: no card provider renews it any more
        provider_subscription_id: null,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** users.subscriber_count + 1 for the creator, as a CTE of the charge's ledger write. */
export function subscriberCounted(creatorId: string): StatementTail {
  return {
    ctes: [
      sql`subscriber_counted as (
        update users set subscriber_count = greatest(subscriber_count + 1, 0)
        where id = ${creatorId}::uuid
      )`,
    ],
    columns: [],
  };
}
