import { ErrorCodes, routeErrors, WebhookAck } from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { AppError } from '../../platform/errors.ts';
import { cardProvider, CardProviderError } from '../../platform/payments/index.ts';
import { processProviderEvent } from './stripe-webhooks.service.ts';

/**
 * POST /api/stripe/webhook: public, the raw body is kept for the signature check
 * (stripe.webhooks.constructEvent). A bad or missing signature is a 400 and nothing is read
 * from the body. Registered in its own plugin, so only this route parses JSON as a buffer.
 */
export async function stripeWebhooksRoutes(app: App) {
  const { ctx } = app;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/stripe/webhook',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['card provider'],
        summary: 'Stripe webhook events (signature-checked, idempotent per event id)',
        response: {
          200: WebhookAck,
          400: routeErrors(ErrorCodes.WEBHOOK_SIGNATURE_INVALID),
          503: routeErrors(ErrorCodes.CARD_PAYMENTS_NOT_CONFIGURED),
        },
      },
    },
    async (request) => {
      const provider = cardProvider(ctx.config);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = await provider.verifyWebhook(
          raw,
          Array.isArray(signature) ? signature[0] : signature,
        );
      } catch (error) {
        if (!(error instanceof CardProviderError)) throw error;
        if (error.kind === 'invalid')
          throw new AppError(400, ErrorCodes.WEBHOOK_SIGNATURE_INVALID, error.message);
        throw new AppError(503, ErrorCodes.CARD_PAYMENTS_NOT_CONFIGURED, error.message);
      }
      const result = await processProviderEvent(ctx, event);
      return { received: true as const, duplicate: result.duplicate, outcome: result.outcome };
    },
  );
}
