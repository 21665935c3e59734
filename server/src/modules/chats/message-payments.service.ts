import { idOr404 } from '../../platform/ids.ts';
import {
  CHAT_PRICE_CENTS,
  ErrorCodes,
  type ContentRequestStatusBody,
  type Message,
  type OfferStatusBody,
  type UnlockMessageResponse,
} from '@fanspace/contracts';
import { sql, type Updateable } from 'kysely';
import { assertInTransaction, type Tx } from '../../platform/db/database.ts';
import type { MessageRow, MessagesTable } from '../../platform/db/schema.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
} from '../../platform/errors.ts';
import { publishAfterCommit } from '../../platform/realtime/publish.ts';
import { blockedEitherWay } from '../graph/graph.relations.ts';
import { chargeToCreator } from '../ledger/charges.ts';
import { amountToCents, units } from '../ledger/money.ts';
import { getOwnedMedia } from '../media/media.service.ts';
import { notify } from '../notifications/notify.ts';
import type { Viewer } from '../posts/post-views.ts';
import { referralTermsFrom } from '../referrals/referrals.split.ts';
import { cleanText } from '../users/profile-rules.ts';
import { messageNotFound } from './chats.policy.ts';
import { findMessageFor, otherParticipantIds } from './chats.queries.ts';
import {
  lockChatOfMessage,
  messageTouched,
  purchaseLinked,
  unlockChecks,
} from './message-unlock.queries.ts';
import { blockedError } from './chats.service.ts';
import { effectiveOfferStatus, presentLoadedMessage, presentOneMessage } from './message-views.ts';
import { insertMessage } from './messages.service.ts';
import { isCreator, NO_PAID_PARTS, type PaidCtx } from './paid-parts.ts';

/**
 * Money and state machines of chat messages: unlocking a locked message, answering an offer,
 * moving a content request along. Every function runs inside the caller's transaction (the
 * route wraps it in `idempotentRoute` when an Idempotency-Key is sent), takes the chat's write
 * lock and re-reads the message under it, so concurrent answers see each other.
 *
 * Purchases (unlock, paid offer) insert their UNIQUE (message, buyer) row before charging:
 * concurrent requests queue on it and every one after the first is refused, so a message is
 * charged exactly once per buyer.
 */

const transition = (message: string) => new ConflictError(ErrorCodes.INVALID_TRANSITION, message);
const deleted = () => new BadRequestError('This message was deleted', ErrorCodes.MESSAGE_DELETED);

/** The message under its chat's lock, if the viewer takes part in the chat. */
async function lockedMessage(tx: Tx, viewerId: string, rawId: string): Promise<MessageRow> {
  const id = idOr404(rawId, messageNotFound);
  if (!(await lockChatOfMessage(tx, id, viewerId))) throw messageNotFound();
  const message = await findMessageFor(tx, id, viewerId);
  if (!message) throw messageNotFound();
  if (message.deleted_at) throw deleted();
  return message;
}

function touched(tx: Tx, id: string, set: Updateable<MessagesTable> = {}) {
  return tx
    .updateTable('messages')
    .set({ ...set, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function announceUpdate(ctx: PaidCtx, tx: Tx, message: MessageRow, others?: string[]) {
  const to = others ?? (await otherParticipantIds(tx, message.chat_id, message.sender_id));
  publishAfterCommit(ctx, tx, { userIds: [message.sender_id, ...to] }, 'message_updated', {
    chatId: message.chat_id,
    messageId: message.id,
  });
}

/** Inserts the purchase (or refuses a second one) and charges the buyer for the sender. */
async function purchase(
  ctx: PaidCtx,
  tx: Tx,
  message: MessageRow,
  buyerId: string,
  priceCents: number,
  reason: 'unlock' | 'offer',
) {
  const row = await tx
    .insertInto('message_purchases')
    .values({ message_id: message.id, buyer_id: buyerId, price_cents: priceCents, reason })
    .onConflict((oc) => oc.columns(['message_id', 'buyer_id']).doNothing())
    .returning(['id', 'created_at'])
    .executeTakeFirst();
  if (!row)
    throw new ConflictError(
      ErrorCodes.ALREADY_UNLOCKED,
      reason === 'unlock'
        ? 'You have already unlocked this message'
        : 'You have already accepted this offer',
    );
  const charge = await chargeToCreator(ctx, tx, {
    kind: 'unlock',
    payerId: buyerId,
    creatorId: message.sender_id,
    grossCents: priceCents,
    details: {
      contentType: reason === 'unlock' ? 'message' : 'offer',
      messageId: message.id,
      chatId: message.chat_id,
      purchaseId: row.id,
    },
    idempotencyRef: `message-${reason}:${row.id}`,
    also: [purchaseLinked(row.id)],
  });
  return { purchaseId: row.id, createdAt: row.created_at, charge };
}

/**
 * POST /chats/messages/{id}/unlock: the buyer pays the locked price once. 8 statements with an
 * Idempotency-Key (unlock-round-trips.test.ts): begin, the key's claim, the chat's lock, the
 * checks with the purchase row (`unlockChecks`: the message under the lock, the block, the
 * sender's referral terms, the participants and what the response presents), the accounts'
 * lock, the ledger write (with the release job, the sender's notice, the purchase's link and
 * the message's `updated_at`), the system accounts with the stored response, commit.
 */
export async function unlockMessage(
  ctx: PaidCtx,
  tx: Tx,
  viewer: Viewer,
  rawId: string,
): Promise<UnlockMessageResponse> {
  assertInTransaction(tx);
  const id = idOr404(rawId, messageNotFound);
  if (!(await lockChatOfMessage(tx, id, viewer.id))) throw messageNotFound();
  const checks = await unlockChecks(tx, id, viewer.id);
  const { message } = checks;
  if (!message) throw messageNotFound();
  if (message.deleted_at) throw deleted();
  if (message.sender_id === viewer.id)
    throw new BadRequestError('You cannot unlock your own message', ErrorCodes.CANNOT_TARGET_SELF);
  const priceCents = message.locked_price_cents;
  if (priceCents === null)
    throw new BadRequestError('This message is not locked', ErrorCodes.NOT_FOR_SALE);
  if (checks.blocked) throw blockedError();
  const bought = checks.purchase;
  if (!bought)
    throw new ConflictError(ErrorCodes.ALREADY_UNLOCKED, 'You have already unlocked this message');
  const now = new Date();
  const charge = await chargeToCreator(ctx, tx, {
    kind: 'unlock',
    payerId: viewer.id,
    creatorId: message.sender_id,
    grossCents: priceCents,
    details: {
      contentType: 'message',
      messageId: message.id,
      chatId: message.chat_id,
      purchaseId: bought.id,
    },
    idempotencyRef: `message-unlock:${bought.id}`,
    now,
    referral: referralTermsFrom(checks.referral, now),
    // the message's updated_at moves to the transaction's now(), which the checks read
    also: [purchaseLinked(bought.id), messageTouched(message.id)],
  });
  const row: MessageRow = { ...message, updated_at: checks.now };
  await announceUpdate(ctx, tx, row, checks.others);
  const purchases = [
    ...checks.facts.purchases,
    {
      buyer_id: viewer.id,
      created_at: bought.createdAt,
      ledger_transaction_id: charge.transactionId,
      reason: 'unlock' as const,
    },
  ].sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  return {
    ok: true,
    messageId: message.id,
    isUnlocked: true,
    price: units(priceCents),
    priceCents,
    transactionId: charge.transactionId,
    unlockedAt: bought.createdAt.toISOString(),
    message: presentLoadedMessage(ctx, viewer, row, { ...checks.facts, purchases }),
  };
}

/**
 * PATCH /chats/messages/{id}/offer {status}: pending → accepted | declined (the receiver) or
 * expired (the sender withdraws; also by time). Accepting a priced offer charges the receiver.
 */
export async function answerOffer(
  ctx: PaidCtx,
  tx: Tx,
  viewer: Viewer,
  rawId: string,
  body: OfferStatusBody,
): Promise<Message> {
  assertInTransaction(tx);
  const message = await lockedMessage(tx, viewer.id, rawId);
  if (!message.offer)
    throw new BadRequestError('This message is not an offer', ErrorCodes.VALIDATION_FAILED);
  const current = effectiveOfferStatus(message);
  if (current !== 'pending')
    throw transition(
      current === 'expired' ? 'This offer has expired' : `This offer was already ${current}`,
    );
  const isSender = message.sender_id === viewer.id;
  if (body.status === 'expired' && !isSender)
    throw new ForbiddenError(ErrorCodes.FORBIDDEN, 'Only the sender can withdraw an offer');
  if (body.status !== 'expired' && isSender)
    throw new ForbiddenError(
      ErrorCodes.FORBIDDEN,
      'Only the receiver can accept or decline an offer',
    );
  if (body.status === 'accepted' && (await blockedEitherWay(tx, viewer.id, message.sender_id)))
    throw blockedError();
  const priceCents = typeof message.offer.priceCents === 'number' ? message.offer.priceCents : null;
  let transactionId: string | null = null;
  if (body.status === 'accepted' && priceCents !== null) {
    const bought = await purchase(ctx, tx, message, viewer.id, priceCents, 'offer');
    transactionId = bought.charge.transactionId;
  }
  const row = await touched(tx, message.id, {
    offer_status: body.status,
    offer: JSON.stringify({
      ...message.offer,
      respondedAt: new Date().toISOString(),
      transactionId,
    }),
  });
  if (body.status !== 'expired')
    await notify(tx, {
      userId: message.sender_id,
      type: 'message',
      actorId: viewer.id,
      relatedId: message.chat_id,
      relatedType: 'chat',
      data: { chatId: message.chat_id, messageId: message.id, offerStatus: body.status },
    });
  await announceUpdate(ctx, tx, row);
  return presentOneMessage(ctx, viewer, row, tx);
}

/** Which content request transitions exist, and who may make them. */
const REQUEST_MOVES: Record<
  ContentRequestStatusBody['status'],
  { from: string[]; by: 'creator' | 'requester' }
> = {
  accepted: { from: ['pending'], by: 'creator' },
  declined: { from: ['pending', 'accepted'], by: 'creator' },
  delivered: { from: ['accepted'], by: 'creator' },
  cancelled: { from: ['pending', 'accepted'], by: 'requester' },
};

const refId = (ref: string | { id: string }) => (typeof ref === 'string' ? ref : ref.id);

/**
 * PUT /chats/messages/{id}/content-request {status, …}: pending → accepted → delivered, or
 * declined (creator) / cancelled (requester) before delivery. Delivery names a locked message
 * the creator sent in this chat after the request (`deliveredMessageId`), or sends one from
 * `selectedMediaItems`, locked at the request's price; the requester pays by unlocking it.
 */
export async function moveContentRequest(
  ctx: PaidCtx,
  tx: Tx,
  viewer: Viewer,
  rawId: string,
  body: ContentRequestStatusBody,
): Promise<Message> {
  assertInTransaction(tx);
  const message = await lockedMessage(tx, viewer.id, rawId);
  const request = message.content_request;
  if (!request)
    throw new BadRequestError(
      'This message is not a content request',
      ErrorCodes.VALIDATION_FAILED,
    );
  const current = message.content_request_status ?? 'pending';
  const move = REQUEST_MOVES[body.status];
  const isRequester = message.sender_id === viewer.id;
  if (move.by === 'creator' && isRequester)
    throw new ForbiddenError(
      ErrorCodes.FORBIDDEN,
      `Only the creator who received the request can mark it ${body.status}`,
    );
  if (move.by === 'requester' && !isRequester)
    throw new ForbiddenError(ErrorCodes.FORBIDDEN, 'Only the requester can cancel a request');
  if (!move.from.includes(current))
    throw transition(`Cannot change a ${current} content request to ${body.status}`);

  const next: Record<string, unknown> = { ...request, respondedAt: new Date().toISOString() };
  if (body.note !== undefined) next.note = cleanText(body.note).trim();
  if (body.status === 'accepted' && body.price !== undefined)
    next.priceCents =
      body.price === null || body.price === 0
        ? null
        : amountToCents('price', body.price, CHAT_PRICE_CENTS.min, CHAT_PRICE_CENTS.max);
  if (body.status === 'delivered') {
    next.deliveredMessageId = await deliver(ctx, tx, viewer, message, next, body);
  }
  const row = await touched(tx, message.id, {
    content_request_status: body.status,
    content_request: JSON.stringify(next),
  });
  const other = isRequester
    ? (await otherParticipantIds(tx, message.chat_id, viewer.id))[0]
    : message.sender_id;
  if (other)
    await notify(tx, {
      userId: other,
      type: 'message',
      actorId: viewer.id,
      relatedId: message.chat_id,
      relatedType: 'chat',
      data: {
        chatId: message.chat_id,
        messageId: message.id,
        contentRequestStatus: body.status,
      },
    });
  await announceUpdate(ctx, tx, row);
  return presentOneMessage(ctx, viewer, row, tx);
}

async function deliver(
  ctx: PaidCtx,
  tx: Tx,
  viewer: Viewer,
  requestMessage: MessageRow,
  next: Record<string, unknown>,
  body: ContentRequestStatusBody,
): Promise<string> {
  const priceCents = typeof next.priceCents === 'number' ? next.priceCents : null;
  if (body.deliveredMessageId) {
    const id = idOr404(body.deliveredMessageId, messageNotFound);
    const delivered = await tx
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', id)
      .where('chat_id', '=', requestMessage.chat_id)
      .executeTakeFirst();
    if (!delivered || delivered.sender_id !== viewer.id || delivered.deleted_at)
      throw new NotFoundError('Delivered message not found', ErrorCodes.MESSAGE_NOT_FOUND);
    if (delivered.created_at < requestMessage.created_at)
      throw new BadRequestError(
        'The delivered message must be sent after the request',
        ErrorCodes.VALIDATION_FAILED,
        { field: 'deliveredMessageId' },
      );
    if (priceCents !== null && delivered.locked_price_cents === null)
      throw new BadRequestError(
        'Deliver a paid request with a locked message',
        ErrorCodes.VALIDATION_FAILED,
        { field: 'deliveredMessageId' },
      );
    return delivered.id;
  }
  const refs = (body.selectedMediaItems ?? []).map((r) => refId(r).toLowerCase());
  if (refs.length === 0)
    throw new BadRequestError(
      'Delivery needs deliveredMessageId or selectedMediaItems',
      ErrorCodes.VALIDATION_FAILED,
      { field: 'selectedMediaItems' },
    );
  if (priceCents !== null && !(await isCreator(tx, viewer.id)))
    throw new ForbiddenError(ErrorCodes.ONLY_CREATORS, 'Only creators can deliver paid content');
  const items = await getOwnedMedia(tx, viewer.id, refs);
  const receiver = requestMessage.sender_id;
  if (await blockedEitherWay(tx, viewer.id, receiver)) throw blockedError();
  const text = cleanText(body.text ?? '').trim() || 'Here is the content you requested';
  const row = await insertMessage(ctx, tx, {
    chatId: requestMessage.chat_id,
    senderId: viewer.id,
    others: [receiver],
    text,
    quotedId: requestMessage.id,
    media: { image: null, video: null, voice: null, items },
    voiceDuration: null,
    paid: { ...NO_PAID_PARTS, lockedCents: priceCents },
  });
  return row.id;
}
