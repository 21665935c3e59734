import {
  CURRENCY,
  ErrorCodes,
  MONEY_LIMITS,
  TIP_TYPES,
  type CardPaymentType,
  type CreatePaymentIntentBody,
  type PaymentIntentResponse,
} from '@fanspace/contracts';
import { sql, type Selectable } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { assertInTransaction, type DbHandle, type Tx } from '../../platform/db/database.ts';
import type { CardPaymentsTable, UserRow } from '../../platform/db/schema.ts';
import { AppError, BadRequestError, ConflictError, ForbiddenError } from '../../platform/errors.ts';
import {
  cardProvider,
  CardProviderError,
  type CardProvider,
} from '../../platform/payments/index.ts';
import { accountId, postTransaction } from '../ledger/ledger.service.ts';
import { amountToCents, units } from '../ledger/money.ts';
import { findVisiblePost } from '../posts/posts.queries.ts';
import { postNotFound } from '../posts/posts.policy.ts';
import { buyProPackWithWallet, proPackPriceCents } from './pro-pack.service.ts';
import { subscribe } from './subscriptions.service.ts';
import { payableCreator, sendTip, tippedContent } from './tips.service.ts';
import { unlockPost } from './unlock.service.ts';
import { offerOfStored, priceCardOffer } from '../commerce/card-offers.ts';
import { isUuid } from '../../platform/ids.ts';

/**
 * Card payments (docs/ARCHITECTURE.md "Card provider and pro pack"). A card payment is a row
 * in `card_payments` (one provider payment intent). Settling it posts, in one database
 * transaction: processor_clearing → the payer's wallet (kind top_up, unique ref
 * `card:<intent id>`), then the purchase it was for (tip, unlock, subscription, pro pack)
 * through the ordinary wallet services. If the purchase can no longer be made when the money
 * arrives (post already bought, creator gone), it is rolled back to a savepoint and the money
 * stays in the payer's wallet: outcome 'credited_to_wallet' with the reason.
 *
 * `test` provider: the intent is confirmed at once and settled in the same request.
 * `stripe` provider: the row waits ('requires_payment_method'…) until the signed webhook
 * payment_intent.succeeded settles it.
 */

type Deps = Pick<AppContext, 'jobs' | 'config'>;
export type CardPaymentRow = Selectable<CardPaymentsTable>;

const FOR_SALE = new Set(['paid', 'subscribers_or_paid']);

const ALIASES: Record<string, CardPaymentType> = {
  wallet_topup: 'wallet_topup',
  wallet: 'wallet_topup',
  add_funds: 'wallet_topup',
  topup: 'wallet_topup',
  top_up: 'wallet_topup',
  tip: 'tip',
  unlock: 'unlock',
  content_unlock: 'unlock',
  post_unlock: 'unlock',
  ppv: 'unlock',
  subscription: 'subscription',
  fan_subscription: 'subscription',
  pro_pack: 'pro_pack',
};

/** A provider failure as the API error the client sees (never a 500). */
export function providerFailure(error: unknown, fallback: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof CardProviderError) {
    if (error.kind === 'declined')
      return new AppError(402, ErrorCodes.CARD_DECLINED, error.message);
    if (error.kind === 'invalid')
      return new AppError(400, ErrorCodes.CARD_PROVIDER_ERROR, `${fallback}: ${error.message}`);
    return new AppError(503, ErrorCodes.CARD_PAYMENTS_NOT_CONFIGURED, error.message, {
      fallback,
    });
  }
  throw error;
}

export async function viaProvider<T>(fallback: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw providerFailure(error, fallback);
  }
}

export const notConfigured = (what: string) =>
  new AppError(
    503,
    ErrorCodes.CARD_PAYMENTS_NOT_CONFIGURED,
    `${what} needs Stripe, and card payments are not configured on this server`,
  );

export async function providerAccount(db: DbHandle, userId: string) {
  return db
    .selectFrom('provider_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The user's customer at the provider, created once (the provider call is idempotent per user). */
export async function ensureCustomer(
  ctx: Pick<AppContext, 'db' | 'config'>,
  user: Pick<UserRow, 'id' | 'email' | 'username'>,
): Promise<string> {
  const existing = await providerAccount(ctx.db, user.id);
  if (existing?.customer_id) return existing.customer_id;
  const provider = cardProvider(ctx.config);
  const customerId = await viaProvider('Failed to create customer', () =>
    provider.createCustomer({ userId: user.id, email: user.email, username: user.username }),
  );
  await ctx.db
    .insertInto('provider_accounts')
    .values({ user_id: user.id, customer_id: customerId })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        customer_id: sql`coalesce(provider_accounts.customer_id, excluded.customer_id)`,
      }),
    )
    .execute();
  const row = await providerAccount(ctx.db, user.id);
  return row?.customer_id ?? customerId;
}

export interface Purchase {
  type: CardPaymentType;
  amountCents: number;
  recipientUserId: string | null;
  details: Record<string, string | null>;
}

function exactAmount(body: { amount?: number | undefined }, priceCents: number, what: string) {
  if (body.amount === undefined) return priceCents;
  const cents = amountToCents('amount', body.amount, 1, 10_000_000);
  if (cents !== priceCents)
    throw new BadRequestError(
      `amount must equal the ${what} price (${units(priceCents).toFixed(2)})`,
      ErrorCodes.VALIDATION_FAILED,
      { field: 'amount' },
    );
  return cents;
}

function required(value: string | null | undefined, field: string): string {
  if (!value)
    throw new BadRequestError(
      `${field} is required for this payment`,
      ErrorCodes.VALIDATION_FAILED,
      {
        field,
      },
    );
  return value;
}

/** Validates what a card payment is for and prices it (DESIGN "Money rules" limits). */
export async function resolvePurchase(
  deps: Deps,
  db: DbHandle,
  payerId: string,
  body: CreatePaymentIntentBody,
): Promise<Purchase> {
  const type = ALIASES[body.paymentType.trim().toLowerCase()];
  if (body.tipperUserId && body.tipperUserId !== payerId)
    throw new ForbiddenError(ErrorCodes.FORBIDDEN, 'You can only pay as yourself');
  if (body.paymentType === 'promotion')
    throw new BadRequestError(
      'Promotions are claimed through their link; pay a subscription with promotionDetails',
      ErrorCodes.PAYMENT_TYPE_UNSUPPORTED,
    );
  if (body.promotionDetails && type !== 'subscription' && type !== 'unlock')
    throw new BadRequestError(
      'promotionDetails apply only to subscriptions and unlocks',
      ErrorCodes.PAYMENT_TYPE_UNSUPPORTED,
      { field: 'promotionDetails' },
    );
  if (!type)
    throw new BadRequestError(
      `paymentType must be one of wallet_topup, tip, unlock, subscription, pro_pack`,
      ErrorCodes.PAYMENT_TYPE_UNSUPPORTED,
      { field: 'paymentType' },
    );
  switch (type) {
    case 'wallet_topup': {
      const amount = body.amount ?? MONEY_LIMITS.defaultTestFunds;
      const cents = amountToCents('amount', amount, MONEY_LIMITS.topUp.min, MONEY_LIMITS.topUp.max);
      return { type, amountCents: cents, recipientUserId: null, details: {} };
    }
    case 'tip': {
      const recipient = required(body.recipientUserId, 'recipientUserId');
      if (body.amount === undefined) required(null, 'amount');
      const cents = amountToCents(
        'amount',
        body.amount!,
        MONEY_LIMITS.tip.min,
        MONEY_LIMITS.tip.max,
      );
      await payableCreator(db, payerId, recipient);
      const tipType =
        body.tipType ??
        (body.wishlistItemId
          ? 'wishlist'
          : body.contentId
            ? body.contentType === 'message'
              ? 'chat'
              : 'post'
            : 'profile');
      if (!(TIP_TYPES as readonly string[]).includes(tipType))
        throw new BadRequestError(
          `tipType must be one of ${TIP_TYPES.join(', ')}`,
          ErrorCodes.VALIDATION_FAILED,
          {
            field: 'tipType',
          },
        );
      // refused now, not after the card is charged: what the tip is for must be the creator's
      const contentId = await tippedContent(db, payerId, {
        recipientUserId: recipient,
        tipType: tipType as (typeof TIP_TYPES)[number],
        contentId: body.wishlistItemId ?? body.contentId ?? null,
      });
      return {
        type,
        amountCents: cents,
        recipientUserId: recipient,
        details: { tipType, contentId },
      };
    }
    case 'unlock': {
      if (body.contentType === 'message')
        throw new BadRequestError(
          'Chat messages are unlocked from the wallet (POST /chats/messages/{id}/unlock)',
          ErrorCodes.PAYMENT_TYPE_UNSUPPORTED,
        );
      const postId = required(body.contentId, 'contentId');
      if (!isUuid(postId)) throw postNotFound();
      const post = await findVisiblePost(db, payerId, postId);
      if (!post) throw postNotFound();
      if (post.user_id === payerId)
        throw new BadRequestError('You cannot unlock your own post', ErrorCodes.CANNOT_TARGET_SELF);
      if (!FOR_SALE.has(post.access_level) || post.price_cents === null)
        throw new BadRequestError('This post is not for sale', ErrorCodes.NOT_FOR_SALE);
      const bought = await db
        .selectFrom('content_purchases')
        .select('id')
        .where('buyer_id', '=', payerId)
        .where('post_id', '=', post.id)
        .executeTakeFirst();
      if (bought)
        throw new ConflictError(ErrorCodes.ALREADY_UNLOCKED, 'You have already unlocked this post');
      const deal = await priceCardOffer(db, {
        userId: payerId,
        creatorId: post.user_id,
        purpose: 'unlock',
        priceCents: post.price_cents,
        details: body.promotionDetails,
      });
      return {
        type,
        amountCents: exactAmount(body, deal.chargeCents, 'post'),
        recipientUserId: post.user_id,
        details: { postId: post.id, ...deal.stored },
      };
    }
    case 'subscription': {
      const creatorId = required(body.recipientUserId, 'recipientUserId');
      const creator = await payableCreator(db, payerId, creatorId);
      if (creator.subscription_price_cents <= 0)
        throw new BadRequestError(
          'This creator is free to follow; there is nothing to subscribe to',
          ErrorCodes.SUBSCRIPTION_FREE,
        );
      const deal = await priceCardOffer(db, {
        userId: payerId,
        creatorId,
        purpose: 'subscription',
        priceCents: creator.subscription_price_cents,
        details: body.promotionDetails,
      });
      return {
        type,
        amountCents: exactAmount(body, deal.chargeCents, 'subscription'),
        recipientUserId: creatorId,
        details: deal.stored,
      };
    }
    case 'pro_pack': {
      const price = await proPackPriceCents(db, deps.config);
      return {
        type,
        amountCents: exactAmount(body, price, 'pro pack'),
        recipientUserId: null,
        details: {},
      };
    }
  }
}

export function presentIntent(
  row: CardPaymentRow,
  clientSecret: string | null,
): PaymentIntentResponse {
  return {
    id: row.id,
    paymentIntentId: row.provider_ref,
    clientSecret,
    status: row.status,
    amount: units(row.amount_cents),
    amountCents: row.amount_cents,
    currency: row.currency,
    type: row.payment_type,
    recipient: row.recipient_user_id,
    provider: row.provider,
    outcome: row.outcome,
    transactionId: row.charge_transaction_id ?? row.top_up_transaction_id,
  };
}

const savepoint = (tx: Tx, op: 'savepoint' | 'rollback to savepoint' | 'release savepoint') =>
  sql.raw(`${op} card_purchase`).execute(tx);

/**
 * Settles a succeeded card payment exactly once (row locked; the top-up's unique ledger ref is
 * the last line). `strict`: a purchase that fails throws (test provider, same request);
 * otherwise the money stays in the wallet and the reason is recorded (webhook).
 */
export async function settleCardPayment(
  deps: Deps,
  tx: Tx,
  paymentId: string,
  options: { strict: boolean; now?: Date },
): Promise<CardPaymentRow> {
  assertInTransaction(tx);
  const row = await tx
    .selectFrom('card_payments')
    .selectAll()
    .where('id', '=', paymentId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (row.top_up_transaction_id) return row;
  const [clearing, wallet] = [
    await accountId(tx, 'processor_clearing', null),
    await accountId(tx, 'user_wallet', row.user_id),
  ];
  const topUp = await postTransaction(tx, {
    kind: 'top_up',
    entries: [
      { accountId: clearing, amountCents: -row.amount_cents },
      { accountId: wallet, amountCents: row.amount_cents },
    ],
    metadata: {
      userId: row.user_id,
      provider: row.provider,
      reference: row.provider_ref,
      amountCents: row.amount_cents,
      cardPaymentId: row.id,
      paymentType: row.payment_type,
    },
    idempotencyRef: `card:${row.provider_ref}`,
  });
  let chargeId: string | null = null;
  let outcome = row.payment_type === 'wallet_topup' ? 'credited' : row.payment_type;
  let failure: string | null = null;
  if (row.payment_type !== 'wallet_topup') {
    if (!options.strict) await savepoint(tx, 'savepoint');
    try {
      chargeId = await purchase(deps, tx, row, options.now ?? new Date());
      if (!chargeId) {
        outcome = 'credited_to_wallet';
        failure = 'Nothing was due: the purchase was already paid';
      }
      if (!options.strict) await savepoint(tx, 'release savepoint');
    } catch (error) {
      if (options.strict || !(error instanceof AppError)) throw error;
      await savepoint(tx, 'rollback to savepoint');
      outcome = 'credited_to_wallet';
      failure = error.message;
    }
  }
  return tx
    .updateTable('card_payments')
    .set({
      status: 'succeeded',
      outcome,
      failure_reason: failure,
      top_up_transaction_id: topUp.id,
      charge_transaction_id: chargeId,
      updated_at: options.now ?? new Date(),
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function purchase(
  deps: Deps,
  tx: Tx,
  row: CardPaymentRow,
  now: Date,
): Promise<string | null> {
  const d = row.details as Record<string, string | null>;
  switch (row.payment_type) {
    case 'tip': {
      const tip = await sendTip(deps, tx, row.user_id, {
        recipientUserId: row.recipient_user_id!,
        amount: units(row.amount_cents),
        tipType: (d.tipType ?? 'profile') as (typeof TIP_TYPES)[number],
        contentId: d.contentId ?? null,
      });
      return tip.transactionId;
    }
    case 'unlock':
      return (await unlockPost(deps, tx, row.user_id, d.postId!, offerOfStored(d))).transactionId;
    case 'subscription':
      return (await subscribe(deps, tx, row.user_id, row.recipient_user_id!, now, offerOfStored(d)))
        .transactionId;
    case 'pro_pack':
      return (await buyProPackWithWallet(deps, tx, row.user_id, now)).transactionId;
    default:
      return null;
  }
}

/**
 * POST /stripe/create-payment-intent and /payments/process (with a saved method). Runs inside
 * the idempotent route transaction; the provider call carries the same idempotency key.
 */
export async function createCardPayment(
  deps: Deps & Pick<AppContext, 'db'>,
  tx: Tx,
  user: Pick<UserRow, 'id' | 'email' | 'username'>,
  body: CreatePaymentIntentBody,
  options: { idempotencyKey: string; customerId: string | null; paymentMethodRef?: string },
): Promise<PaymentIntentResponse> {
  const provider: CardProvider = cardProvider(deps.config);
  const what = await resolvePurchase(deps, tx, user.id, body);
  const metadata: Record<string, string> = {
    userId: user.id,
    paymentType: what.type,
    ...(what.recipientUserId ? { recipientUserId: what.recipientUserId } : {}),
    ...Object.fromEntries(
      Object.entries(what.details).filter((e): e is [string, string] => typeof e[1] === 'string'),
    ),
  };
  const intent = await viaProvider('An unknown error occurred during payment.', () =>
    provider.createPaymentIntent({
      amountCents: what.amountCents,
      currency: CURRENCY,
      customerId: options.customerId,
      metadata,
      idempotencyKey: `pi:${user.id}:${options.idempotencyKey}`,
      ...(options.paymentMethodRef ? { paymentMethodRef: options.paymentMethodRef } : {}),
    }),
  );
  let row = await tx
    .insertInto('card_payments')
    .values({
      user_id: user.id,
      provider: provider.name,
      provider_ref: intent.id,
      amount_cents: what.amountCents,
      currency: CURRENCY,
      payment_type: what.type,
      recipient_user_id: what.recipientUserId,
      details: JSON.stringify(what.details),
      status: intent.status,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // test provider: confirmed now, so settled now; stripe: the webhook settles (a saved card
  // may succeed synchronously too, but the webhook remains the one place money is posted)
  if (provider.name === 'test' && intent.status === 'succeeded')
    row = await settleCardPayment(deps, tx, row.id, { strict: true });
  return presentIntent(row, intent.clientSecret);
}

/**
 * With Stripe configured, money enters only through Stripe: add-test-funds is refused (403)
 * and wallet top-ups go through a payment intent (paymentType wallet_topup).
 */
export function refuseTestFundsWithStripe(
  config: AppContext['config'],
  route: 'add-test-funds' | 'add-funds',
) {
  if (cardProvider(config).name !== 'stripe') return;
  throw new AppError(
    403,
    ErrorCodes.TEST_FUNDS_DISABLED,
    route === 'add-test-funds'
      ? 'Test funds are disabled because Stripe is configured; add funds by card instead'
      : 'Add funds by card: POST /api/stripe/create-payment-intent with paymentType wallet_topup',
  );
}
