import type {
  AdminEarningsQuery,
  AdminEarningsResponse,
  AdminTransactionsQuery,
  AdminTransactionsResponse,
  GrantFreeProBody,
  GrantFreeProResponse,
} from '@fanspace/contracts';
import { ADMIN_TOASTS, ErrorCodes } from '@fanspace/contracts';
import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { CHARGE_KINDS } from '../ledger/charges.ts';
import { units } from '../ledger/money.ts';
import { REVERSAL_KINDS } from '../ledger/reversals.ts';
import { notify } from '../notifications/notify.ts';
import { grantFreeProPack } from '../payments/pro-pack.service.ts';
import { cleanText } from '../users/profile-rules.ts';
import { audit } from './audit.ts';
import { pageInfo, pageOffset } from '../../platform/http/page-paging.ts';

/**
 * GET /admin/transactions: every ledger transaction, newest first, with its entries (which
 * account, whose, how much). `userId` narrows to transactions touching that user's accounts.
 * One query for the page, one for its entries: no per-row lookups.
 */
export async function listTransactions(
  db: DbHandle,
  query: AdminTransactionsQuery,
): Promise<AdminTransactionsResponse> {
  let base = db.selectFrom('ledger_transactions as t');
  if (query.kind) base = base.where('t.kind', '=', query.kind);
  if (query.userId) {
    const userId = query.userId;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('ledger_entries as e')
          .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
          .select('e.id')
          .whereRef('e.transaction_id', '=', 't.id')
          .where('a.owner_id', '=', userId),
      ),
    );
  }
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .select(['t.id', 't.kind', 't.metadata', 't.reverses_id', 't.created_at'])
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
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

/**
 * GET /admin/earnings: creators by lifetime gross, highest first, with where their money is
 * (the same figures as their own earnings page). Four set queries for the page.
 */
export async function creatorEarnings(
  db: DbHandle,
  query: AdminEarningsQuery,
): Promise<AdminEarningsResponse> {
  const creatorId = sql<string>`t.metadata->>'creatorId'`;
  const charged = db
    .selectFrom('ledger_transactions as t')
    .where('t.kind', 'in', CHARGE_KINDS)
    .where(creatorId, 'is not', null);
  const [{ total }, rows] = await Promise.all([
    charged
      .select(sql<number>`count(distinct t.metadata->>'creatorId')::int`.as('total'))
      .executeTakeFirstOrThrow(),
    charged
      .select([
        creatorId.as('creator_id'),
        sql<string>`sum((t.metadata->>'grossCents')::bigint)`.as('gross'),
        sql<string>`sum((t.metadata->>'feeCents')::bigint)`.as('fees'),
        sql<string>`sum((t.metadata->>'shareCents')::bigint)`.as('share'),
      ])
      .groupBy(creatorId)
      .orderBy(sql`sum((t.metadata->>'grossCents')::bigint)`, 'desc')
      .orderBy(creatorId)
      .limit(query.limit)
      .offset(pageOffset(query))
      .execute(),
  ]);
  const ids = rows.map((r) => r.creator_id);
  const [users, balances, reversals, paid] =
    ids.length === 0
      ? [[], [], [], []]
      : await Promise.all([
          db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute(),
          db
            .selectFrom('ledger_accounts')
            .select(['owner_id', 'kind', 'balance_cents'])
            .where('owner_id', 'in', ids)
            .where('kind', 'in', ['creator_pending', 'creator_available', 'creator_owed'])
            .execute(),
          db
            .selectFrom('ledger_transactions as t')
            .select([
              creatorId.as('creator_id'),
              sql<string>`sum((t.metadata->>'shareCents')::bigint)`.as('share'),
            ])
            .where('t.kind', 'in', REVERSAL_KINDS)
            .where(creatorId, 'in', ids)
            .groupBy(creatorId)
            .execute(),
          db
            .selectFrom('payouts')
            .select(['creator_id', sql<string>`sum(amount_cents)`.as('paid')])
            .where('status', '=', 'paid')
            .where('creator_id', 'in', ids)
            .groupBy('creator_id')
            .execute(),
        ]);
  const username = new Map(users.map((u) => [u.id, u.username]));
  const balance = (id: string, kind: string) =>
    Number(balances.find((b) => b.owner_id === id && b.kind === kind)?.balance_cents ?? 0);
  const reversed = new Map(reversals.map((r) => [r.creator_id, Number(r.share)]));
  const paidOut = new Map(paid.map((p) => [p.creator_id, Number(p.paid)]));
  return {
    creators: rows.map((r) => ({
      creator: { id: r.creator_id, username: username.get(r.creator_id) ?? 'deleted' },
      gross: units(Number(r.gross)),
      fees: units(Number(r.fees)),
      net: units(Number(r.share) - (reversed.get(r.creator_id) ?? 0)),
      pending: units(balance(r.creator_id, 'creator_pending')),
      available: units(balance(r.creator_id, 'creator_available')),
      paidOut: units(paidOut.get(r.creator_id) ?? 0),
      owed: units(-balance(r.creator_id, 'creator_owed')),
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
