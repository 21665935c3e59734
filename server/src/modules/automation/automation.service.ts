import {
  AutomationLimits,
  CHAT_PRICE_CENTS,
  ErrorCodes,
  type AutomationAction,
  type AutomationRule,
  type AutomationRulesResponse,
  type AutomationRunsQuery,
  type AutomationRunsResponse,
  type CreateAutomationRuleBody,
  type UpdateAutomationRuleBody,
} from '@fanspace/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { AutomationRuleRow, StoredAutomationAction } from '../../platform/db/schema.ts';
import { AppError, NotFoundError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { invalidField, iso, kitUsers, requiredText } from '../creator-kit/kit-common.ts';
import { amountToCents, units } from '../ledger/money.ts';
import { getOwnedMedia } from '../media/media.service.ts';
import { cleanText } from '../users/profile-rules.ts';

/**
 * Automation rules: CRUD of a creator's rules and their run log. The runs themselves are made
 * by the job runner (automation.runner.ts).
 */
type Ctx = Pick<AppContext, 'db'>;

export const ruleNotFound = () =>
  new NotFoundError('Automation rule not found', ErrorCodes.AUTOMATION_RULE_NOT_FOUND);

/** The action as stored: cleaned text, cents, media the creator owns (404 otherwise). */
async function cleanAction(db: DbHandle, userId: string, action: AutomationAction) {
  const text = cleanText(action.text);
  const mediaIds = [...new Set(action.mediaIds ?? [])];
  if (mediaIds.length > 0) await getOwnedMedia(db, userId, mediaIds);
  // null arrives as 0 (the validator coerces nullable numbers): both mean "not locked"
  const price = action.lockedPrice || null;
  const lockedCents =
    price === null
      ? null
      : amountToCents('action.lockedPrice', price, CHAT_PRICE_CENTS.min, CHAT_PRICE_CENTS.max);
  if (lockedCents !== null && mediaIds.length === 0)
    throw invalidField('action.mediaIds', 'A locked message needs at least one media item to sell');
  if (text === '' && mediaIds.length === 0) requiredText('action.text', text, 'Message text');
  const stored: StoredAutomationAction = { type: 'send_message', text, lockedCents, mediaIds };
  return stored;
}

export function presentRule(
  row: AutomationRuleRow,
  stats: { runCount: number; lastRunAt: Date | null } = { runCount: 0, lastRunAt: null },
): AutomationRule {
  const a = row.action;
  return {
    id: row.id,
    name: row.name,
    trigger: row.trigger,
    action: {
      type: 'send_message',
      text: a.text,
      lockedPrice: a.lockedCents === null ? null : units(a.lockedCents),
      lockedPriceCents: a.lockedCents,
      mediaIds: a.mediaIds,
    },
    enabled: row.enabled,
    runCount: stats.runCount,
    lastRunAt: stats.lastRunAt ? iso(stats.lastRunAt) : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

async function ownRule(db: DbHandle, userId: string, id: string, lock = false) {
  const row = await db
    .selectFrom('automation_rules')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
  if (!row) throw ruleNotFound();
  return row;
}

/** Rules presented with their run counts (one grouped query for all of them). */
async function presentRules(ctx: Ctx, rows: AutomationRuleRow[]): Promise<AutomationRule[]> {
  const stats =
    rows.length === 0
      ? []
      : await ctx.db
          .selectFrom('automation_runs')
          .select([
            'rule_id',
            sql<number>`count(*)::int`.as('n'),
            sql<Date | null>`max(created_at)`.as('last'),
          ])
          .where(
            'rule_id',
            'in',
            rows.map((r) => r.id),
          )
          .groupBy('rule_id')
          .execute();
  const byRule = new Map(stats.map((s) => [s.rule_id, s]));
  return rows.map((r) => {
    const s = byRule.get(r.id);
    return presentRule(r, { runCount: Number(s?.n ?? 0), lastRunAt: s?.last ?? null });
  });
}

export async function listRules(ctx: Ctx, userId: string): Promise<AutomationRulesResponse> {
  const rows = await ctx.db
    .selectFrom('automation_rules')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return { rules: await presentRules(ctx, rows) };
}

/** One own rule with its run count, as the list shows it (anyone else's or malformed: 404). */
export async function getRule(ctx: Ctx, userId: string, id: string): Promise<AutomationRule> {
  if (!isUuid(id)) throw ruleNotFound();
  return (await presentRules(ctx, [await ownRule(ctx.db, userId, id)]))[0]!;
}

export async function createRule(
  ctx: Ctx,
  userId: string,
  body: CreateAutomationRuleBody,
): Promise<AutomationRule> {
  const name = requiredText('name', body.name, 'Name');
  const action = await cleanAction(ctx.db, userId, body.action);
  const row = await withTransaction(ctx.db, async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`automation-rules:${userId}`}))`.execute(tx);
    const count = await tx
      .selectFrom('automation_rules')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= AutomationLimits.perUserMax)
      throw new AppError(
        429,
        ErrorCodes.LIMIT_REACHED,
        `You can have ${AutomationLimits.perUserMax} automation rules; delete one first`,
      );
    return tx
      .insertInto('automation_rules')
      .values({
        user_id: userId,
        name,
        trigger: body.trigger,
        action: JSON.stringify(action),
        enabled: body.enabled ?? true,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return presentRule(row);
}

export async function updateRule(
  ctx: Ctx,
  userId: string,
  id: string,
  body: UpdateAutomationRuleBody,
): Promise<AutomationRule> {
  await ownRule(ctx.db, userId, id);
  const name = body.name !== undefined ? requiredText('name', body.name, 'Name') : undefined;
  const action = body.action ? await cleanAction(ctx.db, userId, body.action) : undefined;
  const row = await ctx.db
    .updateTable('automation_rules')
    .set({
      ...(name !== undefined ? { name } : {}),
      ...(body.trigger !== undefined ? { trigger: body.trigger } : {}),
      ...(action ? { action: JSON.stringify(action) } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw ruleNotFound();
  return (await listRules(ctx, userId)).rules.find((r) => r.id === row.id) ?? presentRule(row);
}

export async function deleteRule(ctx: Ctx, userId: string, id: string) {
  const row = await ctx.db
    .deleteFrom('automation_rules')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw ruleNotFound();
  return { ok: true as const, id: row.id };
}

/** The run log of one own rule, newest first (keyset on the run id). */
export async function listRuns(
  ctx: Ctx,
  userId: string,
  id: string,
  query: AutomationRunsQuery,
): Promise<AutomationRunsResponse> {
  await ownRule(ctx.db, userId, id);
  const limit = query.limit ?? AutomationLimits.runsPageSize;
  const rows = await ctx.db
    .selectFrom('automation_runs')
    .selectAll()
    .where('rule_id', '=', id)
    .$if(query.before !== undefined, (q) => q.where('id', '<', Number(query.before)))
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const userOf = await kitUsers(
    ctx.db,
    page.map((r) => r.fan_id),
  );
  return {
    runs: page.map((r) => ({
      id: String(r.id),
      ruleId: r.rule_id,
      trigger: r.trigger,
      fanId: r.fan_id,
      fan: userOf(r.fan_id),
      status: r.status,
      reason: r.reason,
      messageId: r.message_id,
      chatId: r.chat_id,
      createdAt: iso(r.created_at),
    })),
    hasMore: rows.length > limit,
    nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null,
  };
}
