import type { FeeSplit, Subscription } from '@fanspace/contracts';
import type { SubscriptionsTable, UserRow } from '../../platform/db/schema.ts';
import type { Selectable } from 'kysely';
import { units, type Split } from '../ledger/money.ts';

/** Presenters of the payments responses: cents in, units and `…Cents` twins out. */

export function presentSplit(split: Split): FeeSplit {
  return {
    gross: units(split.grossCents),
    grossCents: split.grossCents,
    fee: units(split.feeCents),
    feeCents: split.feeCents,
    creatorShare: units(split.shareCents),
    creatorShareCents: split.shareCents,
    feePercent: split.feePercent,
  };
}

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type CreatorSummary = Pick<UserRow, 'id' | 'username' | 'display_name' | 'avatar_url'>;

/** A cancel keeps status 'active' until the period ends; clients see it as 'canceled'. */
export function presentSubscription(
  row: SubscriptionRow,
  priceCents: number,
  creator?: CreatorSummary,
): Subscription {
  return {
    id: row.id,
    subscriberId: row.subscriber_id,
    creatorId: row.creator_id,
    status: row.status === 'active' && row.canceled_at ? 'canceled' : row.status,
    currentPeriodEnd: row.current_period_end.toISOString(),
    // a card provider's subscription renews at the provider (is_recurring stays false for our
    // renewal job) until it is canceled
    isRecurring: row.is_recurring || (row.provider_subscription_id !== null && !row.canceled_at),
    createdAt: row.created_at.toISOString(),
    price: units(priceCents),
    priceCents,
    ...(creator
      ? {
          creator: {
            id: creator.id,
            username: creator.username,
            displayName: creator.display_name,
            avatarUrl: creator.avatar_url,
          },
        }
      : {}),
  };
}
