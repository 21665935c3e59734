import { describe, expect, it } from 'vitest';
import { describeTransaction } from './statements.service.ts';

/** Pure statement lines: every cent of a transaction is accounted for in its line. */

const creatorId = '00000000-0000-4000-8000-000000000001';
const entry = (kind: string, amount_cents: number) => ({
  transaction_id: 'tx',
  amount_cents,
  kind,
  owner_id: creatorId,
});
const release = (metadata: Record<string, unknown>) => ({
  id: 'tx',
  kind: 'release',
  metadata,
  created_at: new Date('2026-12-05T13:00:00Z'),
});

describe('release lines', () => {
  it('say what moved from pending to available', () => {
    const line = describeTransaction(
      release({ creatorId, amountCents: 800 }),
      [entry('creator_pending', -800), entry('creator_available', 800)],
      creatorId,
      new Map(),
    );
    expect(line).toMatchObject({ amountCents: 800, direction: 'in', account: 'creator_available' });
    expect(line.explanation).toBe('$8.00 finished its hold and moved from pending to available.');
    expect(line.breakdown).toEqual([{ label: 'Moved to available', amount: 8, amountCents: 800 }]);
  });

  it('explain the part that repaid a balance owed from a refund', () => {
    const line = describeTransaction(
      release({ creatorId, amountCents: 800, repaidOwedCents: 300 }),
      [entry('creator_pending', -800), entry('creator_available', 500), entry('creator_owed', 300)],
      creatorId,
      new Map(),
    );
    expect(line).toMatchObject({ amountCents: 500, direction: 'in', account: 'creator_available' });
    expect(line.explanation).toBe(
      '$8.00 finished its hold: $3.00 repaid the balance you owed from a refund or chargeback and $5.00 moved from pending to available.',
    );
    expect(line.breakdown.map((b) => [b.label, b.amountCents])).toEqual([
      ['Finished its hold', 800],
      ['Repaid balance owed', 300],
      ['Moved to available', 500],
    ]);
  });
});

describe('charges bought with a promo code or promotion', () => {
  const fanId = '00000000-0000-4000-8000-000000000002';
  const users = new Map([
    [fanId, { id: fanId, username: 'fan', displayName: null }],
    [creatorId, { id: creatorId, username: 'maya', displayName: 'Maya' }],
  ]);
  const charge = (extra: Record<string, unknown>) => ({
    id: 'tx',
    kind: 'subscription',
    metadata: {
      payerId: fanId,
      creatorId,
      grossCents: 669,
      feeCents: 133,
      shareCents: 536,
      feePercent: 20,
      availableAt: '2026-12-05T12:00:00.000Z',
      originalCents: 999,
      ...extra,
    },
    created_at: new Date('2026-11-28T12:00:00Z'),
  });
  const paid = [{ transaction_id: 'tx', amount_cents: -669, kind: 'user_wallet', owner_id: fanId }];
  const earned = [entry('creator_pending', 536)];

  it('show the price before the code and the discount to the fan and the creator', () => {
    const fan = describeTransaction(
      charge({ promoCode: 'HALF', percentOff: 33 }),
      paid,
      fanId,
      users,
    );
    expect(fan.explanation).toBe(
      'You paid $6.69 to @maya for a subscription ($9.99 before promo code HALF, $3.30 off): $5.36 goes to the creator and $1.33 is the platform fee (20%).',
    );
    expect(fan.breakdown.map((b) => [b.label, b.amountCents])).toEqual([
      ['Price', 999],
      ['Promo code HALF (33% off)', 330],
      ['Paid', 669],
      ['Platform fee (20%)', 133],
      ['Creator share (pending 7 days)', 536],
    ]);
    const creator = describeTransaction(charge({ promotionId: 'p' }), earned, creatorId, users);
    expect(creator.explanation).toContain(
      '@fan paid $6.69 for a subscription ($9.99 before a promotion, $3.30 off); the platform fee is $1.33',
    );
    expect(creator.breakdown[1]).toEqual({
      label: 'Promotion discount',
      amount: 3.3,
      amountCents: 330,
    });
  });

  it('say nothing of a discount on a full-price charge', () => {
    const line = describeTransaction(charge({ originalCents: undefined }), paid, fanId, users);
    expect(line.breakdown.map((b) => b.label)).toEqual([
      'Paid',
      'Platform fee (20%)',
      'Creator share (pending 7 days)',
    ]);
    expect(line.explanation).not.toContain('before');
  });
});

describe('collaboration splits', () => {
  const ownerId = '00000000-0000-4000-8000-000000000003';
  const users = new Map([
    [ownerId, { id: ownerId, username: 'owner', displayName: null }],
    [creatorId, { id: creatorId, username: 'collab', displayName: null }],
  ]);
  // a 5.00 unlock: share 4.00, the collaborator's 25 % is 1.00
  const split = {
    id: 'tx',
    kind: 'collab_split',
    metadata: {
      splitPercent: 25,
      shareCents: 400,
      partCents: 100,
      payerId: ownerId,
      creatorId,
      grossCents: 100,
      feeCents: 0,
      feePercent: 0,
      availableAt: '2026-12-05T12:00:00.000Z',
    },
    created_at: new Date('2026-11-28T12:00:00Z'),
  };

  it('credit the collaborator their part, not the whole share', () => {
    const line = describeTransaction(split, [entry('creator_pending', 100)], creatorId, users);
    expect(line).toMatchObject({ amountCents: 100, direction: 'in', account: 'creator_pending' });
    expect(line.explanation).toBe(
      '@owner shared $1.00 of their $4.00 share of a sale with you as a collaborator (25%); it is pending until 2026-12-05.',
    );
  });

  it('show the owner the part that left their pending earnings', () => {
    const line = describeTransaction(
      split,
      [{ transaction_id: 'tx', amount_cents: -100, kind: 'creator_pending', owner_id: ownerId }],
      ownerId,
      users,
    );
    expect(line).toMatchObject({ amountCents: 100, direction: 'out', account: 'creator_pending' });
    expect(line.counterparty?.username).toBe('collab');
    expect(line.breakdown.map((b) => [b.label, b.amountCents])).toEqual([
      ['Creator share of the sale', 400],
      ["Collaborator's part (25%)", 100],
      ['Yours after the split', 300],
    ]);
  });
});
