import { randomUUID } from 'node:crypto';

/**
 * Where outside money comes from. The `test` provider (the default) settles at once, in
 * process; a `stripe` provider will create a PaymentIntent here and credit the wallet from its
 * signed webhook instead (status 'pending'), reusing the same ledger posting.
 */
export interface TopUpRequest {
  userId: string;
  amountCents: number;
  idempotencyKey: string;
}

export interface TopUpResult {
  provider: string;
  /** the provider's id of the payment (ledger metadata, statements) */
  reference: string;
  status: 'succeeded' | 'pending';
}

export interface PaymentProvider {
  readonly name: string;
  collectTopUp(request: TopUpRequest): Promise<TopUpResult>;
}

export const testProvider: PaymentProvider = {
  name: 'test',
  async collectTopUp() {
    return { provider: 'test', reference: `test_${randomUUID()}`, status: 'succeeded' };
  },
};

/** The configured provider; only `test` exists this round. */
export function paymentProvider(): PaymentProvider {
  return testProvider;
}
