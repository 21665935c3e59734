import {
  ActivityQuery,
  ActivityResponse,
  AdminEarningsQuery,
  AdminEarningsResponse,
  AdminTransactionsQuery,
  AdminTransactionsResponse,
  GrantFreeProBody,
  GrantFreeProResponse,
  AdminCommentParams,
  AdminCommentsResponse,
  AdminDashboardResponse,
  AdminPostsQuery,
  AdminPostsResponse,
  AdminReasonBody,
  AdminReportsQuery,
  AdminReportsResponse,
  AdminRequiredReasonBody,
  AdminUpdateUserBody,
  AdminUserResponse,
  AdminUsersQuery,
  AdminUsersResponse,
  AdminVerificationResponse,
  AdminVerificationsQuery,
  AdminVerificationsResponse,
  AdminWaitlistResponse,
  BulkResolveBody,
  BulkResolveResponse,
  CreateReportBody,
  CreateReportResponse,
  DocumentParams,
  ErrorCodes,
  ExportUsersQuery,
  GrowthStatsQuery,
  PayoutsPage,
  AdminPayoutsQuery,
  AdminWaitlistQuery,
  GrowthStatsResponse,
  DeleteUserBody,
  IdParams,
  PlatformSettings,
  PromoteBody,
  ResolvedReportResponse,
  ResolveReportBody,
  ReviewSubmissionBody,
  routeErrors,
  SuspendBody,
  SystemLogsQuery,
  SystemLogsResponse,
  SystemNotificationBody,
  SystemNotificationResponse,
  UpdatePlatformSettingsBody,
  WaitlistInviteParams,
  WaitlistInviteResponse,
} from '@fanspace/contracts';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import { assertLevel, clearSessionCookie } from '../../platform/http/auth-plugin.ts';
import { ForbiddenError } from '../../platform/errors.ts';
import { deleteAccount } from '../users/account-deletion.service.ts';
import { AccountLimits } from '../users/users.limits.ts';
import { authOf } from '../users/users.routes.ts';
import { listActivity } from './audit.ts';
import {
  creatorEarnings,
  grantFreePro,
  listAdminPayouts,
  listTransactions,
} from './admin-money.service.ts';
import {
  adminDeleteComment,
  adminDeletePost,
  listPostComments,
  listPosts,
} from './admin-content.service.ts';
import {
  dashboard,
  getSettings,
  growthStats,
  inviteFromWaitlist,
  listWaitlist,
  sendSystemNotification,
  systemLogs,
  updateSettings,
} from './admin-platform.service.ts';
import {
  approveUser,
  banUser,
  cancelPromotion,
  deleteUser,
  exportUsers,
  getAdminUser,
  listUsers,
  promoteUser,
  rejectUser,
  suspendUser,
  unbanUser,
  unsuspendUser,
  updateUser,
  verifyUser,
  warnUser,
} from './admin-users.service.ts';
import { listSubmissions, openDocument, reviewSubmission } from './admin-verifications.service.ts';
import { bulkResolveReports, createReport, listReports, resolveReport } from './reports.service.ts';

const tags = ['admin'];
const admin = { auth: 'admin' as const };
const OkMessage = Type.Object({ ok: Type.Literal(true), message: Type.String() });
const notFound = routeErrors(ErrorCodes.NOT_FOUND);
const userErrors = {
  400: routeErrors(ErrorCodes.VALIDATION_FAILED, ErrorCodes.CANNOT_TARGET_SELF),
  403: routeErrors(ErrorCodes.FORBIDDEN),
  404: notFound,
  409: routeErrors(ErrorCodes.CONFLICT),
};

/** POST /reports: any signed-in user reports a post, user, comment or message. */
export async function reportsRoutes(app: App) {
  const { ctx } = app;
  app.post(
    '/reports',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['reports'],
        summary: 'Report a post, user, comment or message (starts pending)',
        body: CreateReportBody,
        response: {
          201: CreateReportResponse,
          400: routeErrors(ErrorCodes.VALIDATION_FAILED, ErrorCodes.CANNOT_TARGET_SELF),
          404: notFound,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createReport(ctx.db, authOf(request).user.id, request.body)),
  );
}

/** Every /api/admin route of SPEC §7 that is not money (payouts, refunds, financials: payments). */
export async function adminRoutes(app: App) {
  const { ctx } = app;
  const adminId = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;

  // ---- dashboard and users ----
  app.get(
    '/admin/dashboard',
    {
      config: admin,
      schema: { tags, summary: 'Dashboard counters', response: { 200: AdminDashboardResponse } },
    },
    async () => dashboard(ctx.db),
  );

  app.get(
    '/admin/users',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Accounts (page, limit 20, role, status, search, created range)',
        querystring: AdminUsersQuery,
        response: { 200: AdminUsersResponse },
      },
    },
    async (request) => listUsers(ctx.db, request.query),
  );

  app.get(
    '/admin/users/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'One account',
        params: IdParams,
        response: {
          200: Type.Object({ user: AdminUsersResponse.properties.users.items }),
          404: notFound,
        },
      },
    },
    async (request) => ({ user: await getAdminUser(ctx.db, request.params.id) }),
  );

  /** POST /admin/users/{id}/<path>: one account action answering the updated account. */
  const action = <B extends TSchema>(
    path: string,
    summary: string,
    body: B,
    run: (admin: string, id: string, body: Static<B>) => Promise<AdminUserResponse>,
  ) =>
    app.post<{ Params: IdParams; Body: Static<B>; Reply: AdminUserResponse }>(
      `/admin/users/:id/${path}`,
      {
        config: admin,
        schema: {
          tags,
          summary,
          params: IdParams,
          body,
          response: { 200: AdminUserResponse, ...userErrors },
        },
      },
      async (request) =>
        run(adminId(request), request.params.id, request.body ?? ({} as Static<B>)),
    );

  action('ban', 'Ban (sessions end at once)', AdminReasonBody, (a, id, b: { reason?: string }) =>
    banUser(ctx, a, id, b.reason),
  );
  action('unban', 'Lift a ban', AdminReasonBody, (a, id, b: { reason?: string }) =>
    unbanUser(ctx, a, id, b.reason),
  );
  action('suspend', 'Suspend {hours or duration, reason}', SuspendBody, (a, id, b: SuspendBody) =>
    suspendUser(ctx, a, id, b),
  );
  action('unsuspend', 'Lift a suspension', AdminReasonBody, (a, id, b: { reason?: string }) =>
    unsuspendUser(ctx, a, id, b.reason),
  );
  action(
    'warn',
    'Warn {reason}; the user is notified',
    AdminReasonBody,
    (a, id, b: { reason?: string }) => warnUser(ctx, a, id, b.reason),
  );
  action(
    'verify',
    'Mark the identity verified (becomes a creator)',
    AdminReasonBody,
    (a, id, b: { reason?: string }) => verifyUser(ctx, a, id, b.reason),
  );
  action('promote', 'Promote a creator {hours}', PromoteBody, (a, id, b: PromoteBody) =>
    promoteUser(ctx, a, id, b.hours),
  );
  action('cancel-promotion', 'End a promotion', AdminReasonBody, (a, id) =>
    cancelPromotion(ctx, a, id),
  );
  action('approve', "Approve the user's pending identity verification", AdminReasonBody, (a, id) =>
    approveUser(ctx, a, id),
  );
  action(
    'reject',
    "Reject the user's pending identity verification {reason}",
    AdminRequiredReasonBody,
    (a, id, b: { reason: string }) => rejectUser(ctx, a, id, b.reason),
  );

  app.put(
    '/admin/users/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Edit an account',
        params: IdParams,
        body: AdminUpdateUserBody,
        response: {
          200: AdminUserResponse,
          ...userErrors,
          409: routeErrors(ErrorCodes.CONFLICT, ErrorCodes.EMAIL_TAKEN, ErrorCodes.USERNAME_TAKEN),
        },
      },
    },
    async (request) => updateUser(ctx, adminId(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/users/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete (anonymise) an account',
        params: IdParams,
        body: AdminReasonBody,
        response: { 200: OkMessage, ...userErrors },
      },
    },
    async (request) => deleteUser(ctx, adminId(request), request.params.id, request.body?.reason),
  );

  // SPEC §7 lists DELETE /users/{id} beside DELETE /users/me: the account itself (with its
  // password or the confirmation, as /users/me), or an admin deleting someone else's
  app.delete(
    '/users/:id',
    {
      config: { auth: 'user', rateLimit: AccountLimits.deleteAccount },
      schema: {
        tags: ['users'],
        summary: 'Delete an account: your own (password or confirmation), or any as an admin',
        params: IdParams,
        body: DeleteUserBody,
        response: {
          200: Type.Object({ ok: Type.Optional(Type.Literal(true)), message: Type.String() }),
          400: routeErrors(
            ErrorCodes.VALIDATION_FAILED,
            ErrorCodes.INVALID_CREDENTIALS,
            ErrorCodes.CANNOT_TARGET_SELF,
          ),
          403: routeErrors(
            ErrorCodes.FORBIDDEN,
            ErrorCodes.ADMIN_REQUIRED,
            ErrorCodes.ADMIN_2FA_REQUIRED,
          ),
          404: notFound,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { reason, ...confirmation } = request.body ?? {};
      const auth = authOf(request);
      if (id === auth.user.id) {
        await deleteAccount(ctx, id, confirmation);
        clearSessionCookie(reply);
        return { message: 'Account deleted successfully' };
      }
      // another's account: the admin gate, with a message that says why
      if (!auth.user.is_admin)
        throw new ForbiddenError(ErrorCodes.ADMIN_REQUIRED, 'You can only delete your own account');
      assertLevel('admin', auth, ctx.config.ADMIN_REQUIRE_2FA);
      return deleteUser(ctx, auth.user.id, id, reason);
    },
  );

  app.get(
    '/admin/export/users',
    {
      config: admin,
      schema: { tags, summary: 'Every account as CSV or JSON', querystring: ExportUsersQuery },
    },
    async (request, reply) => {
      const format = request.query.format ?? 'csv';
      const file = await exportUsers(ctx, adminId(request), format);
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="fanspace-users-${stamp}.${format}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  // ---- verifications ----
  app.get(
    '/admin/verifications/pending',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Pending identity verifications, oldest first',
        querystring: AdminVerificationsQuery,
        response: { 200: AdminVerificationsResponse },
      },
    },
    async (request) => listSubmissions(ctx, adminId(request), request.query, true),
  );
  app.get(
    '/admin/verification-submissions',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Verification submissions (status filter)',
        querystring: AdminVerificationsQuery,
        response: { 200: AdminVerificationsResponse },
      },
    },
    async (request) => listSubmissions(ctx, adminId(request), request.query),
  );
  const reviewErrors = {
    400: routeErrors(ErrorCodes.VALIDATION_FAILED),
    404: notFound,
    409: routeErrors(ErrorCodes.VERIFICATION_ALREADY_REVIEWED),
  };
  app.post(
    '/admin/verifications/:id/approve',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Approve a submission',
        params: IdParams,
        response: { 200: AdminVerificationResponse, ...reviewErrors },
      },
    },
    async (request) =>
      reviewSubmission(ctx, adminId(request), request.params.id, 'approved', undefined),
  );
  app.post(
    '/admin/verifications/:id/reject',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Reject a submission {reason}',
        params: IdParams,
        body: AdminReasonBody,
        response: { 200: AdminVerificationResponse, ...reviewErrors },
      },
    },
    async (request) =>
      reviewSubmission(ctx, adminId(request), request.params.id, 'rejected', request.body?.reason),
  );
  app.put(
    '/admin/verification-submissions/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Review a submission {status, reason}',
        params: IdParams,
        body: ReviewSubmissionBody,
        response: { 200: AdminVerificationResponse, ...reviewErrors },
      },
    },
    async (request) =>
      reviewSubmission(
        ctx,
        adminId(request),
        request.params.id,
        request.body.status,
        request.body.reason,
      ),
  );
  app.get(
    '/admin/verification-submissions/:id/documents/:field',
    {
      config: admin,
      schema: {
        tags,
        summary: 'A submitted document behind its short-lived URL (each view is logged)',
        params: DocumentParams,
        querystring: Type.Object({
          exp: Type.Optional(Type.String()),
          sig: Type.Optional(Type.String()),
        }),
        response: {
          200: Type.Unknown({ description: 'the image' }),
          403: routeErrors(ErrorCodes.MEDIA_URL_EXPIRED),
          404: notFound,
        },
      },
      onRequest: async (_request, reply) => {
        reply.header('cache-control', 'private, no-store');
      },
    },
    async (request, reply) => {
      const file = await openDocument(
        ctx,
        adminId(request),
        request.params.id,
        request.params.field,
        request.query.exp,
        request.query.sig,
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.stream);
    },
  );

  // ---- content ----
  app.get(
    '/admin/posts',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Posts (limit 20), newest first',
        querystring: AdminPostsQuery,
        response: { 200: AdminPostsResponse },
      },
    },
    async (request) => listPosts(ctx.db, request.query),
  );
  app.delete(
    '/admin/posts/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a post {reason?}; the creator is notified',
        params: IdParams,
        body: AdminReasonBody,
        response: {
          200: Type.Object({
            ok: Type.Literal(true),
            postId: Type.String(),
            message: Type.String(),
          }),
          404: notFound,
        },
      },
    },
    async (request) =>
      adminDeletePost(ctx, adminId(request), request.params.id, request.body?.reason),
  );
  app.get(
    '/admin/posts/:id/comments',
    {
      config: admin,
      schema: {
        tags,
        summary: "A post's comments for moderation (deleted and restricted ones included)",
        params: IdParams,
        response: { 200: AdminCommentsResponse, 404: notFound },
      },
    },
    async (request) => listPostComments(ctx.db, request.params.id),
  );
  app.delete(
    '/admin/posts/:id/comments/:commentId',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a comment',
        params: AdminCommentParams,
        body: AdminReasonBody,
        response: { 200: OkMessage, 404: notFound },
      },
    },
    async (request) =>
      adminDeleteComment(
        ctx,
        adminId(request),
        request.params.id,
        request.params.commentId,
        request.body?.reason,
      ),
  );

  // ---- reports ----
  app.get(
    '/admin/reports',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Reports (limit 20; pending by default)',
        querystring: AdminReportsQuery,
        response: { 200: AdminReportsResponse },
      },
    },
    async (request) => listReports(ctx.db, request.query),
  );
  app.post(
    '/admin/reports/bulk-resolve',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Resolve many reports with one action (approve = dismiss, reject = delete content)',
        body: BulkResolveBody,
        response: { 200: BulkResolveResponse },
      },
    },
    async (request) => bulkResolveReports(ctx, adminId(request), request.body),
  );
  app.post(
    '/admin/reports/:id/resolve',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Resolve a report {action, notes}',
        params: IdParams,
        body: ResolveReportBody,
        response: { 200: ResolvedReportResponse, ...userErrors },
      },
    },
    async (request) =>
      resolveReport(
        ctx,
        adminId(request),
        request.params.id,
        request.body.action,
        request.body.notes,
      ),
  );

  // ---- platform ----
  app.get(
    '/admin/settings',
    {
      config: admin,
      schema: { tags, summary: 'Platform settings', response: { 200: PlatformSettings } },
    },
    async () => getSettings(ctx),
  );
  app.put(
    '/admin/settings',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Change platform settings',
        body: UpdatePlatformSettingsBody,
        response: { 200: PlatformSettings, 400: routeErrors(ErrorCodes.VALIDATION_FAILED) },
      },
    },
    async (request) => updateSettings(ctx, adminId(request), request.body),
  );
  app.post(
    '/admin/notifications/system',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Send a system notification {message, targetUsers}',
        body: SystemNotificationBody,
        response: {
          200: SystemNotificationResponse,
          400: routeErrors(ErrorCodes.VALIDATION_FAILED),
        },
      },
    },
    async (request) => sendSystemNotification(ctx, adminId(request), request.body),
  );
  app.get(
    '/admin/system/logs',
    {
      config: admin,
      schema: {
        tags,
        summary: "This process's recent structured logs",
        querystring: SystemLogsQuery,
        response: { 200: SystemLogsResponse },
      },
    },
    async (request) => systemLogs(ctx, request.query.limit, request.query.level),
  );
  app.get(
    '/admin/activity',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The admin audit log, newest first',
        querystring: ActivityQuery,
        response: { 200: ActivityResponse },
      },
    },
    async (request) => listActivity(ctx.db, request.query),
  );
  app.get(
    '/admin/waitlist',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Waitlist sign-ups (email search, type, invited), newest first',
        querystring: AdminWaitlistQuery,
        response: { 200: AdminWaitlistResponse },
      },
    },
    async (request) => listWaitlist(ctx.db, request.query),
  );
  app.post(
    '/admin/waitlist/:id/invite',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Mail a waitlist entry a single-use beta code',
        params: WaitlistInviteParams,
        response: { 200: WaitlistInviteResponse, 404: notFound },
      },
    },
    async (request) => inviteFromWaitlist(ctx, adminId(request), request.params.id),
  );
  app.get(
    '/admin/growth-stats',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Sign-ups, creators, posts and subscriptions per day',
        querystring: GrowthStatsQuery,
        response: { 200: GrowthStatsResponse },
      },
    },
    async (request) => growthStats(ctx.db, request.query.days),
  );

  // ---- money reads and the pro pack grant (payouts, refunds, financials: payments module) ----
  app.get(
    '/admin/transactions',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Ledger transactions with their entries, newest first',
        querystring: AdminTransactionsQuery,
        response: { 200: AdminTransactionsResponse },
      },
    },
    async (request) => listTransactions(ctx.db, request.query),
  );
  app.get(
    '/admin/earnings',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Creators by lifetime gross, with where their money is',
        querystring: AdminEarningsQuery,
        response: { 200: AdminEarningsResponse },
      },
    },
    async (request) => creatorEarnings(ctx.db, request.query),
  );
  app.get(
    '/admin/payouts',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Payout requests of every creator (status filter), newest first',
        querystring: AdminPayoutsQuery,
        response: { 200: PayoutsPage },
      },
    },
    async (request) => listAdminPayouts(ctx.db, request.query),
  );
  app.post(
    '/admin/grant-free-pro',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Grant free pro pack months {username, months, reason}',
        body: GrantFreeProBody,
        response: {
          200: GrantFreeProResponse,
          400: routeErrors(ErrorCodes.VALIDATION_FAILED),
          404: notFound,
        },
      },
    },
    async (request) => grantFreePro(ctx.db, adminId(request), request.body),
  );
}
