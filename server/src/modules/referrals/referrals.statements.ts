import type { TransactionLine } from '@fanspace/contracts';
import { num, formatMoney, units } from '../ledger/money.ts';
import { line, str, type Meta, type UserBrief } from '../payments/statement-lines.ts';
import { REFERRAL_SHARE_KIND } from './referrals.split.ts';

/**
 * How the referrer's own transaction history explains referral money (payments'
 * statements.service asks here first): a referral share received, and a refund or chargeback
 * that took some of it back. Null when the transaction is not the user's as a referrer.
 */

export function describeReferralMovement(
  tx: { kind: string; metadata: Meta },
  userId: string,
  users: Map<string, UserBrief>,
  base: { id: string; type: string; createdAt: string },
): TransactionLine | null {
  const m = tx.metadata;
  if (str(m.referrerId) !== userId) return null;
  const referred = users.get(str(m.referredId ?? m.creatorId) ?? '') ?? null;
  const who = referred ? `@${referred.username}` : 'someone you referred';
  if (tx.kind === REFERRAL_SHARE_KIND) {
    const part = num(m.partCents);
    const gross = num(m.grossCents);
    return {
      ...base,
      amount: units(part),
      amountCents: part,
      direction: 'in',
      account: 'creator_pending',
      counterparty: referred,
      explanation: `${formatMoney(part)} referral share (${num(m.referralPercent)}%) of a ${formatMoney(gross)} sale by ${who}, paid out of the platform's fee, not their share; pending until ${str(m.availableAt)?.slice(0, 10) ?? ''}.`,
      breakdown: [
        line('Sale', gross),
        line('Platform fee', num(m.feeCents)),
        line('Your referral share (from the fee)', part),
      ],
    };
  }
  // a reversal that names me as the referrer and in no other role (creator, collaborator, fan)
  const otherRole = [m.creatorId, m.collaboratorId, m.payerId].some((v) => str(v) === userId);
  if ((tx.kind === 'refund' || tx.kind === 'chargeback') && !otherRole) {
    const back = num(m.referralCents);
    const owed = num(m.referralOwedCents);
    const word = tx.kind === 'refund' ? 'refunded' : 'charged back';
    return {
      ...base,
      amount: units(back),
      amountCents: back,
      direction: 'out',
      account: num(m.referralFromPendingCents) > 0 ? 'creator_pending' : 'creator_available',
      counterparty: referred,
      explanation: `A sale by ${who} was ${word}: ${formatMoney(back)} of your referral share was taken back${owed > 0 ? `, ${formatMoney(owed)} of it as a balance you owe (repaid from your next earnings)` : ''}.`,
      breakdown: [
        line(tx.kind === 'refund' ? 'Refunded' : 'Charged back', num(m.reversedCents)),
        line('Referral share taken back', back),
        ...(owed > 0 ? [line('Owed (not covered by available)', owed)] : []),
      ],
    };
  }
  return null;
}
