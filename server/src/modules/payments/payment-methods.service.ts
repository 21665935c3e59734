import { ErrorCodes, type PaymentMethod, type PaymentMethodList } from '@fanspace/contracts';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { PaymentMethodsTable, UserRow } from '../../platform/db/schema.ts';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { cardProvider } from '../../platform/payments/index.ts';
import { ensureCustomer, viaProvider } from './card-provider.service.ts';
import { isUuid } from '../../platform/ids.ts';

/**
 * Saved payment methods (both route families of SPEC §7). The provider keeps the card; we keep
 * its id, brand, last 4 digits and expiry, never a card number. With `test`, the well-known
 * test ids (pm_card_visa…) are the cards. Every lookup filters by the caller's id, so another
 * user's method id is a 404 like an unknown one. One default per user (partial UNIQUE index).
 */

type Ctx = Pick<AppContext, 'db' | 'config'>;
type Row = Selectable<PaymentMethodsTable>;

export const MAX_PAYMENT_METHODS = 10;

export function presentPaymentMethod(row: Row): PaymentMethod {
  return {
    id: row.id,
    paymentMethodId: row.provider_ref,
    provider: row.provider,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.exp_month,
    expYear: row.exp_year,
    isDefault: row.is_default,
    createdAt: row.created_at.toISOString(),
  };
}

export async function listPaymentMethods(db: DbHandle, userId: string): Promise<PaymentMethodList> {
  const rows = await db
    .selectFrom('payment_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return {
    paymentMethods: rows.map(presentPaymentMethod),
    defaultPaymentMethodId: rows.find((r) => r.is_default)?.id ?? null,
  };
}

const methodNotFound = () =>
  new NotFoundError('Payment method not found', ErrorCodes.PAYMENT_METHOD_NOT_FOUND);

/** The caller's method by our id or the provider's id (pm_…). */
export async function ownPaymentMethod(db: DbHandle, userId: string, id: string, lock = false) {
  let q = db.selectFrom('payment_methods').selectAll().where('user_id', '=', userId);
  q = isUuid(id) ? q.where('id', '=', id) : q.where('provider_ref', '=', id);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw methodNotFound();
  return row;
}

export async function addPaymentMethod(
  ctx: Ctx,
  user: Pick<UserRow, 'id' | 'email' | 'username'>,
  ref: string,
  setAsDefault = false,
): Promise<PaymentMethod> {
  const provider = cardProvider(ctx.config);
  const count = await ctx.db
    .selectFrom('payment_methods')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_PAYMENT_METHODS)
    throw new BadRequestError(
      `You can save at most ${MAX_PAYMENT_METHODS} payment methods`,
      ErrorCodes.VALIDATION_FAILED,
    );
  // before the customer exists: a refused card leaves no provider account behind
  await viaProvider('Failed to add payment method', async () =>
    provider.checkPaymentMethodRef(ref.trim()),
  );
  const customerId = await ensureCustomer(ctx, user);
  const card = await viaProvider('Failed to add payment method', () =>
    provider.attachPaymentMethod(customerId, ref.trim()),
  );
  const row = await withTransaction(ctx.db, async (tx) => {
    // one user's method changes serialise on their first-default decision
    await tx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().execute();
    const hasDefault = await tx
      .selectFrom('payment_methods')
      .select('id')
      .where('user_id', '=', user.id)
      .where('is_default', '=', true)
      .executeTakeFirst();
    const makeDefault = setAsDefault || !hasDefault;
    if (makeDefault && hasDefault)
      await tx
        .updateTable('payment_methods')
        .set({ is_default: false })
        .where('id', '=', hasDefault.id)
        .execute();
    return tx
      .insertInto('payment_methods')
      .values({
        user_id: user.id,
        provider: provider.name,
        provider_ref: card.ref,
        brand: card.brand,
        last4: card.last4,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        is_default: makeDefault,
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'provider', 'provider_ref']).doUpdateSet({
          brand: card.brand,
          last4: card.last4,
          exp_month: card.expMonth,
          exp_year: card.expYear,
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  if (row.is_default)
    await viaProvider('Failed to set default payment method', () =>
      provider.setDefaultPaymentMethod(customerId, row.provider_ref),
    );
  return presentPaymentMethod(row);
}

export async function removePaymentMethod(ctx: Ctx, userId: string, id: string) {
  const row = await ownPaymentMethod(ctx.db, userId, id);
  await viaProvider('Failed to remove payment method', () =>
    cardProvider(ctx.config).detachPaymentMethod(row.provider_ref),
  );
  await withTransaction(ctx.db, async (tx) => {
    await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    await tx
      .deleteFrom('payment_methods')
      .where('id', '=', row.id)
      .where('user_id', '=', userId)
      .execute();
    // the oldest remaining method becomes the default
    if (row.is_default) {
      const next = await tx
        .selectFrom('payment_methods')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .executeTakeFirst();
      if (next)
        await tx
          .updateTable('payment_methods')
          .set({ is_default: true })
          .where('id', '=', next.id)
          .execute();
    }
  });
  return { ok: true as const, message: 'Payment method removed', id: row.id };
}

export async function setDefaultPaymentMethod(ctx: Ctx, userId: string, id: string) {
  const row = await ownPaymentMethod(ctx.db, userId, id);
  const account = await ctx.db
    .selectFrom('provider_accounts')
    .select('customer_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (account?.customer_id)
    await viaProvider('Failed to set default payment method', () =>
      cardProvider(ctx.config).setDefaultPaymentMethod(account.customer_id!, row.provider_ref),
    );
  const updated = await withTransaction(ctx.db, async (tx) => {
    await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    await tx
      .updateTable('payment_methods')
      .set({ is_default: false })
      .where('user_id', '=', userId)
      .where('is_default', '=', true)
      .execute();
    return tx
      .updateTable('payment_methods')
      .set({ is_default: true })
      .where('id', '=', row.id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return presentPaymentMethod(updated);
}
