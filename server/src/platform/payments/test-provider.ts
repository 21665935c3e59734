import { randomBytes, randomUUID } from 'node:crypto';
import { CardProviderError, type CardDetails, type CardProvider } from './types.ts';

/**
 * The built-in `test` provider (the default). It never pretends an outside service exists:
 * what it simulates is documented in docs/ARCHITECTURE.md ("Card provider"), and everything
 * that needs a hosted page (onboarding links, identity, checkout, portal, webhooks) is
 * refused with `unavailable` so the services answer a clear 503 or take their test path.
 *
 * Test cards use Stripe's well-known test payment method ids, so the same client code and
 * habits work in both modes. `pm_card_chargeDeclined` saves fine and declines every charge.
 */
export const TEST_CARDS: Record<string, Omit<CardDetails, 'ref'>> = {
  pm_card_visa: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2034 },
  pm_card_amex: { brand: 'amex', last4: '8431', expMonth: 12, expYear: 2034 },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', expMonth: 12, expYear: 2034 },
};

const notConfigured = () =>
  new CardProviderError('Card payments are not configured on this server (test provider)');

function testCard(ref: string): Omit<CardDetails, 'ref'> {
  // own keys only: "valueOf" or "__proto__" must not find Object.prototype members
  const card = Object.hasOwn(TEST_CARDS, ref) ? TEST_CARDS[ref] : undefined;
  if (!card)
    throw new CardProviderError(
      `Unknown test card; use one of ${Object.keys(TEST_CARDS).join(', ')}`,
      'invalid',
    );
  return card;
}

export function createTestProvider(): CardProvider {
  return {
    name: 'test',
    publishableKey: null,
    async createCustomer({ userId }) {
      return `cus_test_${userId.replace(/-/g, '')}`;
    },
    async createPaymentIntent(input) {
      if (input.paymentMethodRef === 'pm_card_chargeDeclined')
        throw new CardProviderError('Your card was declined.', 'declined');
      const id = `pi_test_${randomUUID().replace(/-/g, '')}`;
      return {
        id,
        clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        // the test provider confirms at once; the service posts the ledger in the same request
        status: 'succeeded',
        amountCents: input.amountCents,
        metadata: input.metadata,
      };
    },
    async retrievePaymentIntent() {
      throw notConfigured();
    },
    async createSetupIntent() {
      const id = `seti_test_${randomUUID().replace(/-/g, '')}`;
      return { id, clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}` };
    },
    checkPaymentMethodRef(ref) {
      testCard(ref);
    },
    async attachPaymentMethod(_customerId, ref) {
      return { ref, ...testCard(ref) };
    },
    async detachPaymentMethod() {},
    async setDefaultPaymentMethod() {},
    async createConnectAccount({ userId }) {
      // no outside onboarding exists in test mode: the account is usable at once
      return {
        id: `acct_test_${userId.replace(/-/g, '')}`,
        detailsSubmitted: true,
        chargesEnabled: true,
        payoutsEnabled: true,
      };
    },
    async retrieveConnectAccount(id) {
      return { id, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true };
    },
    async createAccountLink() {
      throw notConfigured();
    },
    async createLoginLink() {
      throw notConfigured();
    },
    async createIdentitySession() {
      throw notConfigured();
    },
    async retrieveIdentitySession() {
      throw notConfigured();
    },
    async createSubscriptionCheckout() {
      throw notConfigured();
    },
    async createPortalSession() {
      throw notConfigured();
    },
    async cancelSubscription() {},
    async resumeSubscription() {},
    async verifyWebhook() {
      throw notConfigured();
    },
  };
}
