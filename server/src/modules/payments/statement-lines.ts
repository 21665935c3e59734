import type { TransactionLine } from '@fanspace/contracts';
import { formatMoney, num, units } from '../ledger/money.ts';

/**
 * Statement lines of statements.service.ts kept apart (discounts, collaboration splits), and the
 * helpers every statement line is built with (referrals.statements.ts too).
 */

export type Meta = Record<string, unknown>;
export type UserBrief = { id: string; username: string; displayName: string | null };
export const str = (v: unknown) => (typeof v === 'string' ? v : null);
/** One row of a line's breakdown. */
export const line = (label: string, cents: number) => ({
  label,
  amount: units(cents),
  amountCents: cents,
});

/**
 * A promo code or discount promotion on a charge (checkout-offers.ts metadata): the price before
 * it, the breakdown label of the discount and the explanation's note; null without one.
 */
export function discountOf(m: Meta, grossCents: number) {
  const originalCents = num(m.originalCents);
  if (!(originalCents > grossCents)) return null;
  const code = str(m.promoCode);
  const pct = num(m.percentOff);
  const label = code
    ? `Promo code ${code}${pct > 0 ? ` (${pct}% off)` : ''}`
    : 'Promotion discount';
  const by = code ? `promo code ${code}` : 'a promotion';
  return {
    originalCents,
    label,
    note: ` (${formatMoney(originalCents)} before ${by}, ${formatMoney(originalCents - grossCents)} off)`,
  };
}

/** The owner's share of a sale moving in part to a collaborator, as either of them sees it. */
export function describeCollabSplit(
  tx: { metadata: Meta },
  userId: string,
  users: Map<string, UserBrief>,
  base: { id: string; type: string; createdAt: string },
): TransactionLine {
  const m = tx.metadata;
  // the owner's share of a sale moves in part to the collaborator: `shareCents` is the whole
  // share, `partCents` the collaborator's part of it (collaborations.split.ts)
  const share = num(m.shareCents);
  const part = num(m.partCents);
  const pct = num(m.splitPercent);
  const until = str(m.availableAt)?.slice(0, 10) ?? '';
  const isOwner = str(m.payerId) === userId;
  const other = users.get((isOwner ? str(m.creatorId) : str(m.payerId)) ?? '') ?? null;
  const who = other ? `@${other.username}` : 'a creator';
  const breakdown = [
    line('Creator share of the sale', share),
    line(`Collaborator's part (${pct}%)`, part),
    line(isOwner ? 'Yours after the split' : "Owner's part", share - part),
  ];
  return {
    ...base,
    amount: units(part),
    amountCents: part,
    direction: isOwner ? 'out' : 'in',
    account: 'creator_pending',
    counterparty: other,
    explanation: isOwner
      ? `${formatMoney(part)} of your ${formatMoney(share)} share of a sale went to your collaborator ${who} (${pct}%).`
      : `${who} shared ${formatMoney(part)} of their ${formatMoney(share)} share of a sale with you as a collaborator (${pct}%); it is pending until ${until}.`,
    breakdown,
  };
}
