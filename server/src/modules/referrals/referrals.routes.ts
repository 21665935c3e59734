import {
  AdminUserReferrals,
  ErrorCodes,
  IdParams,
  ReferralCodeCheck,
  ReferralCodeParams,
  ReferralsOverview,
  ReferralsQuery,
  routeErrors,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { currentUser, perUserLimit } from '../graph/route-helpers.ts';
import { adminUserReferrals, checkReferralCode, referralsOverview } from './referrals.service.ts';

const E = ErrorCodes;
const READ = perUserLimit(240, '1 minute');
/** public: codes are short, so a lookup budget per address keeps enumeration slow */
const CODE_CHECK = { max: 30, timeWindow: 60_000 };
const tags = ['referrals'];

/** The referral programme (issue 9): my code, link, referred people and referral earnings. */
export async function referralsRoutes(app: App) {
  const { ctx } = app;
  app.get(
    '/referrals',
    {
      config: { auth: 'user', rateLimit: READ },
      schema: {
        tags,
        summary: 'My referral code and link, counts, people I referred (keyset) and earnings',
        querystring: ReferralsQuery,
        response: { 200: ReferralsOverview, 400: routeErrors(E.VALIDATION_FAILED) },
      },
    },
    async (request) => referralsOverview(ctx, currentUser(request), request.query),
  );
  app.get(
    '/referrals/code/:code',
    {
      config: { auth: 'public', rateLimit: CODE_CHECK },
      schema: {
        tags,
        summary: 'Check a referral code (404 when nobody has it)',
        params: ReferralCodeParams,
        response: { 200: ReferralCodeCheck, 404: routeErrors(E.NOT_FOUND) },
      },
    },
    async (request) => checkReferralCode(ctx.db, request.params.code),
  );
  app.get(
    '/admin/users/:id/referrals',
    {
      config: { auth: 'admin', rateLimit: READ },
      schema: {
        tags: ['admin'],
        summary: "An account's referral code, referrer, referred counts and referral earnings",
        params: IdParams,
        response: { 200: AdminUserReferrals, 404: routeErrors(E.NOT_FOUND) },
      },
    },
    async (request) => adminUserReferrals(ctx.db, request.params.id),
  );
}
