import { ErrorCodes } from '@fanspace/contracts';
import { withTransaction, type Db, type Tx } from '../../platform/db/database.ts';
import { AppError, BadRequestError } from '../../platform/errors.ts';
import { automationEvent } from '../automation/automation.runner.ts';
import { chargeToCreator } from '../ledger/charges.ts';
import { addDays, SUBSCRIPTION_PERIOD_DAYS } from '../ledger/money.ts';
import { notify } from '../notifications/notify.ts';
import { bumpSubscriberCount, scheduleRenewal, type Deps } from './subscriptions.service.ts';
import { payableCreator } from './tips.service.ts';

/** The renewal job's work (payments.jobs.ts): charging due periods, expiring ended ones. */

/**
 * Renews every due recurring subscription, one transaction each. The row is locked and
 * re-checked, and the charge carries `renewal:<id>:<period end>` as its unique ledger ref,
 * so two runs (or two workers) charge a period at most once. A renewal that cannot be paid
 * expires the subscription.
 */
export async function renewDueSubscriptions(deps: Deps & { db: Db }, now = new Date()) {
  const due = await deps.db
    .selectFrom('subscriptions')
    .select('id')
    .where('status', '=', 'active')
    .where('is_recurring', '=', true)
    .where('current_period_end', '<=', now)
    .limit(500)
    .execute();
  let renewed = 0;
  let expired = 0;
  for (const { id } of due) {
    try {
      const ok = await withTransaction(deps.db, (tx) => renewOne(deps, tx, id, now));
      if (ok) renewed += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // insufficient funds or a creator who is gone or free now: the period simply ends
      await withTransaction(deps.db, async (tx) => {
        const ended = await tx
          .updateTable('subscriptions')
          .set({ status: 'expired', is_recurring: false })
          .where('id', '=', id)
          .where('status', '=', 'active')
          .where('current_period_end', '<=', now)
          .returning(['creator_id', 'subscriber_id', 'current_period_end'])
          .execute();
        await bumpSubscriberCount(
          tx,
          ended.map((r) => r.creator_id),
          -1,
        );
        for (const row of ended) {
          await automationEvent(deps, tx, {
            trigger: 'subscription_expired',
            creatorId: row.creator_id,
            fanId: row.subscriber_id,
            eventKey: `expired:${id}:${row.current_period_end.toISOString()}`,
          });
          // the fan learns why their access ended, with the reason the charge failed
          await notify(tx, {
            userId: row.subscriber_id,
            type: 'subscription',
            actorId: row.creator_id,
            relatedId: id,
            relatedType: 'subscription',
            data: { event: 'renewal_failed', reason: error.message },
          });
        }
        expired += ended.length;
      });
    }
  }
  // non-recurring periods that ran out are over too
  const lapsed = await withTransaction(deps.db, async (tx) => {
    const rows = await tx
      .updateTable('subscriptions')
      .set({ status: 'expired' })
      .where('status', '=', 'active')
      .where('is_recurring', '=', false)
      .where('current_period_end', '<=', now)
      .returning(['id', 'creator_id', 'subscriber_id', 'current_period_end'])
      .execute();
    for (const row of rows)
      await automationEvent(deps, tx, {
        trigger: 'subscription_expired',
        creatorId: row.creator_id,
        fanId: row.subscriber_id,
        eventKey: `expired:${row.id}:${row.current_period_end.toISOString()}`,
      });
    await bumpSubscriberCount(
      tx,
      rows.map((r) => r.creator_id),
      -1,
    );
    return rows.length;
  });
  return { renewed, expired: expired + lapsed };
}

async function renewOne(deps: Deps, tx: Tx, id: string, now: Date): Promise<boolean> {
  const row = await tx
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.status !== 'active' || !row.is_recurring || row.current_period_end > now)
    return false;
  const creator = await payableCreator(tx, row.subscriber_id, row.creator_id);
  if (creator.subscription_price_cents <= 0)
    throw new BadRequestError('Free creators have no renewals', ErrorCodes.SUBSCRIPTION_FREE);
  const next = addDays(row.current_period_end, SUBSCRIPTION_PERIOD_DAYS);
  // a long-lapsed period restarts from now rather than back-charging missed months
  const periodEnd = next > now ? next : addDays(now, SUBSCRIPTION_PERIOD_DAYS);
  await chargeToCreator(deps, tx, {
    kind: 'renewal',
    payerId: row.subscriber_id,
    creatorId: row.creator_id,
    grossCents: creator.subscription_price_cents,
    details: { subscriptionId: row.id, periodEnd: periodEnd.toISOString() },
    idempotencyRef: `renewal:${row.id}:${row.current_period_end.toISOString()}`,
    now,
  });
  await automationEvent(deps, tx, {
    trigger: 'subscription_renewed',
    creatorId: row.creator_id,
    fanId: row.subscriber_id,
    eventKey: `renewal:${row.id}:${row.current_period_end.toISOString()}`,
  });
  await tx
    .updateTable('subscriptions')
    .set({ current_period_end: periodEnd })
    .where('id', '=', row.id)
    .execute();
  await scheduleRenewal(deps, tx, periodEnd);
  return true;
}
