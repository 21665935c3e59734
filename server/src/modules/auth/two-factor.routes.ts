import {
  BackupCodesResponse,
  ErrorCodes,
  RegenerateBackupCodesBody,
  TwoFactorCodeBody,
  TwoFactorDisableResponse,
  TwoFactorSetupResponse,
  TwoFactorStatus,
  routeErrors,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { AuthLimits } from './auth.limits.ts';
import { authOf } from './auth.request.ts';
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateBackupCodes,
  setupTwoFactor,
  twoFactorStatus,
} from './two-factor.service.ts';

const E = ErrorCodes;
const tags = ['auth'];
const limited = routeErrors(E.RATE_LIMITED);
const codeErrors = routeErrors(
  E.VALIDATION_FAILED,
  E.INVALID_2FA_CODE,
  E.TWO_FACTOR_NOT_ENABLED,
  E.TWO_FACTOR_SETUP_REQUIRED,
);

/**
 * TOTP two-factor, under both spec families (/auth/2fa/* and /users/2fa/*) with one behaviour.
 * Wrong codes of a signed-in user are 400, not 401: a 401 logs the spec's client out.
 */
export async function twoFactorRoutes(app: App) {
  const { ctx } = app;
  const config = { auth: 'user' as const, rateLimit: AuthLimits.twoFactor };

  app.get(
    '/auth/2fa/status',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: '2FA state and remaining backup codes',
        response: { 200: TwoFactorStatus },
      },
    },
    async (request) => twoFactorStatus(ctx, authOf(request).user),
  );

  for (const prefix of ['/auth/2fa', '/users/2fa']) {
    app.post(
      `${prefix}/setup`,
      {
        config,
        schema: {
          tags,
          summary: 'Start 2FA setup: a new secret, its otpauth URL and QR code',
          response: {
            200: TwoFactorSetupResponse,
            409: routeErrors(E.TWO_FACTOR_ALREADY_ENABLED),
            429: limited,
          },
        },
      },
      async (request) => setupTwoFactor(ctx, authOf(request).user),
    );

    app.post(
      `${prefix}/enable`,
      {
        config,
        schema: {
          tags,
          summary: 'Confirm setup with a current code; returns 10 single-use backup codes',
          body: TwoFactorCodeBody,
          response: {
            200: BackupCodesResponse,
            400: codeErrors,
            409: routeErrors(E.TWO_FACTOR_ALREADY_ENABLED),
            429: limited,
          },
        },
      },
      async (request) => enableTwoFactor(ctx, authOf(request).user.id, request.body.token),
    );

    app.post(
      `${prefix}/disable`,
      {
        config,
        schema: {
          tags,
          summary: 'Turn 2FA off with a current code or a backup code',
          body: TwoFactorCodeBody,
          response: { 200: TwoFactorDisableResponse, 400: codeErrors, 429: limited },
        },
      },
      async (request) => disableTwoFactor(ctx, authOf(request).user.id, request.body.token),
    );
  }

  app.post(
    '/users/2fa/backup-codes/regenerate',
    {
      config,
      schema: {
        tags,
        summary: 'Replace the backup codes (code optional in a session under 15 minutes old)',
        body: RegenerateBackupCodesBody,
        response: {
          200: BackupCodesResponse,
          400: codeErrors,
          403: routeErrors(E.TWO_FACTOR_REQUIRED),
          429: limited,
        },
      },
    },
    async (request) => regenerateBackupCodes(ctx, authOf(request), request.body.token),
  );
}
