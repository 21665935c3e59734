import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle, type Tx } from '../../platform/db/database.ts';
import { jobInsert } from '../../platform/jobs/queue.ts';
import type {
  AutomationRuleRow,
  AutomationTriggerName,
  MediaItemRow,
} from '../../platform/db/schema.ts';
import { lockChats } from '../chats/chats.queries.ts';
import { chatWith } from '../chats/mass-messages.service.ts';
import { insertMessage } from '../chats/messages.service.ts';
import { NO_PAID_PARTS, type PaidCtx } from '../chats/paid-parts.ts';
import { liveUser } from '../creator-kit/kit-common.ts';
import { blockedEitherWay } from '../graph/graph.relations.ts';

/**
 * Runs automation rules. The trigger services (subscriptions, tips) call `automationEvent` in
 * the transaction of the event itself, so the job exists exactly when the event committed. The
 * job sends each matching enabled rule's message in its own transaction together with the
 * run row, whose UNIQUE (rule_id, event_key) makes a retried or duplicated job a no-op:
 * one message per rule and event.
 */

export const AUTOMATION_JOB = 'automation.run';

export interface AutomationEvent {
  trigger: AutomationTriggerName;
  creatorId: string;
  fanId: string;
  /** unique per event: the charge's ledger transaction, the expired period… */
  eventKey: string;
}

type Deps = Pick<AppContext, 'jobs'>;

/**
 * Whether `creator` (an SQL expression of the creator's id) has an enabled rule for `trigger`:
 * a column of a sale's checks statement, so the event's job can ride in the charge's write.
 */
export function automationRuleExists(creator: RawBuilder<unknown>, trigger: AutomationTriggerName) {
  return sql<boolean>`exists (select 1 from automation_rules ar
    where ar.user_id = ${creator} and ar.trigger = ${trigger} and ar.enabled)`;
}

/**
 * `automationEvent`'s job for a caller that already knows a rule exists
 * (`automationRuleExists`): a CTE of the caller's statement. After it is written, call
 * `queued()` (the worker's nudge after commit).
 */
export function automationJob(deps: Deps, tx: DbHandle, event: AutomationEvent) {
  const { type, payload, options } = automationJobRow(event);
  return {
    tail: jobInsert('automation_job', type, payload, options),
    queued: () => deps.jobs.enqueued(tx, AUTOMATION_JOB, options),
  };
}

/** The job `automationJob` writes, for a caller that writes several at once (`jobsInsert`). */
export function automationJobRow(event: AutomationEvent) {
  return {
    type: AUTOMATION_JOB,
    payload: { ...event } as Record<string, unknown>,
    options: { dedupeKey: automationDedupeKey(event) },
  };
}

/** The hook: queues the run when the creator has an enabled rule for the trigger. */
export async function automationEvent(deps: Deps, tx: DbHandle, event: AutomationEvent) {
  const rule = await tx
    .selectFrom('automation_rules')
    .select('id')
    .where('user_id', '=', event.creatorId)
    .where('trigger', '=', event.trigger)
    .where('enabled', '=', true)
    .limit(1)
    .executeTakeFirst();
  if (!rule) return;
  await deps.jobs.enqueue(
    tx,
    AUTOMATION_JOB,
    { ...event },
    { dedupeKey: automationDedupeKey(event) },
  );
}

/** One run per trigger and event, however often the event is reported. */
const automationDedupeKey = (event: AutomationEvent) =>
  `${AUTOMATION_JOB}:${event.trigger}:${event.eventKey}`;

function personalise(text: string, fan: { username: string; display_name: string | null }) {
  return text.replaceAll('{username}', fan.display_name?.trim() || fan.username);
}

async function liveMedia(tx: Tx, ownerId: string, ids: string[]): Promise<MediaItemRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .selectFrom('media_items')
    .selectAll()
    .where('id', 'in', ids)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .execute();
  return ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is MediaItemRow => !!r);
}

/** One rule for one event: the run row and (unless skipped) the message, atomically. */
async function runRule(ctx: PaidCtx, rule: AutomationRuleRow, event: AutomationEvent) {
  await withTransaction(ctx.db, async (tx) => {
    const run = await tx
      .insertInto('automation_runs')
      .values({
        rule_id: rule.id,
        event_key: event.eventKey,
        trigger: event.trigger,
        fan_id: event.fanId,
        status: 'skipped',
      })
      .onConflict((oc) => oc.columns(['rule_id', 'event_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!run) return; // this rule already answered this event
    const skip = (reason: string) =>
      tx.updateTable('automation_runs').set({ reason }).where('id', '=', run.id).execute();
    const fan = await liveUser(tx, event.fanId);
    if (!fan) return skip('The fan’s account is gone');
    if (await blockedEitherWay(tx, event.creatorId, event.fanId))
      return skip('One of you blocked the other');
    const action = rule.action;
    const media = await liveMedia(tx, event.creatorId, action.mediaIds);
    if (action.lockedCents !== null && media.length === 0)
      return skip('The media to sell is no longer in your vault');
    const text = personalise(action.text, fan);
    if (text === '' && media.length === 0) return skip('Nothing left to send');
    const chatId = await chatWith(tx, event.creatorId, event.fanId);
    await lockChats(tx, [chatId]);
    const message = await insertMessage(ctx, tx, {
      chatId,
      senderId: event.creatorId,
      others: [event.fanId],
      text,
      quotedId: null,
      media: { image: null, video: null, voice: null, items: media },
      voiceDuration: null,
      paid: { ...NO_PAID_PARTS, lockedCents: media.length > 0 ? action.lockedCents : null },
    });
    await tx
      .updateTable('automation_runs')
      .set({ status: 'sent', message_id: message.id, chat_id: chatId })
      .where('id', '=', run.id)
      .execute();
  });
}

export async function runAutomation(ctx: PaidCtx, event: AutomationEvent) {
  const rules = await ctx.db
    .selectFrom('automation_rules')
    .selectAll()
    .where('user_id', '=', event.creatorId)
    .where('trigger', '=', event.trigger)
    .where('enabled', '=', true)
    .orderBy('created_at')
    .execute();
  for (const rule of rules) await runRule(ctx, rule, event);
}

const TRIGGERS: readonly string[] = [
  'new_subscriber',
  'tip_received',
  'subscription_renewed',
  'subscription_expired',
];

export function registerAutomationJobs(ctx: AppContext) {
  ctx.jobs.register(AUTOMATION_JOB, async (payload) => {
    const { trigger, creatorId, fanId, eventKey } = payload;
    if (
      typeof trigger !== 'string' ||
      !TRIGGERS.includes(trigger) ||
      typeof creatorId !== 'string' ||
      typeof fanId !== 'string' ||
      typeof eventKey !== 'string'
    )
      throw new Error('automation.run: invalid payload');
    await runAutomation(ctx, {
      trigger: trigger as AutomationTriggerName,
      creatorId,
      fanId,
      eventKey,
    });
  });
}
