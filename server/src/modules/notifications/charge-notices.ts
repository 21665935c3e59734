import type { NotificationType } from '@fanspace/contracts';
import { notifyWithin, type NotifyInput, type RidingNotification } from './notify.ts';

/**
 * The creator's notification of a charge made to them (called by ledger `chargeToCreator`, in
 * the charge's transaction): a tip, a purchase (post unlock, chat message unlock, paid offer)
 * or a new subscription. Renewals are routine and notify nobody. It is written by the charge's
 * own ledger statement (`notifyWithin`), so a sale's notice costs no round trip of its own.
 */

const TYPE_OF: Record<string, NotificationType | undefined> = {
  tip: 'tip',
  unlock: 'purchase',
  subscription: 'subscription',
};

export interface ChargeFacts {
  kind: string;
  payerId: string;
  creatorId: string;
  details?: Record<string, unknown>;
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** What the notification points at: the post, message, chat or subscription of the charge. */
export function chargeTarget(details: Record<string, unknown> = {}) {
  const postId = str(details.postId);
  if (postId) return { relatedId: postId, relatedType: 'post' };
  const chatId = str(details.chatId);
  if (chatId) return { relatedId: chatId, relatedType: 'chat' };
  const contentId = str(details.contentId);
  const tipType = str(details.tipType);
  if (contentId && tipType === 'post') return { relatedId: contentId, relatedType: 'post' };
  if (contentId) return { relatedId: contentId, relatedType: tipType ?? 'content' };
  const subscriptionId = str(details.subscriptionId);
  if (subscriptionId) return { relatedId: subscriptionId, relatedType: 'subscription' };
  return { relatedId: null, relatedType: null };
}

/** What the creator is told of a charge; null: nobody is told (a renewal). */
export function chargeNoticeInput(charge: ChargeFacts, grossCents: number): NotifyInput | null {
  const type = TYPE_OF[charge.kind];
  if (!type) return null;
  const { relatedId, relatedType } = chargeTarget(charge.details);
  return {
    userId: charge.creatorId,
    type,
    actorId: charge.payerId,
    relatedId,
    relatedType,
    data: {
      amount: grossCents / 100,
      amountCents: grossCents,
      ...Object.fromEntries(
        ['postId', 'messageId', 'chatId', 'tipType', 'contentId', 'contentType', 'subscriptionId']
          .filter((k) => charge.details?.[k] !== undefined && charge.details?.[k] !== null)
          .map((k) => [k, charge.details![k]]),
      ),
    },
  };
}

/** The sale's notification, to ride in the charge's ledger write; null: nobody is told. */
export function chargeNotification(
  charge: ChargeFacts,
  grossCents: number,
): RidingNotification | null {
  const input = chargeNoticeInput(charge, grossCents);
  return input ? notifyWithin(input, 'sale_') : null;
}
