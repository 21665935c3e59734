import { CURRENCY, type WalletBalance, type WalletTopUp } from '@fanspace/contracts';
import { assertInTransaction, type DbHandle, type Tx } from '../../platform/db/database.ts';
import { accountId, balanceOf, postTransaction } from '../ledger/ledger.service.ts';
import { units } from '../ledger/money.ts';
import type { PaymentProvider } from './provider.ts';

/** The fan's wallet: balance and top-ups through the payment provider. */

export async function walletBalance(db: DbHandle, userId: string): Promise<WalletBalance> {
  const cents = await balanceOf(db, 'user_wallet', userId);
  return { balance: units(cents), balanceCents: cents, currency: CURRENCY };
}

/** Money in from outside: processor_clearing → the user's wallet. */
export async function addFunds(
  tx: Tx,
  provider: PaymentProvider,
  userId: string,
  amountCents: number,
  idempotencyKey: string,
): Promise<WalletTopUp> {
  assertInTransaction(tx);
  const payment = await provider.collectTopUp({ userId, amountCents, idempotencyKey });
  if (payment.status !== 'succeeded') throw new Error('asynchronous providers are not wired yet');
  const [clearing, wallet] = [
    await accountId(tx, 'processor_clearing', null),
    await accountId(tx, 'user_wallet', userId),
  ];
  const posted = await postTransaction(tx, {
    kind: 'top_up',
    entries: [
      { accountId: clearing, amountCents: -amountCents },
      { accountId: wallet, amountCents },
    ],
    metadata: { userId, provider: payment.provider, reference: payment.reference, amountCents },
    idempotencyRef: `${payment.provider}:${payment.reference}`,
  });
  return {
    ...(await walletBalance(tx, userId)),
    amount: units(amountCents),
    amountCents,
    transactionId: posted.id,
    provider: payment.provider,
  };
}
