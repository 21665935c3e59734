import {
  CURRENCY,
  ErrorCodes,
  type CheckoutBody,
  type CheckoutResponse,
  type ConnectResponse,
  type ConnectStatus,
  type IdentitySessionStatus,
  type SubscriptionActionBody,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { DbHandle, Tx } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
} from '../../platform/errors.ts';
import { cardProvider, type ConnectAccountInfo } from '../../platform/payments/index.ts';
import { publicBaseUrl } from '../auth/auth.mails.ts';
import {
  ensureCustomer,
  notConfigured,
  providerAccount,
  viaProvider,
} from './card-provider.service.ts';
import {
  buyProPackWithWallet,
  cancelProPack,
  proPackPriceCents,
  proPackStatus,
} from './pro-pack.service.ts';
import { cancelSubscription, priceOf, setRecurring, subscribe } from './subscriptions.service.ts';
import { presentSubscription } from './present.ts';
import { payableCreator } from './tips.service.ts';

/**
 * Creator payout onboarding (connect), identity sessions, subscription checkout, the customer
 * portal and the subscription actions of the card provider routes. What each does with the
 * `test` provider is in docs/ARCHITECTURE.md ("Card provider and pro pack").
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'jobs'>;
type User = Pick<UserRow, 'id' | 'email' | 'username' | 'account_type'>;

const base = (ctx: Ctx) => publicBaseUrl(ctx.config);

async function saveConnect(ctx: Ctx, userId: string, info: ConnectAccountInfo) {
  const verified = info.chargesEnabled && info.payoutsEnabled;
  const values = {
    connect_account_id: info.id,
    connect_details_submitted: info.detailsSubmitted,
    connect_charges_enabled: info.chargesEnabled,
    connect_payouts_enabled: info.payoutsEnabled,
    connect_verified_at: verified ? new Date() : null,
    updated_at: new Date(),
  };
  await ctx.db
    .insertInto('provider_accounts')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return verified;
}

export async function connectAccount(ctx: Ctx, user: User): Promise<ConnectResponse> {
  if (user.account_type !== 'creator')
    throw new ForbiddenError(
      ErrorCodes.ONLY_CREATORS,
      'Only creators can connect a payout account',
    );
  const provider = cardProvider(ctx.config);
  const row = await providerAccount(ctx.db, user.id);
  const info = await viaProvider('Failed to connect to Stripe', () =>
    row?.connect_account_id
      ? provider.retrieveConnectAccount(row.connect_account_id)
      : provider.createConnectAccount({ userId: user.id, email: user.email }),
  );
  const verified = await saveConnect(ctx, user.id, info);
  if (verified) return { accountVerified: true, accountId: info.id };
  const url = await viaProvider('Server did not return onboarding URL. Check server logs.', () =>
    provider.createAccountLink(
      info.id,
      `${base(ctx)}/settings/payments?connect=return`,
      `${base(ctx)}/settings/payments?connect=refresh`,
    ),
  );
  return { url, accountVerified: false, accountId: info.id };
}

export async function connectStatus(ctx: Ctx, userId: string): Promise<ConnectStatus> {
  const provider = cardProvider(ctx.config);
  const row = await providerAccount(ctx.db, userId);
  if (!row?.connect_account_id)
    return {
      provider: provider.name,
      connected: false,
      accountId: null,
      accountVerified: false,
      detailsSubmitted: false,
      chargesEnabled: false,
      payoutsEnabled: false,
    };
  let info: ConnectAccountInfo = {
    id: row.connect_account_id,
    detailsSubmitted: row.connect_details_submitted,
    chargesEnabled: row.connect_charges_enabled,
    payoutsEnabled: row.connect_payouts_enabled,
  };
  if (provider.name === 'stripe') {
    info = await viaProvider('Failed to connect to Stripe', () =>
      provider.retrieveConnectAccount(row.connect_account_id!),
    );
    await saveConnect(ctx, userId, info);
  }
  return {
    provider: provider.name,
    connected: true,
    accountId: info.id,
    accountVerified: info.chargesEnabled && info.payoutsEnabled,
    detailsSubmitted: info.detailsSubmitted,
    chargesEnabled: info.chargesEnabled,
    payoutsEnabled: info.payoutsEnabled,
  };
}

export async function connectLoginLink(ctx: Ctx, userId: string) {
  const provider = cardProvider(ctx.config);
  if (provider.name === 'test') throw notConfigured('The Stripe Express dashboard');
  const row = await providerAccount(ctx.db, userId);
  if (!row?.connect_account_id)
    throw new BadRequestError('Connect your payout account first', ErrorCodes.VALIDATION_FAILED);
  const url = await viaProvider('Failed to connect to Stripe', () =>
    provider.createLoginLink(row.connect_account_id!),
  );
  return { url };
}

export async function createIdentitySession(ctx: Ctx, userId: string) {
  const provider = cardProvider(ctx.config);
  if (provider.name === 'test')
    throw notConfigured('Identity verification by card provider (use POST /users/me/verification)');
  const session = await viaProvider('Failed to connect to Stripe', () =>
    provider.createIdentitySession({ userId, returnUrl: `${base(ctx)}/settings/verification` }),
  );
  await ctx.db
    .insertInto('provider_accounts')
    .values({ user_id: userId, identity_session_id: session.id, identity_status: 'requires_input' })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        identity_session_id: session.id,
        identity_status: 'requires_input',
        updated_at: new Date(),
      }),
    )
    .execute();
  return { url: session.url };
}

/** SPEC §4: verified when the status check says so (the user row follows). */
export async function identityStatus(ctx: Ctx, userId: string): Promise<IdentitySessionStatus> {
  const provider = cardProvider(ctx.config);
  const row = await providerAccount(ctx.db, userId);
  let status = row?.identity_status ?? null;
  if (provider.name === 'stripe' && row?.identity_session_id) {
    const session = await viaProvider('Failed to connect to Stripe', () =>
      provider.retrieveIdentitySession(row.identity_session_id!),
    );
    status = session.status;
    await ctx.db
      .updateTable('provider_accounts')
      .set({ identity_status: status, updated_at: new Date() })
      .where('user_id', '=', userId)
      .execute();
    if (status === 'verified')
      await ctx.db
        .updateTable('users')
        .set({ identity_status: 'verified' })
        .where('id', '=', userId)
        .execute();
  }
  const user = await ctx.db
    .selectFrom('users')
    .select('identity_status')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    provider: provider.name,
    status,
    identityStatus: user.identity_status,
    verified: user.identity_status === 'verified',
  };
}

export function checkoutProduct(body: CheckoutBody): 'fan_subscription' | 'pro_pack' {
  const product = body.creatorId ? 'fan_subscription' : 'pro_pack';
  if (body.productType && body.productType !== product)
    throw new BadRequestError(
      body.productType === 'fan_subscription'
        ? 'creatorId is required for a fan subscription'
        : 'productType must be fan_subscription when creatorId is given, else pro_pack',
      ErrorCodes.VALIDATION_FAILED,
      { field: 'productType' },
    );
  return product;
}

/** The web path of a creator's profile (where a subscription checkout returns). */
async function creatorPage(db: DbHandle, creatorId: string) {
  const row = await db
    .selectFrom('users')
    .select('username')
    .where('id', '=', creatorId)
    .executeTakeFirstOrThrow();
  return `/u/${encodeURIComponent(row.username)}`;
}

/** Test provider: the checkout completes at once, paid from the wallet (inside the money tx). */
export async function completeTestCheckout(
  ctx: Ctx,
  tx: Tx,
  userId: string,
  body: CheckoutBody,
): Promise<CheckoutResponse> {
  const productType = checkoutProduct(body);
  if (productType === 'fan_subscription') {
    const result = await subscribe(ctx, tx, userId, body.creatorId!);
    return {
      url: `${await creatorPage(tx, body.creatorId!)}?checkout=success`,
      productType,
      sessionId: null,
      completed: true,
      transactionId: result.transactionId,
    };
  }
  const bought = await buyProPackWithWallet(ctx, tx, userId);
  return {
    url: '/pro-pack?checkout=success',
    productType,
    sessionId: null,
    completed: true,
    transactionId: bought.transactionId,
  };
}

/** Stripe: a hosted Checkout page for a monthly subscription; invoice.paid does the rest. */
export async function createStripeCheckout(
  ctx: Ctx,
  user: User,
  body: CheckoutBody,
  idempotencyKey: string,
): Promise<CheckoutResponse> {
  const productType = checkoutProduct(body);
  let priceCents: number;
  let productName: string;
  if (productType === 'fan_subscription') {
    const creator = await payableCreator(ctx.db, user.id, body.creatorId!);
    if (creator.subscription_price_cents <= 0)
      throw new BadRequestError(
        'This creator is free to follow; there is nothing to subscribe to',
        ErrorCodes.SUBSCRIPTION_FREE,
      );
    const live = await ctx.db
      .selectFrom('subscriptions')
      .select('id')
      .where('subscriber_id', '=', user.id)
      .where('creator_id', '=', body.creatorId!)
      .where('status', '=', 'active')
      .where('current_period_end', '>', new Date())
      .where('canceled_at', 'is', null)
      .executeTakeFirst();
    if (live) throw new ConflictError(ErrorCodes.ALREADY_SUBSCRIBED, 'You are already subscribed');
    priceCents = creator.subscription_price_cents;
    productName = 'Fan subscription';
  } else {
    const status = await proPackStatus(ctx, user.id);
    if (status.proPackSubscriptionStatus === 'active')
      throw new ConflictError(ErrorCodes.PRO_PACK_ACTIVE, 'Your pro pack is already active');
    priceCents = await proPackPriceCents(ctx.db, ctx.config);
    productName = 'Fanspace Pro pack';
  }
  const returnPath =
    productType === 'pro_pack' ? '/pro-pack' : await creatorPage(ctx.db, body.creatorId!);
  const customerId = await ensureCustomer(ctx, user);
  const session = await viaProvider('Failed to create checkout session', () =>
    cardProvider(ctx.config).createSubscriptionCheckout({
      customerId,
      productName,
      unitAmountCents: priceCents,
      currency: CURRENCY,
      metadata: {
        userId: user.id,
        productType,
        ...(body.creatorId ? { creatorId: body.creatorId } : {}),
      },
      successUrl: `${base(ctx)}${returnPath}?checkout=success`,
      cancelUrl: `${base(ctx)}${returnPath}?checkout=canceled`,
      idempotencyKey: `checkout:${user.id}:${idempotencyKey}`,
    }),
  );
  return {
    url: session.url,
    productType,
    sessionId: session.id,
    completed: false,
    transactionId: null,
  };
}

export async function customerPortal(ctx: Ctx, user: User) {
  const provider = cardProvider(ctx.config);
  if (provider.name === 'test')
    throw notConfigured('The customer portal (manage cards in Settings → Payments)');
  const customerId = await ensureCustomer(ctx, user);
  const url = await viaProvider('Failed to create customer portal session', () =>
    provider.createPortalSession(customerId, `${base(ctx)}/settings/payments`),
  );
  return { url };
}

const productOf = (body: SubscriptionActionBody) =>
  body.productType ?? (body.subscriptionId || body.creatorId ? 'fan_subscription' : 'pro_pack');

async function fanSubscriptionOf(ctx: Ctx, userId: string, body: SubscriptionActionBody) {
  let q = ctx.db.selectFrom('subscriptions').selectAll().where('subscriber_id', '=', userId);
  if (body.subscriptionId) q = q.where('id', '=', body.subscriptionId);
  else if (body.creatorId) q = q.where('creator_id', '=', body.creatorId);
  else
    throw new BadRequestError(
      'subscriptionId or creatorId is required for a fan subscription',
      ErrorCodes.VALIDATION_FAILED,
      { field: 'subscriptionId' },
    );
  const row = await q.executeTakeFirst();
  if (!row) throw new NotFoundError('Subscription not found', ErrorCodes.SUBSCRIPTION_NOT_FOUND);
  return row;
}

export async function cancelAnySubscription(
  ctx: Ctx,
  userId: string,
  body: SubscriptionActionBody,
) {
  if (productOf(body) === 'pro_pack') {
    await cancelProPack(ctx, userId);
    return {
      ok: true as const,
      message: 'Your pro pack will not renew; it stays active until the end of the paid period',
      proPack: await proPackStatus(ctx, userId),
    };
  }
  const row = await fanSubscriptionOf(ctx, userId, body);
  const subscription = await cancelFanSubscription(ctx, userId, row.id);
  return {
    ok: true as const,
    message: 'Subscription canceled; access continues until the end of the paid period',
    proPack: await proPackStatus(ctx, userId),
    subscription,
  };
}

/**
 * DELETE /subscriptions/{id}: a subscription a card provider renews is canceled there first (to
 * the period's end), or the card would go on being charged for a subscription shown canceled.
 */
export async function cancelFanSubscription(ctx: Ctx, userId: string, id: string) {
  const row = await fanSubscriptionOf(ctx, userId, { subscriptionId: id });
  if (row.provider_subscription_id && !row.canceled_at)
    await viaProvider('Failed to connect to Stripe', () =>
      cardProvider(ctx.config).cancelSubscription(row.provider_subscription_id!, true),
    );
  return cancelSubscription(ctx.db, userId, row.id);
}

/**
 * PUT /subscriptions/{id}/recurring: for a subscription a card provider renews, off is a cancel
 * at the provider and on resumes it there (our renewal job stays out of it); others are ours.
 */
export async function setFanRecurring(ctx: Ctx, userId: string, id: string, on: boolean) {
  const row = await fanSubscriptionOf(ctx, userId, { subscriptionId: id });
  if (!row.provider_subscription_id) return setRecurring(ctx.db, userId, id, on);
  if (!on) return cancelFanSubscription(ctx, userId, id);
  if (row.status !== 'active') return setRecurring(ctx.db, userId, id, on); // its 400
  await viaProvider('Failed to connect to Stripe', () =>
    cardProvider(ctx.config).resumeSubscription(row.provider_subscription_id!),
  );
  const resumed = await ctx.db
    .updateTable('subscriptions')
    .set({ canceled_at: null })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return presentSubscription(resumed, await priceOf(ctx.db, row.creator_id));
}

/** Renew = undo a cancel (or, test provider, buy a new pro pack period from the wallet). */
export async function renewAnySubscription(
  ctx: Ctx,
  tx: Tx,
  userId: string,
  body: SubscriptionActionBody,
) {
  const provider = cardProvider(ctx.config);
  if (productOf(body) === 'pro_pack') {
    const account = await providerAccount(tx, userId);
    if (account?.pro_pack_subscription_id) {
      await viaProvider('Failed to connect to Stripe', () =>
        provider.resumeSubscription(account.pro_pack_subscription_id!),
      );
      await tx
        .updateTable('users')
        .set({ pro_pack_status: 'active', pro_pack_canceled_at: null })
        .where('id', '=', userId)
        .where('pro_pack_status', '=', 'canceled')
        .execute();
    } else if (provider.name === 'test') {
      await buyProPackWithWallet(ctx, tx, userId);
    } else {
      throw new BadRequestError(
        'Your pro pack has ended; start it again with create-subscription-checkout',
        ErrorCodes.PRO_PACK_NOT_ACTIVE,
      );
    }
    return {
      ok: true as const,
      message: 'Your pro pack renews again',
      proPack: await proPackStatus({ db: tx, config: ctx.config }, userId),
    };
  }
  const row = await fanSubscriptionOf({ ...ctx, db: tx }, userId, body);
  let subscription;
  if (row.provider_subscription_id) {
    await viaProvider('Failed to connect to Stripe', () =>
      provider.resumeSubscription(row.provider_subscription_id!),
    );
    await tx
      .updateTable('subscriptions')
      .set({ canceled_at: null })
      .where('id', '=', row.id)
      .execute();
    subscription = { id: row.id, resumed: true };
  } else {
    subscription = await setRecurring(tx, userId, row.id, true);
  }
  return {
    ok: true as const,
    message: 'Your subscription renews again',
    proPack: await proPackStatus({ db: tx, config: ctx.config }, userId),
    subscription,
  };
}
