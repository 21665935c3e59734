import {
  ADMIN_TOASTS,
  ErrorCodes,
  type AdminReportsQuery,
  type AdminSortField,
  type BulkResolveBody,
  type BulkResolveResponse,
  type AdminReportsResponse,
  type CreateReportBody,
  type Report,
  type ReportAction,
  type CreateReportResponse,
  type ResolvedReportResponse,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { ReportsTable } from '../../platform/db/schema.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { sql, type Selectable } from 'kysely';
import { moderationSettings } from '../../platform/settings.ts';
import { orderByAll, sortClauses, type SortColumns } from '../../platform/http/page-sorting.ts';
import { deleteMessage } from '../chats/messages.service.ts';
import { cleanText } from '../users/profile-rules.ts';
import { banUser, suspendUser, warnUser } from './admin-users.service.ts';
import { audit } from './audit.ts';
import { adminDeleteComment, adminDeletePost } from './admin-content.service.ts';
import { pageInfo, pageOffset } from '../../platform/http/page-paging.ts';

type ReportRow = Selectable<ReportsTable>;
type AdminCtx = AppContext;

const notFound = (what: string) => new NotFoundError(`${what} not found`, ErrorCodes.NOT_FOUND);

/** Who owns the reported thing, and the post/chat it sits in; null when it does not exist. */
async function resolveTarget(db: DbHandle, type: ReportRow['type'], targetId: string) {
  switch (type) {
    case 'user': {
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', targetId)
        .where('status', '!=', 'deleted')
        .executeTakeFirst();
      return user ? { ownerId: user.id, postId: null, chatId: null } : null;
    }
    case 'post': {
      const post = await db
        .selectFrom('posts')
        .select(['id', 'user_id'])
        .where('id', '=', targetId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return post ? { ownerId: post.user_id, postId: post.id, chatId: null } : null;
    }
    case 'comment': {
      const comment = await db
        .selectFrom('comments')
        .select(['user_id', 'post_id'])
        .where('id', '=', targetId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return comment ? { ownerId: comment.user_id, postId: comment.post_id, chatId: null } : null;
    }
    case 'message': {
      const message = await db
        .selectFrom('messages')
        .select(['sender_id', 'chat_id'])
        .where('id', '=', targetId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return message ? { ownerId: message.sender_id, postId: null, chatId: message.chat_id } : null;
    }
  }
}

/**
 * POST /reports: a user reports a post, user, comment or message (SPEC §4: starts pending).
 * The reporter must be able to see it: a message only by a participant of its chat. Reporting
 * the same thing again while the first report is open returns that report.
 */
export async function createReport(
  db: DbHandle,
  reporterId: string,
  body: CreateReportBody,
): Promise<CreateReportResponse> {
  const targetId = reportedIdOf(body);
  if (!targetId)
    throw new BadRequestError(
      `Say which ${body.type} is reported: targetId (or id, or ${TYPE_ID_FIELD[body.type]})`,
      ErrorCodes.VALIDATION_FAILED,
      { field: 'targetId' },
    );
  const reason = cleanText(body.reason);
  if (!reason)
    throw new BadRequestError('A reason is required', ErrorCodes.VALIDATION_FAILED, {
      field: 'reason',
    });
  const target = await resolveTarget(db, body.type, targetId);
  if (!target) throw notFound(`The reported ${body.type}`);
  if (target.ownerId === reporterId)
    throw new BadRequestError(
      body.type === 'user'
        ? 'You cannot report yourself'
        : `You cannot report your own ${body.type}`,
      ErrorCodes.CANNOT_TARGET_SELF,
    );
  if (body.type === 'message') {
    const participant = await db
      .selectFrom('chat_participants')
      .select('user_id')
      .where('chat_id', '=', target.chatId!)
      .where('user_id', '=', reporterId)
      .executeTakeFirst();
    if (!participant) throw notFound('The reported message');
  }
  const inserted = await db
    .insertInto('reports')
    .values({
      type: body.type,
      target_id: targetId,
      reporter_id: reporterId,
      reason,
      details: body.details ? cleanText(body.details) || null : null,
      post_id: target.postId,
      chat_id: target.chatId,
    })
    .onConflict((oc) =>
      oc.columns(['type', 'target_id', 'reporter_id']).where('status', '=', 'pending').doNothing(),
    )
    .returning(['id', 'reason', 'details'])
    .executeTakeFirst();
  const report =
    inserted ??
    (await db
      .selectFrom('reports')
      .select(['id', 'reason', 'details'])
      .where('type', '=', body.type)
      .where('target_id', '=', targetId)
      .where('reporter_id', '=', reporterId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow());
  return {
    ok: true,
    reportId: report.id,
    id: report.id,
    type: body.type,
    targetId,
    reason: report.reason,
    details: report.details,
    postId: target.postId,
    chatId: target.chatId,
    status: 'pending',
  };
}

/** The field of SPEC §3's Report that names a reported thing of each type. */
const TYPE_ID_FIELD = {
  post: 'postId',
  user: 'userId',
  comment: 'commentId',
  message: 'messageId',
} as const satisfies Record<CreateReportBody['type'], keyof CreateReportBody>;

/** The reported thing's id: `targetId`, else `id`, else the id field of its type. */
function reportedIdOf(body: CreateReportBody): string | undefined {
  return body.targetId ?? body.id ?? body[TYPE_ID_FIELD[body.type]];
}

/**
 * Distinct users who reported the same target: among the open reports of a pending report, or
 * among the reports closed together with a closed one (one resolution stamps one resolved_at).
 * Automatic flags have no reporter and count for nothing.
 */
const REPORTER_COUNT = sql<number>`(select count(distinct r2.reporter_id)::int from reports r2
  where r2.type = r.type and r2.target_id = r.target_id and r2.status = r.status
  and r2.resolved_at is not distinct from r.resolved_at)`;

const REPORT_SORT: SortColumns<AdminSortField<'reports'>> = {
  createdAt: 'r.created_at',
  type: 'r.type',
  status: 'r.status',
  reporterCount: REPORTER_COUNT,
};

/** The reports table as `r`, which REPORTER_COUNT refers to. */
const fromReports = (db: DbHandle) => db.selectFrom('reports as r');
type CountedRow = ReportRow & { reporter_count: number };

async function presentReports(
  db: DbHandle,
  rows: CountedRow[],
  threshold?: number,
): Promise<Report[]> {
  const highFrom = threshold ?? (await moderationSettings(db)).reportThreshold;
  const targets = await Promise.all(rows.map((r) => resolveTarget(db, r.type, r.target_id)));
  const userIds = [
    ...new Set([
      ...rows.flatMap((r) => (r.reporter_id ? [r.reporter_id] : [])),
      ...targets.flatMap((t) => (t ? [t.ownerId] : [])),
    ]),
  ];
  const users =
    userIds.length > 0
      ? await db.selectFrom('users').select(['id', 'username']).where('id', 'in', userIds).execute()
      : [];
  const byId = new Map(users.map((u) => [u.id, u]));
  return rows.map((r, i) => {
    const target = targets[i];
    const reporterCount = Number(r.reporter_count);
    return {
      id: r.id,
      type: r.type,
      source: r.source,
      targetId: r.target_id,
      reason: r.reason,
      details: r.details,
      status: r.status,
      reporter: r.reporter_id ? (byId.get(r.reporter_id) ?? null) : null,
      reporterCount,
      priority: reporterCount >= highFrom ? 'high' : 'normal',
      targetUser: target ? (byId.get(target.ownerId) ?? null) : null,
      postId: r.post_id,
      chatId: r.chat_id,
      action: r.action,
      notes: r.notes,
      createdAt: r.created_at.toISOString(),
      resolvedAt: r.resolved_at?.toISOString() ?? null,
    };
  });
}

/**
 * GET /admin/reports (limit 20): pending by default, newest first unless sortBy/order say
 * otherwise; filters by type, source (user | auto) and priority (high: reported by at least the
 * threshold's number of distinct users).
 */
export async function listReports(
  db: DbHandle,
  query: AdminReportsQuery,
): Promise<AdminReportsResponse> {
  const { reportThreshold } = await moderationSettings(db);
  let base = fromReports(db);
  const status = query.status ?? 'pending';
  if (status !== 'all') base = base.where('r.status', '=', status);
  if (query.type) base = base.where('r.type', '=', query.type);
  if (query.source) base = base.where('r.source', '=', query.source);
  if (query.priority)
    base = base.where(REPORTER_COUNT, query.priority === 'high' ? '>=' : '<', reportThreshold);
  const order = sortClauses(REPORT_SORT, query, { sortBy: 'createdAt', order: 'desc' }, 'r.id');
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    orderByAll(base.selectAll('r').select(REPORTER_COUNT.as('reporter_count')), order)
      .limit(query.limit)
      .offset(pageOffset(query))
      .execute(),
  ]);
  return {
    reports: await presentReports(db, rows, reportThreshold),
    ...pageInfo(query, Number(total)),
  };
}

/** The word the §8 toast 'Report {action} successfully' shows for each action. */
const PAST_TENSE: Record<ReportAction, string> = {
  dismiss: 'dismissed',
  resolve: 'resolved',
  delete_content: 'resolved',
  warn_user: 'resolved',
  suspend_user: 'resolved',
  ban_user: 'resolved',
};

/**
 * POST /admin/reports/{id}/resolve {action, notes}. 'dismiss' closes it as dismissed; every
 * other action resolves it, after acting on the target: delete the post/comment/message,
 * warn, suspend (7 days) or ban its owner. Every other open report on the same target is
 * closed with it. A report already closed is 409.
 */
export async function resolveReport(
  ctx: AdminCtx,
  adminId: string,
  reportId: string,
  action: ReportAction,
  rawNotes: string | undefined,
): Promise<ResolvedReportResponse> {
  const notes = rawNotes ? cleanText(rawNotes) || null : null;
  const report = await ctx.db
    .selectFrom('reports')
    .selectAll()
    .where('id', '=', reportId)
    .executeTakeFirst();
  if (!report) throw notFound('Report');
  if (report.status !== 'pending')
    throw new ConflictError(ErrorCodes.CONFLICT, `This report was already ${report.status}`);
  const target = await resolveTarget(ctx.db, report.type, report.target_id);
  const reason = notes ?? `Report: ${report.reason}`;

  if (action !== 'dismiss' && action !== 'resolve') {
    if (!target && action === 'delete_content') {
      // already gone: resolving is all that is left to do
    } else if (!target) throw notFound(`The reported ${report.type}`);
    else if (action === 'delete_content') await deleteTarget(ctx, adminId, report, reason);
    else if (action === 'warn_user') await warnUser(ctx, adminId, target.ownerId, reason);
    else if (action === 'suspend_user')
      await suspendUser(ctx, adminId, target.ownerId, { hours: 24 * 7, reason });
    else if (action === 'ban_user') await banUser(ctx, adminId, target.ownerId, reason);
  }

  const status = action === 'dismiss' ? 'dismissed' : 'resolved';
  const closed = await withTransaction(ctx.db, async (tx) => {
    const rows = await tx
      .updateTable('reports')
      .set({ status, action, notes, resolved_by: adminId, resolved_at: new Date() })
      .where('type', '=', report.type)
      .where('target_id', '=', report.target_id)
      .where('status', '=', 'pending')
      .returningAll()
      .execute();
    await audit(tx, {
      adminId,
      action: `report.${status === 'dismissed' ? 'dismiss' : 'resolve'}`,
      targetType: 'report',
      targetId: report.id,
      reason: notes,
      details: { action, reportType: report.type, target: report.target_id, closed: rows.length },
    });
    return rows.find((r) => r.id === report.id);
  });
  if (!closed) throw new ConflictError(ErrorCodes.CONFLICT, 'This report was already closed');
  const counted = await fromReports(ctx.db)
    .selectAll('r')
    .select(REPORTER_COUNT.as('reporter_count'))
    .where('r.id', '=', closed.id)
    .executeTakeFirstOrThrow();
  const [presented] = await presentReports(ctx.db, [counted]);
  return { report: presented!, message: ADMIN_TOASTS.reportResolved(PAST_TENSE[action]) };
}

async function deleteTarget(ctx: AdminCtx, adminId: string, report: ReportRow, reason: string) {
  if (report.type === 'post') await adminDeletePost(ctx, adminId, report.target_id, reason);
  else if (report.type === 'comment')
    await adminDeleteComment(ctx, adminId, report.post_id!, report.target_id, reason);
  else if (report.type === 'message') {
    // deleted exactly as if its sender had deleted it: unread counts, the chat's last message
    // and the message_deleted event all follow
    const message = await ctx.db
      .selectFrom('messages')
      .select(['sender_id', 'chat_id'])
      .where('id', '=', report.target_id)
      .executeTakeFirstOrThrow();
    await deleteMessage(
      ctx,
      { id: message.sender_id, sessionId: 'admin' },
      message.chat_id,
      report.target_id,
    );
    await audit(ctx.db, {
      adminId,
      action: 'message.delete',
      targetType: 'message',
      targetId: report.target_id,
      reason,
    });
  } else
    throw new BadRequestError(
      'Delete content does not apply to a user report; ban or suspend instead',
      ErrorCodes.VALIDATION_FAILED,
      { field: 'action' },
    );
}

/**
 * POST /admin/reports/bulk-resolve: the same resolution for many reports, one at a time (each
 * its own transaction and audit entry). A report closed on the way (e.g. with an earlier one
 * about the same target) counts as resolved; other failures are listed, not fatal.
 */
export async function bulkResolveReports(
  ctx: AdminCtx,
  adminId: string,
  body: BulkResolveBody,
): Promise<BulkResolveResponse> {
  let resolved = 0;
  const failed: BulkResolveResponse['failed'] = [];
  for (const id of [...new Set(body.reportIds)]) {
    try {
      await resolveReport(ctx, adminId, id, body.action, body.notes);
      resolved += 1;
    } catch (error) {
      const closedAlready =
        error instanceof ConflictError &&
        (
          await ctx.db
            .selectFrom('reports')
            .select('status')
            .where('id', '=', id)
            .executeTakeFirst()
        )?.status !== 'pending';
      if (closedAlready) resolved += 1;
      else failed.push({ id, message: error instanceof Error ? error.message : 'Failed' });
    }
  }
  const word = PAST_TENSE[body.action];
  return {
    message:
      failed.length === 0
        ? `${resolved} report${resolved === 1 ? '' : 's'} ${word} successfully`
        : `${resolved} ${word}, ${failed.length} failed`,
    resolved,
    failed,
  };
}
