import type { ActivityQuery, ActivityResponse, AdminSortField } from '@fanspace/contracts';
import type { DbHandle } from '../../platform/db/database.ts';
import { pageInfo, pageOffset } from '../../platform/http/page-paging.ts';
import { orderByAll, sortClauses, type SortColumns } from '../../platform/http/page-sorting.ts';

/**
 * The admin audit log: one row per admin action (who, what, target, reason, when), written in
 * the same transaction as the action, so a logged action happened and a happened one is
 * logged. The table refuses UPDATE and DELETE (a trigger), so history cannot be rewritten.
 */
export interface AuditInput {
  /** null: done by the system on the platform's behalf (e.g. a DMCA restore when time ran out) */
  adminId: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  reason?: string | null;
  details?: Record<string, unknown>;
}

export async function audit(tx: DbHandle, entry: AuditInput) {
  await tx
    .insertInto('admin_audit_log')
    .values({
      admin_id: entry.adminId,
      action: entry.action,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId ?? null,
      reason: entry.reason ?? null,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}

const ACTIVITY_SORT: SortColumns<AdminSortField<'activity'>> = {
  createdAt: 'a.created_at',
  action: 'a.action',
};

/** GET /admin/activity: newest first unless sortBy/order say otherwise; one action or target. */
export async function listActivity(db: DbHandle, query: ActivityQuery): Promise<ActivityResponse> {
  let base = db.selectFrom('admin_audit_log as a');
  if (query.action) base = base.where('a.action', '=', query.action);
  if (query.targetId) base = base.where('a.target_id', '=', query.targetId);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    orderByAll(
      base
        .leftJoin('users as u', 'u.id', 'a.admin_id')
        .select([
          'a.id',
          'a.action',
          'a.admin_id',
          'u.username',
          'a.target_type',
          'a.target_id',
          'a.reason',
          'a.details',
          'a.created_at',
        ]),
      sortClauses(ACTIVITY_SORT, query, { sortBy: 'createdAt', order: 'desc' }, 'a.id'),
    )
      .limit(query.limit)
      .offset(pageOffset(query))
      .execute(),
  ]);
  return {
    activities: rows.map((r) => ({
      id: String(r.id),
      action: r.action,
      admin: r.admin_id && r.username ? { id: r.admin_id, username: r.username } : null,
      targetType: r.target_type,
      targetId: r.target_id,
      reason: r.reason,
      details: r.details,
      createdAt: r.created_at.toISOString(),
    })),
    ...pageInfo(query, Number(total)),
  };
}
