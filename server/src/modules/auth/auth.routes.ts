import {
  AuthMessageResponse,
  ErrorCodes,
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  ResendVerificationBody,
  ResetPasswordBody,
  SignupBody,
  SignupResponse,
  VerifyEmailBody,
  VerifyLoginBody,
  VerifyPhoneBody,
  VerifyPhoneResponse,
  routeErrors,
} from '@fanspace/contracts';
import type { FastifyReply } from 'fastify';
import type { App } from '../../platform/http/app.ts';
import { clearSessionCookie, setSessionCookie } from '../../platform/http/auth-plugin.ts';
import { AuthLimits } from './auth.limits.ts';
import { clientMeta } from './auth.request.ts';
import { login, verifyLogin, type LoginResult } from './login.service.ts';
import { forgotPassword, resetPassword } from './recovery.service.ts';
import { logout } from './sessions.service.ts';
import { resendVerification, signup, verifyEmail, verifyPhone } from './signup.service.ts';

const E = ErrorCodes;
const tags = ['auth'];
const bad = routeErrors(E.VALIDATION_FAILED, E.MALFORMED_BODY);
const limited = routeErrors(E.RATE_LIMITED);

/** A completed login also sets the HttpOnly session cookie (the browser's credential). */
function sendLogin(app: App, reply: FastifyReply, result: LoginResult) {
  if (result.sessionToken) {
    const { SESSION_TTL_DAYS, cookieSecure } = app.ctx.config;
    setSessionCookie(reply, result.sessionToken, SESSION_TTL_DAYS, cookieSecure);
  }
  return reply.send(result.response);
}

/** SPEC §7 Auth: signup and verification, login with the 2FA step, logout, password recovery. */
export async function authRoutes(app: App) {
  const { ctx } = app;

  app.post(
    '/auth/signup',
    {
      config: { auth: 'public', rateLimit: AuthLimits.signup },
      schema: {
        tags,
        summary: 'Create an account (unverified until the emailed code is entered)',
        body: SignupBody,
        response: {
          201: SignupResponse,
          400: routeErrors(E.VALIDATION_FAILED, E.WEAK_PASSWORD, E.MALFORMED_BODY),
          403: routeErrors(E.BETA_REQUIRED),
          409: routeErrors(E.EMAIL_TAKEN, E.USERNAME_TAKEN),
          429: limited,
        },
      },
    },
    async (request, reply) => reply.status(201).send(await signup(ctx, request.body)),
  );

  app.post(
    '/auth/verify-email',
    {
      config: { auth: 'public', rateLimit: AuthLimits.verifyCode },
      schema: {
        tags,
        summary: 'Verify the email with {email, code} or {token}; logs the user in',
        body: VerifyEmailBody,
        response: {
          200: LoginResponse,
          400: routeErrors(E.VALIDATION_FAILED, E.INVALID_VERIFICATION_CODE, E.INVALID_TOKEN),
          403: routeErrors(E.ACCOUNT_BANNED, E.ACCOUNT_SUSPENDED),
          429: limited,
        },
      },
    },
    async (request, reply) =>
      sendLogin(app, reply, await verifyEmail(ctx, request.body, clientMeta(request))),
  );

  app.post(
    '/auth/resend-verification',
    {
      config: { auth: 'public', rateLimit: AuthLimits.resend },
      schema: {
        tags,
        summary: 'Send new verification codes (always 200)',
        body: ResendVerificationBody,
        response: { 200: AuthMessageResponse, 400: bad, 429: limited },
      },
    },
    async (request) => resendVerification(ctx, request.body.email),
  );

  app.post(
    '/auth/verify-phone',
    {
      config: { auth: 'public', rateLimit: AuthLimits.verifyCode },
      schema: {
        tags,
        summary: 'Confirm a phone number with the texted code',
        body: VerifyPhoneBody,
        response: {
          200: VerifyPhoneResponse,
          400: routeErrors(E.VALIDATION_FAILED, E.INVALID_VERIFICATION_CODE),
          429: limited,
        },
      },
    },
    async (request) => verifyPhone(ctx, request.auth, request.body),
  );

  app.post(
    '/auth/login',
    {
      config: { auth: 'public', rateLimit: AuthLimits.login },
      schema: {
        tags,
        summary: 'Log in with email or username and password',
        body: LoginBody,
        response: {
          200: LoginResponse,
          400: bad,
          401: routeErrors(E.INVALID_CREDENTIALS),
          403: routeErrors(E.ACCOUNT_BANNED, E.ACCOUNT_SUSPENDED, E.EMAIL_NOT_VERIFIED),
          429: limited,
        },
      },
    },
    async (request, reply) =>
      sendLogin(app, reply, await login(ctx, request.body, clientMeta(request))),
  );

  app.post(
    '/auth/verify-login',
    {
      config: { auth: 'pending2fa', rateLimit: AuthLimits.verifyLogin },
      schema: {
        tags,
        summary: 'Second login step: the temp token as bearer and a TOTP or backup code',
        security: [{ bearer: [] }],
        body: VerifyLoginBody,
        response: {
          200: LoginResponse,
          400: bad,
          401: routeErrors(E.INVALID_2FA_CODE, E.INVALID_TOKEN, E.INVALID_CREDENTIALS),
          403: routeErrors(E.ACCOUNT_BANNED, E.ACCOUNT_SUSPENDED),
          429: limited,
        },
      },
    },
    async (request, reply) =>
      sendLogin(
        app,
        reply,
        await verifyLogin(ctx, request.bearerToken, request.body.code, clientMeta(request)),
      ),
  );

  app.post(
    '/auth/logout',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'End the current session and clear the cookie',
        response: { 200: AuthMessageResponse },
      },
    },
    async (request, reply) => {
      const result = await logout(ctx, request.auth);
      clearSessionCookie(reply);
      return reply.send(result);
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { auth: 'public', rateLimit: AuthLimits.forgot },
      schema: {
        tags,
        summary: 'Mail a password reset link (always 200)',
        body: ForgotPasswordBody,
        response: { 200: AuthMessageResponse, 400: bad, 429: limited },
      },
    },
    async (request) => forgotPassword(ctx, request.body.email),
  );

  app.post(
    '/auth/reset-password',
    {
      config: { auth: 'public', rateLimit: AuthLimits.reset },
      schema: {
        tags,
        summary: 'Set a new password with the token from the reset mail',
        body: ResetPasswordBody,
        response: {
          200: AuthMessageResponse,
          400: routeErrors(E.VALIDATION_FAILED, E.INVALID_TOKEN, E.WEAK_PASSWORD),
          429: limited,
        },
      },
    },
    async (request) => resetPassword(ctx, request.body.token, request.body.password),
  );
}
