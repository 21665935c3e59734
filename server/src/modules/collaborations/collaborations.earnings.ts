import { sql, type Expression, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { CHARGE_KINDS } from '../ledger/charges.ts';
import { COLLAB_SPLIT_KIND } from './collaborations.split.ts';
import { REFERRAL_SHARE_KIND } from '../referrals/referrals.split.ts';

/**
 * A creator's earnings in SQL, with collaboration splits on the right side: the post's owner is
 * paid the whole creator share of a charge and then pays the collaborator their part
 * (`collab_split`: metadata.payerId = owner, metadata.creatorId = collaborator, partCents); a
 * refund or chargeback of a split charge is the owner's (metadata.creatorId) but takes
 * `collaboratorCents` of its share back from the collaborator (metadata.collaboratorId).
 * Statements, the earnings overview and analytics all read earnings through these, so the
 * owner's figures are net of the collaborator's part and the collaborator's include it.
 * A referrer's part of a referred creator's sale (`referral_share`, metadata.referrerId, paid
 * from the platform fee) counts as their earnings the same fee-free way, and a reversal naming
 * them as referrer takes back `referralCents`.
 */

const REVERSALS = ['refund', 'chargeback'];
type Eb = ExpressionBuilder<Database, 'ledger_transactions'>;

/** The ledger transactions that change `userId`'s earnings (charges, reversals, splits). */
export const creatorEarningsOf =
  (userId: string, opts: { reversals?: boolean } = {}) =>
  (eb: Eb) => {
    const withReversals = opts.reversals ?? true;
    return eb.or([
      eb.and([
        eb(sql<string>`metadata->>'creatorId'`, '=', userId),
        eb('kind', 'in', [...CHARGE_KINDS, COLLAB_SPLIT_KIND, ...(withReversals ? REVERSALS : [])]),
      ]),
      eb.and([
        eb(sql<string>`metadata->>'payerId'`, '=', userId),
        eb('kind', '=', COLLAB_SPLIT_KIND),
      ]),
      eb.and([
        eb(sql<string>`metadata->>'referrerId'`, '=', userId),
        eb('kind', 'in', [REFERRAL_SHARE_KIND, ...(withReversals ? REVERSALS : [])]),
      ]),
      ...(withReversals
        ? [
            eb.and([
              eb(sql<string>`metadata->>'collaboratorId'`, '=', userId),
              eb('kind', 'in', REVERSALS),
            ]),
          ]
        : []),
    ]);
  };

/**
 * Whose earnings: a user id, or a column naming one per row (the admin list sums every
 * creator's at once over a (creator, transaction) table).
 */
type Who = string | Expression<string>;

const cents = (key: string) => sql<number>`coalesce((metadata->>${sql.lit(key)})::bigint, 0)`;
const mine = (userId: Who) => sql<boolean>`metadata->>'creatorId' = ${userId}`;
const isSplit = sql<boolean>`kind = ${COLLAB_SPLIT_KIND}`;
const isReversal = sql<boolean>`kind in (${sql.join(REVERSALS)})`;
const isReferral = sql<boolean>`kind = ${REFERRAL_SHARE_KIND}`;

/**
 * What one transaction selected by `creatorEarningsOf` adds to the user's gross: a charge its
 * gross, a split +part for the collaborator and −part for the owner; reversals add nothing
 * (see `refundedGrossDelta`).
 */
export const grossDelta = (userId: Who) => sql<number>`case
  when ${isReferral} then ${cents('partCents')}
  when ${isSplit} then case when ${mine(userId)} then 1 else -1 end * ${cents('partCents')}
  when ${isReversal} then 0
  else ${cents('grossCents')} end`;

/** The platform fee of the user's charges, minus what reversals gave back (owner only). */
export const feeDelta = (userId: Who) => sql<number>`case
  when ${isSplit} or ${isReferral} then 0
  when ${isReversal} then case when ${mine(userId)} then -${cents('feeCents')} else 0 end
  else ${cents('feeCents')} end`;

/**
 * The change to the user's creator share: a charge +share, a split ±part, a reversal −(share −
 * collaborator's part) for the owner and −collaborator's part for the collaborator.
 */
export const shareDelta = (userId: Who) => sql<number>`case
  when ${isReferral} then ${cents('partCents')}
  when ${isSplit} then case when ${mine(userId)} then 1 else -1 end * ${cents('partCents')}
  when ${isReversal} then case when ${mine(userId)}
    then ${cents('collaboratorCents')} - ${cents('shareCents')}
    else -(case when metadata->>'collaboratorId' = ${userId} then ${cents('collaboratorCents')} else 0 end)
      - (case when metadata->>'referrerId' = ${userId} then ${cents('referralCents')} else 0 end) end
  else ${cents('shareCents')} end`;

/** What fans got back in reversals touching the user's earnings (gross reversed). */
export const refundedGrossDelta = () =>
  sql<number>`case when ${isReversal} then ${cents('reversedCents')} else 0 end`;
