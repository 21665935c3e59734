import {
  CURRENCY,
  ErrorCodes,
  PAYOUT_MIN_CENTS,
  type Payout,
  type PayoutResponse,
  type PayoutScheduleName,
  type PayoutScheduleView,
  type PayoutsPage,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import {
  assertInTransaction,
  withTransaction,
  type Db,
  type DbHandle,
} from '../../platform/db/database.ts';
import type { PayoutsTable } from '../../platform/db/schema.ts';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import type { Selectable } from 'kysely';
import { newRowId } from '../../platform/ids.ts';
import { accountId, postTransaction } from '../ledger/ledger.service.ts';
import { formatMoney, units } from '../ledger/money.ts';
import { owedCents } from '../ledger/reversals.ts';
import { notify } from '../notifications/notify.ts';
import { listPayoutRows, lockPayout, type PayoutListFilter } from './payouts.queries.ts';
import { lockedBalance } from '../ledger/take-back.ts';

/**
 * Creator payouts (docs/ARCHITECTURE.md "Money"). A request moves the amount from
 * creator_available to the system payouts_in_flight account (kind payout_request); an admin
 * (or a payout provider later) settles it: paid moves it on to payouts_clearing (money left the
 * platform), failed returns it to creator_available. Status: requested → processing → paid |
 * failed. Rules: minimum 20.00, not above available, refused while the creator owes money from
 * a refund or chargeback, payout settings (bank details) required.
 */

export const SCHEDULED_PAYOUTS_JOB = 'payouts.scheduled';
const DAY_MS = 86_400_000;
const PERIOD_DAYS: Record<Exclude<PayoutScheduleName, 'manual'>, number> = {
  weekly: 7,
  monthly: 30,
};

type PayoutRow = Selectable<PayoutsTable>;
type Ctx = Pick<AppContext, 'db' | 'jobs'>;

export function presentPayout(
  row: PayoutRow,
  creator?: { username: string; display_name: string | null },
): Payout {
  const cents = Number(row.amount_cents);
  return {
    id: row.id,
    creatorId: row.creator_id,
    amount: units(cents),
    amountCents: cents,
    currency: CURRENCY,
    status: row.status,
    source: row.source,
    method: row.method,
    destinationLast4: row.destination_last4,
    note: row.note,
    requestedAt: row.requested_at.toISOString(),
    processedAt: row.processed_at ? row.processed_at.toISOString() : null,
    ...(creator
      ? {
          creator: {
            id: row.creator_id,
            username: creator.username,
            displayName: creator.display_name,
          },
        }
      : {}),
  };
}

const belowMinimum = () =>
  new BadRequestError(
    `The minimum payout is ${formatMoney(PAYOUT_MIN_CENTS)}`,
    ErrorCodes.PAYOUT_BELOW_MINIMUM,
    { field: 'amount', minimum: units(PAYOUT_MIN_CENTS), minimumCents: PAYOUT_MIN_CENTS },
  );

/** Locks the creator's available account and returns its id and balance. */
async function lockAvailable(tx: DbHandle, creatorId: string) {
  const id = await accountId(tx, 'creator_available', creatorId);
  return { id, balance: await lockedBalance(tx, id) };
}

/**
 * Requests a payout of `amountCents` (default: the whole available balance) for `creatorId`.
 * Runs inside the caller's transaction (the idempotent route's).
 */
export async function requestPayout(
  tx: DbHandle,
  creatorId: string,
  amountCents: number | undefined,
  source: PayoutScheduleName = 'manual',
): Promise<PayoutResponse> {
  assertInTransaction(tx);
  const available = await lockAvailable(tx, creatorId);
  const owed = await owedCents(tx, creatorId);
  if (owed > 0)
    throw new ConflictError(
      ErrorCodes.BALANCE_OWED,
      `Payouts are paused while you owe ${formatMoney(owed)} from a refund or chargeback; it is repaid from your next earnings`,
      { owed: units(owed), owedCents: owed },
    );
  const amount = amountCents ?? available.balance;
  if (amount < PAYOUT_MIN_CENTS) throw belowMinimum();
  if (amount > available.balance)
    throw new BadRequestError(
      `The payout amount is more than your available balance (${formatMoney(available.balance)})`,
      ErrorCodes.PAYOUT_EXCEEDS_AVAILABLE,
      { field: 'amount', available: units(available.balance), availableCents: available.balance },
    );
  const settings = await tx
    .selectFrom('payout_settings')
    .select(['method', 'last4'])
    .where('user_id', '=', creatorId)
    .executeTakeFirst();
  if (!settings)
    throw new BadRequestError(
      'Add your payout settings (bank details) before requesting a payout',
      ErrorCodes.PAYOUT_SETTINGS_REQUIRED,
    );
  const payoutId = newRowId();
  const inFlight = await accountId(tx, 'payouts_in_flight', null);
  const posted = await postTransaction(tx, {
    kind: 'payout_request',
    entries: [
      { accountId: available.id, amountCents: -amount },
      { accountId: inFlight, amountCents: amount },
    ],
    metadata: { creatorId, payoutId, amountCents: amount, source },
  });
  const row = await tx
    .insertInto('payouts')
    .values({
      id: payoutId,
      creator_id: creatorId,
      amount_cents: amount,
      source,
      method: settings.method,
      destination_last4: settings.last4,
      request_transaction_id: posted.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const left = available.balance - amount;
  return {
    payout: presentPayout(row),
    available: units(left),
    availableCents: left,
    message: `Payout of ${formatMoney(amount)} requested to the account ending ${settings.last4}`,
  };
}

export async function listPayouts(
  db: DbHandle,
  filter: Partial<PayoutListFilter>,
): Promise<PayoutsPage> {
  const page = filter.page ?? 1;
  const limit = filter.limit ?? 20;
  const { rows, total } = await listPayoutRows(db, { ...filter, page, limit });
  return {
    payouts: rows.map((r) =>
      presentPayout(
        r,
        filter.creatorId ? undefined : { username: r.username, display_name: r.display_name },
      ),
    ),
    total,
    totalPages: Math.ceil(total / limit),
    currentPage: page,
    hasMore: page * limit < total,
  };
}

/**
 * Admin (or a provider callback): processing, paid or failed. Settled payouts are final (409);
 * marking processing twice is a no-op. Paid/failed notify the creator.
 */
export async function processPayout(
  db: Db | DbHandle,
  adminId: string | null,
  payoutId: string,
  status: 'processing' | 'paid' | 'failed',
  note?: string,
): Promise<Payout> {
  return withTransaction(db, async (tx) => {
    const row = await lockPayout(tx, payoutId);
    if (!row) throw new NotFoundError('Payout not found', ErrorCodes.PAYOUT_NOT_FOUND);
    if (row.status === 'paid' || row.status === 'failed')
      throw new ConflictError(
        ErrorCodes.PAYOUT_ALREADY_PROCESSED,
        `This payout was already marked ${row.status}`,
        { status: row.status },
      );
    const now = new Date();
    const cleanNote = note?.trim() || null;
    if (status === 'processing') {
      const updated = await tx
        .updateTable('payouts')
        .set({ status: 'processing', note: cleanNote ?? row.note, processed_by: adminId })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return presentPayout(updated);
    }
    const amount = Number(row.amount_cents);
    const inFlight = await accountId(tx, 'payouts_in_flight', null);
    const to =
      status === 'paid'
        ? await accountId(tx, 'payouts_clearing', null)
        : await accountId(tx, 'creator_available', row.creator_id);
    const posted = await postTransaction(tx, {
      kind: status === 'paid' ? 'payout_paid' : 'payout_failed',
      entries: [
        { accountId: inFlight, amountCents: -amount },
        { accountId: to, amountCents: amount },
      ],
      metadata: {
        creatorId: row.creator_id,
        payoutId: row.id,
        amountCents: amount,
        ...(cleanNote ? { note: cleanNote } : {}),
        ...(adminId ? { actorId: adminId } : {}),
      },
    });
    const updated = await tx
      .updateTable('payouts')
      .set({
        status,
        note: cleanNote ?? row.note,
        settle_transaction_id: posted.id,
        processed_at: now,
        processed_by: adminId,
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await notify(tx, {
      userId: row.creator_id,
      type: 'payout',
      relatedId: row.id,
      relatedType: 'payout',
      data: {
        status,
        amount: units(amount),
        amountCents: amount,
        message:
          status === 'paid'
            ? `Your payout of ${formatMoney(amount)} was sent to the account ending ${row.destination_last4 ?? '****'}`
            : `Your payout of ${formatMoney(amount)} failed and the money is back in your available balance${cleanNote ? `: ${cleanNote}` : ''}`,
      },
    });
    return presentPayout(updated);
  });
}

// ——— schedules ———

export async function getPayoutSchedule(
  db: DbHandle,
  creatorId: string,
  now = new Date(),
): Promise<PayoutScheduleView> {
  const [row, settings] = await Promise.all([
    db
      .selectFrom('payout_schedules')
      .select(['schedule', 'last_run_at'])
      .where('creator_id', '=', creatorId)
      .executeTakeFirst(),
    db
      .selectFrom('payout_settings')
      .select('user_id')
      .where('user_id', '=', creatorId)
      .executeTakeFirst(),
  ]);
  const schedule = row?.schedule ?? 'manual';
  return {
    schedule,
    nextRunAt:
      schedule === 'manual'
        ? null
        : nextRunAt(schedule, row?.last_run_at ?? null, now).toISOString(),
    minimumPayout: units(PAYOUT_MIN_CENTS),
    minimumPayoutCents: PAYOUT_MIN_CENTS,
    payoutSettingsConfigured: Boolean(settings),
  };
}

/** The next daily sweep at or after the schedule's period has passed since the last run. */
function nextRunAt(schedule: 'weekly' | 'monthly', lastRun: Date | null, now: Date): Date {
  const due = lastRun ? lastRun.getTime() + PERIOD_DAYS[schedule] * DAY_MS : now.getTime();
  return nextSweep(new Date(Math.max(due, now.getTime())));
}

/** Sweeps run daily at 00:00 UTC. */
const nextSweep = (after: Date) => new Date(Math.floor(after.getTime() / DAY_MS) * DAY_MS + DAY_MS);

export async function setPayoutSchedule(
  ctx: Ctx,
  creatorId: string,
  schedule: PayoutScheduleName,
): Promise<PayoutScheduleView> {
  await withTransaction(ctx.db, async (tx) => {
    await tx
      .insertInto('payout_schedules')
      .values({ creator_id: creatorId, schedule, updated_at: new Date() })
      .onConflict((oc) => oc.column('creator_id').doUpdateSet({ schedule, updated_at: new Date() }))
      .execute();
    if (schedule !== 'manual') await enqueueSweep(ctx, tx, new Date());
  });
  return getPayoutSchedule(ctx.db, creatorId);
}

async function enqueueSweep(ctx: Pick<AppContext, 'jobs'>, tx: DbHandle, after: Date) {
  const runAt = nextSweep(after);
  await ctx.jobs.enqueue(
    tx,
    SCHEDULED_PAYOUTS_JOB,
    {},
    { runAt, dedupeKey: `${SCHEDULED_PAYOUTS_JOB}:${runAt.toISOString()}` },
  );
}

/**
 * The daily sweep: every creator on a weekly/monthly schedule whose period has passed, with
 * payout settings, no debt and available ≥ 20.00 gets a payout request for their whole
 * available balance. Each creator is its own transaction; ineligible ones are retried next
 * sweep. Re-enqueues tomorrow's sweep while any schedule is active. Returns the payouts created.
 */
export async function runScheduledPayouts(ctx: Ctx, now = new Date()): Promise<number> {
  const candidates = await ctx.db
    .selectFrom('payout_schedules')
    .innerJoin('payout_settings', 'payout_settings.user_id', 'payout_schedules.creator_id')
    .select([
      'payout_schedules.creator_id',
      'payout_schedules.schedule',
      'payout_schedules.last_run_at',
    ])
    .where('payout_schedules.schedule', '<>', 'manual')
    .execute();
  let created = 0;
  for (const c of candidates) {
    const schedule = c.schedule as 'weekly' | 'monthly';
    if (
      c.last_run_at &&
      now.getTime() - c.last_run_at.getTime() < PERIOD_DAYS[schedule] * DAY_MS - DAY_MS / 2
    )
      continue;
    const made = await withTransaction(ctx.db, async (tx) => {
      // re-check under the row lock: a concurrent sweep or schedule change wins once
      const locked = await tx
        .selectFrom('payout_schedules')
        .select(['schedule', 'last_run_at'])
        .where('creator_id', '=', c.creator_id)
        .forUpdate()
        .executeTakeFirst();
      if (!locked || locked.schedule !== schedule) return false;
      if (locked.last_run_at && locked.last_run_at.getTime() !== c.last_run_at?.getTime())
        return false;
      try {
        await requestPayout(tx, c.creator_id, undefined, schedule);
      } catch (error) {
        if (error instanceof AppError) return false; // below minimum, owed…: next sweep
        throw error;
      }
      await tx
        .updateTable('payout_schedules')
        .set({ last_run_at: now })
        .where('creator_id', '=', c.creator_id)
        .execute();
      return true;
    });
    if (made) created += 1;
  }
  if (candidates.length > 0) await enqueueSweep(ctx, ctx.db, now);
  return created;
}

/** Payout notifications and the admin list reuse these. */
export { owedCents };
