import type {
  AdminPayoutsQuery,
  AdminSortField,
  PayoutsPage,
  AdminEarningsQuery,
  AdminEarningsResponse,
  AdminTransactionsQuery,
  AdminTransactionsResponse,
  GrantFreeProBody,
  GrantFreeProResponse,
} from '@fanspace/contracts';
import { ADMIN_TOASTS, ErrorCodes } from '@fanspace/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { feeDelta, grossDelta, shareDelta } from '../collaborations/collaborations.earnings.ts';
import { COLLAB_SPLIT_KIND } from '../collaborations/collaborations.split.ts';
import { CHARGE_KINDS } from '../ledger/charges.ts';
import { units } from '../ledger/money.ts';
import { REVERSAL_KINDS } from '../ledger/reversals.ts';
import { notify } from '../notifications/notify.ts';
import { grantFreeProPack } from '../payments/pro-pack.service.ts';
import { listPayouts } from '../payments/payouts.service.ts';
import { cleanText } from '../users/profile-rules.ts';
import { audit } from './audit.ts';
import { pageInfo, pageOffset } from '../../platform/http/page-paging.ts';
import { orderByAll, sortClauses, type SortColumns } from '../../platform/http/page-sorting.ts';

/** What a transaction moved: the sum of its credits (as the list shows it). */
const MOVED_CENTS = sql<number>`(select coalesce(sum(e.amount_cents), 0) from ledger_entries e
  where e.transaction_id = t.id and e.amount_cents > 0)`;

const TRANSACTION_SORT: SortColumns<AdminSortField<'transactions'>> = {
  createdAt: 't.created_at',
  kind: 't.kind',
  // summed per transaction (the ledger stores no total): sorting by it reads every entry
  amount: MOVED_CENTS,
};

/**
 * GET /admin/transactions: every ledger transaction, newest first unless sortBy/order say
 * otherwise, with its entries (which account, whose, how much). `userId` or `username` narrows
 * to transactions touching that user's accounts. One query for the page, one for its entries:
 * no per-row lookups.
 */
export async function listTransactions(
  db: DbHandle,
  query: AdminTransactionsQuery,
): Promise<AdminTransactionsResponse> {
  let base = db.selectFrom('ledger_transactions as t');
  if (query.kind) base = base.where('t.kind', '=', query.kind);
  const owners = query.userId ? [query.userId] : [];
  const username = query.username?.trim().replace(/^@/, '').toLowerCase();
  if (username) {
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirst();
    if (!user) return { transactions: [], ...pageInfo(query, 0) };
    owners.push(user.id);
  }
  // transactions with an entry on an account of each named user
  for (const ownerId of owners)
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('ledger_entries as e')
          .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
          .select('e.id')
          .whereRef('e.transaction_id', '=', 't.id')
          .where('a.owner_id', '=', ownerId),
      ),
    );
  const order = sortClauses(
    TRANSACTION_SORT,
    query,
    { sortBy: 'createdAt', order: 'desc' },
    't.id',
  );
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    orderByAll(
      base.select(['t.id', 't.kind', 't.metadata', 't.reverses_id', 't.created_at']),
      order,
    )
      .limit(query.limit)
      .offset(pageOffset(query))
      .execute(),
  ]);
  const entries =
    rows.length > 0
      ? await db
          .selectFrom('ledger_entries as e')
          .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
          .leftJoin('users as u', 'u.id', 'a.owner_id')
          .select(['e.transaction_id', 'e.amount_cents', 'a.kind', 'a.owner_id', 'u.username'])
          .where(
            'e.transaction_id',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('e.id')
          .execute()
      : [];
  const byTx = new Map<string, typeof entries>();
  for (const e of entries) byTx.set(e.transaction_id, [...(byTx.get(e.transaction_id) ?? []), e]);
  return {
    transactions: rows.map((r) => {
      const own = byTx.get(r.id) ?? [];
      const moved = own
        .filter((e) => e.amount_cents > 0)
        .reduce((s, e) => s + Number(e.amount_cents), 0);
      return {
        id: r.id,
        kind: r.kind,
        amount: units(moved),
        amountCents: moved,
        reversesId: r.reverses_id,
        metadata: r.metadata,
        entries: own.map((e) => ({
          account: e.kind,
          owner: e.owner_id && e.username ? { id: e.owner_id, username: e.username } : null,
          amount: units(Number(e.amount_cents)),
          amountCents: Number(e.amount_cents),
        })),
        createdAt: r.created_at.toISOString(),
      };
    }),
    ...pageInfo(query, Number(total)),
  };
}

/** Each figure of a creator's earnings row, as SQL over the joined sums below. */
const EARNINGS: Record<Exclude<AdminSortField<'earnings'>, 'username'>, RawBuilder<number>> = {
  gross: sql<number>`c.gross`,
  fees: sql<number>`c.fees`,
  net: sql<number>`c.share`,
  pending: sql<number>`coalesce(b.pending, 0)`,
  available: sql<number>`coalesce(b.available, 0)`,
  owed: sql<number>`-coalesce(b.owed, 0)`,
  paidOut: sql<number>`coalesce(p.paid, 0)`,
};
const EARNINGS_SORT: SortColumns<AdminSortField<'earnings'>> = {
  ...EARNINGS,
  username: { expr: 'u.username', nullable: true },
};

/**
 * Every creator's gross, fees and net in one grouped query, through the same deltas as their
 * own earnings overview (collaborations.earnings.ts): a transaction counts once for each user
 * whose earnings it changes, as creatorEarningsOf selects them: the creator of a charge,
 * split or reversal, the owner who pays a collaboration split, the collaborator whose part a
 * reversal takes back. So a split post sale is the owner's net of the part, and the part is
 * the collaborator's.
 */
function earningsByCreator(db: DbHandle) {
  const involving = (who: RawBuilder<string>, kinds: readonly string[]) =>
    db
      .selectFrom('ledger_transactions as t')
      .select([who.as('creator_id'), 't.kind', 't.metadata'])
      .where('t.kind', 'in', [...kinds])
      .where(who, 'is not', null);
  const involved = involving(sql<string>`t.metadata->>'creatorId'`, [
    ...CHARGE_KINDS,
    COLLAB_SPLIT_KIND,
    ...REVERSAL_KINDS,
  ])
    .unionAll(involving(sql<string>`t.metadata->>'payerId'`, [COLLAB_SPLIT_KIND]))
    .unionAll(involving(sql<string>`t.metadata->>'collaboratorId'`, REVERSAL_KINDS));
  const who = sql.ref<string>('x.creator_id');
  return db
    .selectFrom(involved.as('x'))
    .select([
      'x.creator_id',
      sql<number>`sum(${grossDelta(who)})`.as('gross'),
      sql<number>`sum(${feeDelta(who)})`.as('fees'),
      sql<number>`sum(${shareDelta(who)})`.as('share'),
    ])
    .groupBy('x.creator_id');
}

/**
 * GET /admin/earnings: every creator with earnings, with where their money is (the same
 * figures as their own earnings overview, collaboration splits included); by gross, highest
 * first, unless sortBy/order say otherwise. Every figure is summed in one query before paging,
 * so any order holds across pages.
 */
export async function creatorEarnings(
  db: DbHandle,
  query: AdminEarningsQuery,
): Promise<AdminEarningsResponse> {
  const earned = earningsByCreator(db);
  const balance = (kind: string) => sql<number>`sum(balance_cents) filter (where kind = ${kind})`;
  const balances = db
    .selectFrom('ledger_accounts')
    .select([
      sql<string>`owner_id::text`.as('owner_id'),
      balance('creator_pending').as('pending'),
      balance('creator_available').as('available'),
      balance('creator_owed').as('owed'),
    ])
    .where('kind', 'in', ['creator_pending', 'creator_available', 'creator_owed'])
    .groupBy('owner_id');
  const paid = db
    .selectFrom('payouts')
    .select([
      sql<string>`creator_id::text`.as('creator_id'),
      sql<number>`sum(amount_cents)`.as('paid'),
    ])
    .where('status', '=', 'paid')
    .groupBy('creator_id');
  const rowsQuery = db
    .selectFrom(earned.as('c'))
    .leftJoin(balances.as('b'), 'b.owner_id', 'c.creator_id')
    .leftJoin(paid.as('p'), 'p.creator_id', 'c.creator_id')
    .leftJoin('users as u', (join) => join.on(sql<boolean>`u.id::text = c.creator_id`))
    .select([
      'c.creator_id',
      'u.username',
      ...Object.entries(EARNINGS).map(([name, expr]) => expr.as(name)),
    ]);
  const order = sortClauses(
    EARNINGS_SORT,
    query,
    { sortBy: 'gross', order: 'desc' },
    'c.creator_id',
  );
  const [{ total }, rows] = await Promise.all([
    db
      .selectFrom(earned.as('c'))
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    orderByAll(rowsQuery, order).limit(query.limit).offset(pageOffset(query)).execute(),
  ]);
  const money = (row: Record<string, unknown>, key: keyof typeof EARNINGS) =>
    units(Number(row[key] ?? 0));
  return {
    creators: rows.map((r) => ({
      creator: { id: r.creator_id, username: r.username ?? 'deleted' },
      gross: money(r, 'gross'),
      fees: money(r, 'fees'),
      net: money(r, 'net'),
      pending: money(r, 'pending'),
      available: money(r, 'available'),
      paidOut: money(r, 'paidOut'),
      owed: money(r, 'owed'),
    })),
    ...pageInfo(query, Number(total)),
  };
}

/** POST /admin/grant-free-pro {username, months, reason}: free pro pack months, audit-logged. */
export async function grantFreePro(
  db: DbHandle,
  adminId: string,
  body: GrantFreeProBody,
): Promise<GrantFreeProResponse> {
  const name = body.username.trim().replace(/^@/, '').toLowerCase();
  const user = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username', '=', name)
    .where('status', '!=', 'deleted')
    .executeTakeFirst();
  if (!user) throw new NotFoundError(`No user named ${name}`, ErrorCodes.NOT_FOUND);
  const reason = cleanText(body.reason);
  const granted = await grantFreeProPack(db, {
    userId: user.id,
    months: body.months,
    reason,
    adminId,
  });
  await audit(db, {
    adminId,
    action: 'pro.grant',
    targetType: 'user',
    targetId: user.id,
    reason,
    details: { months: body.months, until: granted.grantedUntil },
  });
  await notify(db, {
    userId: user.id,
    type: 'admin',
    relatedType: 'pro_pack',
    data: {
      message: `You were given ${body.months} month${body.months === 1 ? '' : 's'} of Pro for free.`,
    },
  });
  return {
    message: ADMIN_TOASTS.proGranted(user.username),
    userId: user.id,
    username: user.username,
    proPackActiveUntil: granted.grantedUntil,
  };
}

const PAYOUT_SORT: SortColumns<AdminSortField<'payouts'>> = {
  requestedAt: 'payouts.requested_at',
  amount: 'payouts.amount_cents',
};

/** GET /admin/payouts: every creator's payouts (status filter), newest first unless sorted. */
export function listAdminPayouts(db: DbHandle, query: AdminPayoutsQuery): Promise<PayoutsPage> {
  return listPayouts(db, {
    page: query.page ?? 1,
    limit: query.limit ?? 20,
    ...(query.status ? { status: query.status } : {}),
    order: sortClauses(PAYOUT_SORT, query, { sortBy: 'requestedAt', order: 'desc' }, 'payouts.id'),
  });
}
