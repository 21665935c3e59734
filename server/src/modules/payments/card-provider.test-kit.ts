import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * Helpers of the card provider tests (not a test file): a small fake of the Stripe HTTP API on
 * 127.0.0.1 (the SDK is pointed at it with STRIPE_API_BASE, so no internet is needed) and
 * signed webhook deliveries.
 */

export const WEBHOOK_SECRET = 'whsec_test_fanspace_secret';
export const SECRET_KEY = 'sk_test_fanspace_fake';

export interface FakeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | null;
}

export interface FakeStripe {
  url: string;
  requests: FakeRequest[];
  intents: Map<string, Record<string, unknown>>;
  /** connect accounts report this until changed */
  accountVerified: boolean;
  close(): Promise<void>;
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

const metadataOf = (form: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(form)
      .filter(([k]) => k.startsWith('metadata['))
      .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
  );

export async function startFakeStripe(): Promise<FakeStripe> {
  let seq = 0;
  const next = (prefix: string) => `${prefix}_fake${++seq}`;
  const state: Omit<FakeStripe, 'url' | 'close'> = {
    requests: [],
    intents: new Map(),
    accountVerified: false,
  };
  const account = (id: string) => ({
    id,
    object: 'account',
    details_submitted: state.accountVerified,
    charges_enabled: state.accountVerified,
    payouts_enabled: state.accountVerified,
  });
  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    const form = await readForm(req);
    const key = req.headers['idempotency-key'];
    state.requests.push({
      method: req.method ?? '',
      path,
      form,
      idempotencyKey: typeof key === 'string' ? key : null,
    });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
      res.end(JSON.stringify(body));
    };
    const post = req.method === 'POST';
    let m: RegExpMatchArray | null;
    if (post && path === '/v1/customers') return send(200, { id: next('cus'), object: 'customer' });
    if (post && (m = path.match(/^\/v1\/customers\/([^/]+)$/)))
      return send(200, { id: m[1], object: 'customer' });
    if (post && path === '/v1/payment_intents') {
      const id = next('pi');
      const declined = form.payment_method === 'pm_card_chargeDeclined';
      if (declined)
        return send(402, {
          error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
        });
      const intent = {
        id,
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: form.currency,
        client_secret: `${id}_secret_abc`,
        status: form.confirm === 'true' ? 'processing' : 'requires_payment_method',
        metadata: metadataOf(form),
      };
      state.intents.set(id, intent);
      return send(200, intent);
    }
    if (!post && (m = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      const intent = state.intents.get(m[1]!);
      return intent
        ? send(200, intent)
        : send(404, { error: { type: 'invalid_request_error', message: 'No such intent' } });
    }
    if (post && path === '/v1/setup_intents') {
      const id = next('seti');
      return send(200, { id, object: 'setup_intent', client_secret: `${id}_secret_abc` });
    }
    if (post && (m = path.match(/^\/v1\/payment_methods\/([^/]+)\/attach$/))) {
      if (m[1] === 'pm_unknown')
        return send(400, {
          error: { type: 'invalid_request_error', message: 'No such PaymentMethod' },
        });
      return send(200, {
        id: m[1],
        object: 'payment_method',
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 },
      });
    }
    if (post && (m = path.match(/^\/v1\/payment_methods\/([^/]+)\/detach$/)))
      return send(200, { id: m[1], object: 'payment_method' });
    if (post && path === '/v1/accounts') return send(200, account(next('acct')));
    if (!post && (m = path.match(/^\/v1\/accounts\/([^/]+)$/))) return send(200, account(m[1]!));
    if (post && path === '/v1/account_links')
      return send(200, { object: 'account_link', url: 'https://connect.stripe.test/onboard' });
    if (post && (m = path.match(/^\/v1\/accounts\/([^/]+)\/login_links$/)))
      return send(200, { object: 'login_link', url: `https://connect.stripe.test/login/${m[1]}` });
    if (post && path === '/v1/checkout/sessions') {
      const id = next('cs');
      return send(200, {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/${id}`,
        metadata: metadataOf(form),
      });
    }
    if (post && path === '/v1/billing_portal/sessions')
      return send(200, { id: next('bps'), url: 'https://billing.stripe.test/portal' });
    if (post && path === '/v1/identity/verification_sessions') {
      const id = next('vs');
      return send(200, { id, url: `https://verify.stripe.test/${id}`, status: 'requires_input' });
    }
    if (!post && (m = path.match(/^\/v1\/identity\/verification_sessions\/([^/]+)$/)))
      return send(200, { id: m[1], status: 'verified' });
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/)))
      return send(200, { id: m[1], object: 'subscription' });
    return send(404, { error: { type: 'invalid_request_error', message: `fake: ${path}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

const signer = new Stripe(SECRET_KEY);

/** A webhook event body and a valid Stripe-Signature header for it. */
export function signedEvent(
  id: string,
  type: string,
  object: Record<string, unknown>,
  secret = WEBHOOK_SECRET,
) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, signature };
}

export function shuffled<T>(items: T[], seed = 7): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
