import {
  ErrorCodes,
  routeErrors,
  TranslateBody,
  TranslateResponse,
  TRANSLATION_MESSAGES,
  TranslationStatusResponse,
} from '@fanspace/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/http/app.ts';
import { TranslationProviderError, translationProviderFor } from './translation.provider.ts';

const perAccount = (request: FastifyRequest) => request.auth?.user.id ?? request.ip;

/** GET /translation/status and POST /translation/translate (signed-in users, rate limited). */
export async function translationRoutes(app: App) {
  const { ctx } = app;
  const provider = translationProviderFor(ctx.config);

  app.get(
    '/translation/status',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['translation'],
        summary: 'Whether translation is available (the UI hides its button when not)',
        response: { 200: TranslationStatusResponse },
      },
    },
    async () => ({ enabled: provider !== null, provider: provider?.name ?? null }),
  );

  app.post(
    '/translation/translate',
    {
      config: {
        auth: 'user',
        // a POST that writes nothing
        readYourWrites: false,
        rateLimit: { max: 60, timeWindow: 60_000, keyGenerator: perAccount },
      },
      schema: {
        tags: ['translation'],
        summary: 'Translate a text (a post caption or a message) into the target language',
        body: TranslateBody,
        response: {
          200: TranslateResponse,
          400: routeErrors(ErrorCodes.VALIDATION_FAILED),
          502: routeErrors(ErrorCodes.TRANSLATION_FAILED),
          503: routeErrors(ErrorCodes.TRANSLATION_NOT_CONFIGURED),
        },
      },
    },
    async (request) => {
      if (!provider)
        throw new AppError(
          503,
          ErrorCodes.TRANSLATION_NOT_CONFIGURED,
          TRANSLATION_MESSAGES.notConfigured,
        );
      const { text, source } = request.body;
      const target = targetOf(request.body);
      try {
        const result = await provider.translate(text, target, source ?? 'auto');
        return { ...result, target };
      } catch (error) {
        if (!(error instanceof TranslationProviderError)) throw error;
        request.log.warn({ err: error }, 'translation failed');
        throw new AppError(502, ErrorCodes.TRANSLATION_FAILED, TRANSLATION_MESSAGES.failed);
      }
    },
  );
}

/** The target language under any of its accepted names (contracts `TranslateBody`). */
function targetOf(body: TranslateBody): string {
  const target = body.target ?? body.targetLanguage ?? body.to ?? body.lang;
  if (!target)
    throw new AppError(
      400,
      ErrorCodes.VALIDATION_FAILED,
      'Invalid target: name the target language (e.g. "en")',
      { field: 'target' },
    );
  return target;
}
