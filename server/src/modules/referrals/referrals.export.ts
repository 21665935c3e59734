import type { DbHandle } from '../../platform/db/database.ts';
import {
  afterKey,
  iso,
  keyColumns,
  PAGE,
  paged,
  single,
  type DataSection,
} from '../data-tools/sections.ts';
import { units } from '../ledger/money.ts';

/**
 * The referral rows of a data export (GDPR art. 15): my code and who referred me, the people
 * I referred (by username only) and what each sale of theirs paid me.
 */
export function referralSections(db: DbHandle, userId: string): DataSection[] {
  return [
    single('referral_code', ['code', 'referredBy', 'referredAt'], async () => {
      const [code, by] = await Promise.all([
        db
          .selectFrom('referral_codes')
          .select('code')
          .where('user_id', '=', userId)
          .executeTakeFirst(),
        db
          .selectFrom('referrals as r')
          .innerJoin('users as u', 'u.id', 'r.referrer_id')
          .select(['u.username', 'r.created_at'])
          .where('r.referred_id', '=', userId)
          .executeTakeFirst(),
      ]);
      if (!code && !by) return null;
      return {
        code: code?.code ?? null,
        referredBy: by?.username ?? null,
        referredAt: iso(by?.created_at),
      };
    }),
    paged(
      'referrals',
      ['username', 'joinedAt'],
      (after) =>
        db
          .selectFrom('referrals as r')
          .innerJoin('users as u', 'u.id', 'r.referred_id')
          .select(['u.username', 'r.created_at'])
          .select(keyColumns('r.created_at', 'r.referred_id'))
          .where('r.referrer_id', '=', userId)
          .where(afterKey('r.created_at', 'r.referred_id', after))
          .orderBy('r.created_at')
          .orderBy('r.referred_id')
          .limit(PAGE)
          .execute(),
      (r) => ({ username: r.username, joinedAt: iso(r.created_at) }),
    ),
    paged(
      'referral_earnings',
      ['transactionId', 'referred', 'gross', 'amount', 'reversed', 'createdAt'],
      (after) =>
        db
          .selectFrom('referral_earnings as e')
          .innerJoin('users as u', 'u.id', 'e.referred_id')
          .select([
            'e.share_transaction_id',
            'u.username',
            'e.gross_cents',
            'e.amount_cents',
            'e.reversed_cents',
            'e.created_at',
          ])
          .select(keyColumns('e.created_at', 'e.charge_transaction_id'))
          .where('e.referrer_id', '=', userId)
          .where(afterKey('e.created_at', 'e.charge_transaction_id', after))
          .orderBy('e.created_at')
          .orderBy('e.charge_transaction_id')
          .limit(PAGE)
          .execute(),
      (e) => ({
        transactionId: e.share_transaction_id,
        referred: e.username,
        gross: units(Number(e.gross_cents)),
        amount: units(Number(e.amount_cents)),
        reversed: units(Number(e.reversed_cents)),
        createdAt: iso(e.created_at),
      }),
    ),
  ];
}
