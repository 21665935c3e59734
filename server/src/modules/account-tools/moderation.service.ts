import { sql } from 'kysely';
import type { ModerationEvent, ModerationStatusResponse } from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { UserRow } from '../../platform/db/schema.ts';

/**
 * GET /moderation/status: the account's standing and everything moderators did to it –
 * warnings, suspensions, bans (and their lifting), removed posts and comments, copyright
 * takedowns – read from the records the back office already writes (user_warnings, the
 * append-only audit log, DMCA notices). Strikes are warnings plus removals.
 */
type Ctx = Pick<AppContext, 'db'>;

const ACCOUNT_ACTIONS: Record<string, ModerationEvent['type']> = {
  'user.suspend': 'suspension',
  'user.unsuspend': 'unsuspension',
  'user.ban': 'ban',
  'user.unban': 'unban',
};
const HISTORY_LIMIT = 100;

export async function moderationStatus(ctx: Ctx, user: UserRow): Promise<ModerationStatusResponse> {
  const db = ctx.db;
  const [warnings, accountActions, contentActions, takedowns] = await Promise.all([
    db
      .selectFrom('user_warnings')
      .select(['id', 'reason', 'created_at'])
      .where('user_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .limit(HISTORY_LIMIT)
      .execute(),
    db
      .selectFrom('admin_audit_log')
      .select(['id', 'action', 'reason', 'target_id', 'created_at'])
      .where('target_id', '=', user.id)
      .where('action', 'in', Object.keys(ACCOUNT_ACTIONS))
      .orderBy('created_at', 'desc')
      .limit(HISTORY_LIMIT)
      .execute(),
    // removals of my posts and comments (admin_audit_log_target_idx per target)
    db
      .selectFrom('admin_audit_log as a')
      .select(['a.id', 'a.action', 'a.reason', 'a.target_id', 'a.created_at'])
      .where((eb) =>
        eb.or([
          eb.and([
            eb('a.action', '=', 'post.delete'),
            eb(
              'a.target_id',
              'in',
              eb
                .selectFrom('posts')
                .select(sql<string>`posts.id::text`.as('id'))
                .where('posts.user_id', '=', user.id),
            ),
          ]),
          eb.and([
            eb('a.action', '=', 'comment.delete'),
            eb(
              'a.target_id',
              'in',
              eb
                .selectFrom('comments')
                .select(sql<string>`comments.id::text`.as('id'))
                .where('comments.user_id', '=', user.id),
            ),
          ]),
        ]),
      )
      .orderBy('a.created_at', 'desc')
      .limit(HISTORY_LIMIT)
      .execute(),
    db
      .selectFrom('dmca_notices as n')
      .innerJoin('dmca_notice_posts as p', 'p.notice_id', 'n.id')
      .select(['n.id', 'p.post_id', 'n.updated_at'])
      .where('p.creator_id', '=', user.id)
      .where('n.content_removed', '=', true)
      .orderBy('n.updated_at', 'desc')
      .limit(HISTORY_LIMIT)
      .execute(),
  ]);

  const history: ModerationEvent[] = [
    ...warnings.map((w) => ({
      id: `warning:${w.id}`,
      type: 'warning' as const,
      reason: w.reason,
      targetId: null,
      createdAt: w.created_at.toISOString(),
    })),
    ...accountActions.map((a) => ({
      id: `audit:${a.id}`,
      type: ACCOUNT_ACTIONS[a.action]!,
      reason: a.reason,
      targetId: null,
      createdAt: a.created_at.toISOString(),
    })),
    ...contentActions.map((a) => ({
      id: `audit:${a.id}`,
      type: a.action === 'post.delete' ? ('post_removed' as const) : ('comment_removed' as const),
      reason: a.reason,
      targetId: a.target_id,
      createdAt: a.created_at.toISOString(),
    })),
    ...takedowns.map((t) => ({
      id: `dmca:${t.id}:${t.post_id}`,
      type: 'copyright_removal' as const,
      reason: 'Copyright (DMCA) notice',
      targetId: t.post_id,
      createdAt: t.updated_at.toISOString(),
    })),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  const suspended =
    user.status === 'suspended' && (!user.suspended_until || user.suspended_until > new Date());
  return {
    status: user.status === 'banned' ? 'banned' : suspended ? 'suspended' : 'active',
    statusReason: user.status === 'active' ? null : user.status_reason,
    suspendedUntil: suspended && user.suspended_until ? user.suspended_until.toISOString() : null,
    warningsCount: warnings.length,
    strikes: warnings.length + contentActions.length + takedowns.length,
    history: history.slice(0, HISTORY_LIMIT),
  };
}
