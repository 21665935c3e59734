import { ErrorCodes, MONEY_LIMITS, type TipBody, type TipResponse } from '@fanspace/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { assertInTransaction, type DbHandle, type Tx } from '../../platform/db/database.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { featureEnabled, featureOn } from '../../platform/settings.ts';
import { chargeToCreator } from '../ledger/charges.ts';
import { automationJob, automationRuleExists } from '../automation/automation.runner.ts';
import {
  collaborationExists,
  splitWithCollaborator,
} from '../collaborations/collaborations.split.ts';
import { referralColumns, referralTermsFrom } from '../referrals/referrals.split.ts';
import { amountToCents, units } from '../ledger/money.ts';
import { notHiddenFrom } from '../graph/graph.relations.ts';
import { presentSplit } from './present.ts';
import { fundableItem, recordWishlistFunding } from '../commerce/wishlist.service.ts';
import { track } from '../analytics/recorder.ts';
import { isUuid, newRowId } from '../../platform/ids.ts';
import { opaque } from '../../platform/db/array-parameter.ts';
import type { Charge } from '../ledger/charges.ts';

/** A creator the payer may pay: visible, not blocked either way, not the payer. */
export async function payableCreator(db: DbHandle, payerId: string, creatorId: string) {
  if (creatorId === payerId) throw cannotPaySelf();
  const creator = await db
    .selectFrom('users')
    .select(['id', 'account_type', 'subscription_price_cents'])
    .where('id', '=', creatorId)
    .where('status', 'in', ['active', 'suspended'])
    .where('deleted_at', 'is', null)
    .where(notHiddenFrom(payerId, 'users.id'))
    .executeTakeFirst();
  return assertPayable(payerId, creatorId, creator);
}

const cannotPaySelf = () =>
  new BadRequestError('You cannot pay yourself', ErrorCodes.CANNOT_TARGET_SELF);

/**
 * `payableCreator`'s rules on a row read elsewhere (a sale's checks statement): the same
 * errors in the same order. `creator`: the visible account of that id, if any.
 */
export function assertPayable<T extends { account_type: string }>(
  payerId: string,
  creatorId: string,
  creator: T | undefined,
): T {
  if (creatorId === payerId) throw cannotPaySelf();
  if (!creator) throw new NotFoundError('User not found');
  if (creator.account_type !== 'creator')
    throw new BadRequestError(
      'Only creators can receive payments',
      ErrorCodes.RECIPIENT_NOT_CREATOR,
    );
  return creator;
}

/**
 * What a tip is for must belong to its recipient: a live post of theirs (post), a chat the
 * payer shares with them (chat; a chat or message id), their profile (no id), or one of their
 * open wishlist items (wishlist; required, locked until the tip's transaction ends). Anything
 * else is a 400 and nothing is charged. `checked`: the result of `tippedContentCheck`, when the
 * caller's statement already evaluated it (a tip's checks).
 */
export async function tippedContent(
  db: DbHandle,
  payerId: string,
  body: Pick<TipBody, 'recipientUserId' | 'tipType' | 'contentId'>,
  checked?: boolean,
): Promise<string | null> {
  const contentId = body.contentId ?? null;
  if (body.tipType === 'wishlist') {
    if (contentId === null)
      throw new BadRequestError(
        'contentId (the wishlist item id) is required for a wishlist tip',
        ErrorCodes.VALIDATION_FAILED,
        { field: 'contentId' },
      );
    return (await fundableItem(db, body.recipientUserId, contentId)).id;
  }
  if (contentId === null || body.tipType === 'profile') return null;
  const refuse = () =>
    new BadRequestError(
      `contentId does not name a ${body.tipType} of this creator`,
      ErrorCodes.VALIDATION_FAILED,
      { field: 'contentId' },
    );
  const check = tippedContentCheck(payerId, body);
  if (!check) throw refuse();
  const ok = checked ?? (await sql<{ ok: boolean }>`select ${check} as ok`.execute(db)).rows[0]?.ok;
  if (!ok) throw refuse();
  return contentId;
}

/**
 * The lookup behind a post or chat tip's contentId as one boolean SQL expression (a live post
 * of the recipient; a chat the payer shares with them, named by its id or one of its
 * messages'); null when there is nothing to look up (no id, profile and wishlist tips, an id
 * that is no uuid: refused or handled by `tippedContent` itself).
 */
export function tippedContentCheck(
  payerId: string,
  body: Pick<TipBody, 'recipientUserId' | 'tipType' | 'contentId'>,
): RawBuilder<boolean> | null {
  const contentId = body.contentId ?? null;
  if (contentId === null || !isUuid(contentId)) return null;
  if (body.tipType !== 'post' && body.tipType !== 'chat') return null;
  return tippedContentSql(body.tipType, {
    payer: sql`${payerId}::uuid`,
    creator: sql`${body.recipientUserId}::uuid`,
    content: sql`${contentId}::uuid`,
  });
}

/** `tippedContentCheck`'s lookup over SQL expressions (a batch's columns). */
function tippedContentSql(
  tipType: 'post' | 'chat',
  at: { payer: RawBuilder<unknown>; creator: RawBuilder<unknown>; content: RawBuilder<unknown> },
): RawBuilder<boolean> {
  if (tipType === 'post')
    return sql<boolean>`exists (select 1 from posts tp
      where tp.id = ${at.content} and tp.user_id = ${at.creator} and tp.deleted_at is null)`;
  return sql<boolean>`exists (select 1 from chat_participants me
    join chat_participants them on them.chat_id = me.chat_id
    where me.user_id = ${at.payer} and them.user_id = ${at.creator}
      and (me.chat_id = ${at.content} or exists (select 1 from messages m
        where m.id = ${at.content} and m.chat_id = me.chat_id)))`;
}

/** Tips can be switched off by an admin (PUT /admin/settings features.tips). */
export async function assertTipsEnabled(db: DbHandle) {
  if (!(await featureEnabled(db, 'tips'))) throw tipsOff();
}

const tipsOff = () =>
  new ForbiddenError(ErrorCodes.FEATURE_UNAVAILABLE, 'Tips are switched off on this server');

/**
 * A tip in 7 statements (docs/PERFORMANCE.md "Write paths"): begin, the idempotency claim, the
 * checks (`tipChecks`: switch, recipient, content, referral terms, automation and collaboration
 * rows), the accounts' lock, the ledger write (with the release job, the creator's notice and
 * the automation job), the system accounts with the stored response, commit. Errors come in
 * the order they always did: switch, amount, recipient, content. Most tips are made in a
 * batch with others instead (tips.batch.ts), with the same rules (`judgeTip`).
 */
export async function sendTip(
  deps: Pick<AppContext, 'jobs'>,
  tx: Tx,
  payerId: string,
  body: TipBody,
): Promise<TipResponse> {
  assertInTransaction(tx);
  const now = new Date();
  const checks = await tipChecks(tx, payerId, body);
  const { cents, contentId } = await judgeTip(tx, payerId, body, checks);
  // the automation job is keyed by the charge: its id is chosen here so the job rides along
  const transactionId = newRowId();
  const automation = checks.has_automation
    ? automationJob(deps, tx, tipAutomationEvent(payerId, body, transactionId))
    : null;
  const charge = await chargeToCreator(deps, tx, {
    kind: 'tip',
    payerId,
    creatorId: body.recipientUserId,
    grossCents: cents,
    details: { tipType: body.tipType, contentId },
    now,
    referral: referralTermsFrom(checks, now),
    transactionId,
    ...(automation ? { also: [automation.tail] } : {}),
  });
  automation?.queued();
  trackTip(tx, payerId, body);
  const wishlistItem =
    body.tipType === 'wishlist' && contentId
      ? await recordWishlistFunding(tx, {
          itemId: contentId,
          funderId: payerId,
          amountCents: cents,
          transactionId: charge.transactionId,
        })
      : undefined;
  if (body.tipType === 'post' && contentId && checks.has_collab)
    await splitWithCollaborator(deps, tx, contentId, body.recipientUserId, charge);
  return tipResponse(body, cents, contentId, charge, wishlistItem);
}

/**
 * A tip's rules on its checks, in the order they always ran: the switch, the amount, the
 * recipient, the content. Returns the amount in cents and what the tip is for; throws the
 * refusal. Only a wishlist tip reads more (its item, locked); the others read nothing here.
 */
export async function judgeTip(
  tx: Tx,
  payerId: string,
  body: TipBody,
  checks: TipChecks,
): Promise<{ cents: number; contentId: string | null }> {
  if (!featureOn(checks.features, 'tips')) throw tipsOff();
  const cents = amountToCents('amount', body.amount, MONEY_LIMITS.tip.min, MONEY_LIMITS.tip.max);
  assertPayable(
    payerId,
    body.recipientUserId,
    checks.creator_type === null ? undefined : { account_type: checks.creator_type },
  );
  const contentId = await tippedContent(tx, payerId, body, checks.content_ok ?? undefined);
  return { cents, contentId };
}

export const tipAutomationEvent = (payerId: string, body: TipBody, transactionId: string) => ({
  trigger: 'tip_received' as const,
  creatorId: body.recipientUserId,
  fanId: payerId,
  eventKey: transactionId,
});

export const trackTip = (tx: Tx, payerId: string, body: TipBody) =>
  track(tx, { metric: 'tip', creatorId: body.recipientUserId, actorId: payerId });

export function tipResponse(
  body: TipBody,
  cents: number,
  contentId: string | null,
  charge: Pick<Charge, 'transactionId' | 'split'>,
  wishlistItem?: TipResponse['wishlistItem'],
): TipResponse {
  return {
    ok: true,
    transactionId: charge.transactionId,
    recipientUserId: body.recipientUserId,
    tipType: body.tipType,
    contentId,
    amount: units(cents),
    amountCents: cents,
    split: presentSplit(charge.split),
    ...(wishlistItem ? { wishlistItem } : {}),
  };
}

export interface TipChecks extends Record<string, unknown> {
  features: unknown;
  /** null: no visible account of that id */
  creator_type: string | null;
  /** null: no post or chat to look up */
  content_ok: boolean | null;
  has_automation: boolean;
  has_collab: boolean;
}

/**
 * Everything a tip reads before its charge, in one statement: the tips switch, the recipient
 * as `payableCreator` finds them, the tipped post or chat (`tippedContentCheck`), the
 * recipient's referral terms, and whether an automation rule or a collaboration of the post
 * needs work after the charge. Read only; the rules are applied by `sendTip`.
 */
async function tipChecks(tx: Tx, payerId: string, body: TipBody): Promise<TipChecks> {
  const content = tippedContentCheck(payerId, body);
  const creator = sql`${body.recipientUserId}::uuid`;
  const collab =
    body.tipType === 'post' && content
      ? collaborationExists(sql`${body.contentId}::uuid`, creator)
      : sql<boolean>`false`;
  const { rows } = await sql<TipChecks>`
    select (select value from platform_settings where key = 'features') as features,
      c.account_type as creator_type,
      ${content ?? sql`null::boolean`} as content_ok,
      ${referralColumns(creator)},
      ${automationRuleExists(creator, 'tip_received')} as has_automation,
      ${collab} as has_collab
    from (select 1) as one
    left join users c on c.id = ${creator} and c.status in ('active', 'suspended')
      and c.deleted_at is null and ${notHiddenFrom(payerId, 'c.id')}`.execute(tx);
  const row = rows[0];
  if (!row) throw new Error('the tip checks returned no row');
  return row;
}

/** A tip of a batch, for `tipChecksOfBatch`. */
export interface BatchedTip {
  payerId: string;
  body: TipBody;
}

/**
 * `tipChecks` for a batch of tips in one statement whose text does not depend on the batch's
 * size: one row per tip, in order, with the same columns (each tip's own recipient, content,
 * referral terms, automation rule and collaboration, judged against its own payer).
 */
export async function tipChecksOfBatch(tx: Tx, tips: readonly BatchedTip[]): Promise<TipChecks[]> {
  const content = (t: BatchedTip) =>
    tippedContentCheck(t.payerId, t.body) === null ? null : (t.body.contentId ?? null);
  const at = {
    payer: sql`tip_in.payer`,
    creator: sql`tip_in.creator`,
    content: sql`tip_in.content`,
  };
  const { rows } = await sql<TipChecks & { ord: number | string }>`
    select tip_in.ord, (select value from platform_settings where key = 'features') as features,
      c.account_type as creator_type,
      case when tip_in.content is null then null::boolean
        when tip_in.tip_type = 'post' then ${tippedContentSql('post', at)}
        else ${tippedContentSql('chat', at)} end as content_ok,
      ${referralColumns(sql`tip_in.creator`)},
      ${automationRuleExists(sql`tip_in.creator`, 'tip_received')} as has_automation,
      (tip_in.tip_type = 'post' and tip_in.content is not null
        and ${collaborationExists(sql`tip_in.content`, sql`tip_in.creator`)}) as has_collab
    from unnest(${opaque(
      tips.map((t) => t.payerId),
      'uuid',
    )}, ${opaque(
      tips.map((t) => t.body.recipientUserId),
      'uuid',
    )}, ${opaque(
      tips.map((t) => t.body.tipType),
      'text',
    )}, ${opaque(tips.map(content), 'uuid')}) with ordinality as tip_in(payer, creator, tip_type, content, ord)
    left join lateral (select c.account_type from users c
      where c.id = tip_in.creator and c.status in ('active', 'suspended') and c.deleted_at is null
        and ${notHiddenFrom(sql<string>`tip_in.payer`, 'c.id')}) c on true
    order by tip_in.ord`.execute(tx);
  if (rows.length !== tips.length) throw new Error('the tip checks returned a row per tip');
  return rows.map(({ ord: _ord, ...row }) => row);
}
