import {
  ErrorCodes,
  MESSAGE_MEDIA_MAX,
  type MassMessage,
  type MassMessageBody,
} from '@fanspace/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle, type Tx } from '../../platform/db/database.ts';
import type { MediaItemRow } from '../../platform/db/schema.ts';
import { AppError, BadRequestError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';
import { blockedEitherWay, isRestrictedBy } from '../graph/graph.relations.ts';
import { units } from '../ledger/money.ts';
import { getOwnedMedia } from '../media/media.service.ts';
import { isUuid } from '../../platform/ids.ts';
import { cleanText } from '../users/profile-rules.ts';
import { lockChats, pairKey } from './chats.queries.ts';
import { insertMessage } from './messages.service.ts';
import { NO_PAID_PARTS, readLocked, type PaidCtx } from './paid-parts.ts';
import { featureEnabled, limits } from '../../platform/settings.ts';

/**
 * Creator mass messages: POST /chats/mass-messages stores the request and enqueues one job in
 * the same transaction (202 with its id). The job sends one 1:1 message per member of the
 * segment (active subscribers, followers, or one of the creator's user groups), creating or
 * reusing the chat, in batches of BATCH per transaction; blocked and gone accounts are
 * skipped. A retried job skips recipients who already got their message, so nobody gets two.
 * Each message publishes `message_new` after its batch commits.
 */

export const MASS_MESSAGE_JOB = 'chats.mass-message';
export const MASS_MESSAGE_ATTEMPTS = 3;
const BATCH = 100;

const massMessageNotFound = () =>
  new NotFoundError('Mass message not found', ErrorCodes.MASS_MESSAGE_NOT_FOUND);

const refId = (ref: string | { id: string }) => (typeof ref === 'string' ? ref : ref.id);

interface StoredContent {
  mediaIds?: string[];
  lockedCents?: number | null;
  teaserId?: string | null;
  teaserText?: string | null;
}

type MassRow = {
  id: string;
  sender_id: string;
  text: string;
  segment: 'subscribers' | 'followers' | 'group';
  user_group_id: string | null;
  content: Record<string, unknown>;
  status: 'queued' | 'running' | 'completed' | 'failed';
  recipient_count: number;
  sent_count: number;
  skipped_count: number;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
};

export function presentMassMessage(row: MassRow): MassMessage {
  const content = row.content as StoredContent;
  return {
    id: row.id,
    jobId: row.id,
    status: row.status,
    segment: row.segment,
    userGroupId: row.user_group_id,
    text: row.text,
    price: typeof content.lockedCents === 'number' ? units(content.lockedCents) : null,
    recipientCount: row.recipient_count,
    sentCount: row.sent_count,
    skippedCount: row.skipped_count,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}

/** POST /chats/mass-messages (creators). Everything refusable is checked here, not in the job. */
export async function createMassMessage(
  ctx: PaidCtx,
  senderId: string,
  body: MassMessageBody,
): Promise<MassMessage> {
  if (!(await featureEnabled(ctx.db, 'massMessages')))
    throw new ForbiddenError(
      ErrorCodes.FEATURE_UNAVAILABLE,
      'Mass messages are switched off on this server',
    );
  const { massMessagesPerDay } = await limits(ctx.db);
  const startOfDay = new Date();
  startOfDay.setUTCHours(0, 0, 0, 0);
  const sentToday = await ctx.db
    .selectFrom('mass_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sender_id', '=', senderId)
    .where('created_at', '>=', startOfDay)
    .executeTakeFirstOrThrow();
  if (Number(sentToday.n) >= massMessagesPerDay)
    throw new AppError(
      429,
      ErrorCodes.LIMIT_REACHED,
      `You can send ${massMessagesPerDay} mass messages a day; try again tomorrow`,
    );
  const text = cleanText(body.text ?? '').trim();
  let groupId: string | null = null;
  if (body.segment === 'group') {
    const raw = body.userGroupId?.toLowerCase() ?? '';
    const group = isUuid(raw)
      ? await ctx.db
          .selectFrom('user_groups')
          .select('id')
          .where('id', '=', raw)
          .where('owner_id', '=', senderId)
          .executeTakeFirst()
      : undefined;
    if (!body.userGroupId)
      throw new BadRequestError('userGroupId is required for the group segment', undefined, {
        field: 'userGroupId',
      });
    if (!group) throw new NotFoundError('User group not found');
    groupId = group.id;
  } else if (body.userGroupId) {
    throw new BadRequestError('userGroupId is only for the group segment', undefined, {
      field: 'userGroupId',
    });
  }
  const ids = [
    ...(body.selectedMediaItems ?? []),
    ...(body.lockedContent?.mediaItems ?? []),
    ...(body.lockedContent?.selectedMediaItems ?? []),
  ].map((r) => refId(r).toLowerCase());
  const unique = [...new Set(ids)];
  if (unique.length > MESSAGE_MEDIA_MAX)
    throw new BadRequestError(`A message holds at most ${MESSAGE_MEDIA_MAX} media items`);
  const media = unique.length > 0 ? await getOwnedMedia(ctx.db, senderId, unique) : [];
  const locked = body.lockedContent ? await readLocked(ctx, senderId, body.lockedContent) : null;
  if (locked && media.length === 0)
    throw new BadRequestError('Locked content needs at least one media item to sell', undefined, {
      field: 'lockedContent',
    });
  if (text === '' && media.length === 0)
    throw new BadRequestError('A message needs text or media', undefined, { field: 'text' });
  const content: StoredContent = {
    mediaIds: media.map((m) => m.id),
    lockedCents: locked?.cents ?? null,
    teaserId: locked?.teaser?.id ?? null,
    teaserText: locked?.teaserText ?? null,
  };
  const row = await withTransaction(ctx.db, async (tx) => {
    const inserted = await tx
      .insertInto('mass_messages')
      .values({
        sender_id: senderId,
        text,
        segment: body.segment,
        user_group_id: groupId,
        content: JSON.stringify(content),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await ctx.jobs.enqueue(
      tx,
      MASS_MESSAGE_JOB,
      { massMessageId: inserted.id },
      { maxAttempts: MASS_MESSAGE_ATTEMPTS },
    );
    return inserted;
  });
  return presentMassMessage(row);
}

export async function getMassMessage(db: DbHandle, senderId: string, rawId: string) {
  const id = rawId.toLowerCase();
  const row = isUuid(id)
    ? await db
        .selectFrom('mass_messages')
        .selectAll()
        .where('id', '=', id)
        .where('sender_id', '=', senderId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw massMessageNotFound();
  return presentMassMessage(row);
}

export async function listMassMessages(db: DbHandle, senderId: string) {
  const rows = await db
    .selectFrom('mass_messages')
    .selectAll()
    .where('sender_id', '=', senderId)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
  return rows.map(presentMassMessage);
}

/** Members of the segment: live accounts other than the sender, in a stable order. */
async function recipients(db: DbHandle, row: MassRow): Promise<string[]> {
  let ids: string[];
  if (row.segment === 'subscribers') {
    const rows = await db
      .selectFrom('subscriptions')
      .select('subscriber_id as id')
      .where('creator_id', '=', row.sender_id)
      .where('status', 'in', ['active', 'canceled'])
      .where('current_period_end', '>', sql<Date>`now()`)
      .execute();
    ids = rows.map((r) => r.id);
  } else if (row.segment === 'followers') {
    const rows = await db
      .selectFrom('follows')
      .select('follower_id as id')
      .where('followee_id', '=', row.sender_id)
      .execute();
    ids = rows.map((r) => r.id);
  } else {
    const rows = row.user_group_id
      ? await db
          .selectFrom('user_group_members')
          .select('member_id as id')
          .where('group_id', '=', row.user_group_id)
          .execute()
      : [];
    ids = rows.map((r) => r.id);
  }
  const unique = [...new Set(ids)].filter((id) => id !== row.sender_id).sort();
  if (unique.length === 0) return [];
  const live = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', unique)
    .where('status', 'not in', ['deleted', 'banned'])
    .where('deleted_at', 'is', null)
    .execute();
  const ok = new Set(live.map((u) => u.id));
  return unique.filter((id) => ok.has(id));
}

/** The 1:1 chat of the pair, created (with its participants) when missing. */
export async function chatWith(tx: Tx, senderId: string, recipientId: string): Promise<string> {
  const key = pairKey(senderId, recipientId);
  const inserted = await tx
    .insertInto('chats')
    .values({ pair_key: key })
    .onConflict((oc) => oc.column('pair_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    const restricted = await isRestrictedBy(tx, recipientId, senderId);
    await tx
      .insertInto('chat_participants')
      .values([
        { chat_id: inserted.id, user_id: senderId },
        {
          chat_id: inserted.id,
          user_id: recipientId,
          folder: restricted ? 'requests' : 'inbox',
        },
      ])
      .execute();
    return inserted.id;
  }
  const chat = await tx
    .selectFrom('chats')
    .select('id')
    .where('pair_key', '=', key)
    .executeTakeFirstOrThrow();
  return chat.id;
}

/** The job: sends what is not sent yet, batch by batch; marks the row completed (or failed). */
export async function runMassMessage(
  ctx: PaidCtx & Pick<AppContext, 'config'>,
  id: string,
  attempt = 1,
) {
  const row = await ctx.db
    .selectFrom('mass_messages')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.status === 'completed' || row.status === 'failed') return;
  const content = row.content as StoredContent;
  const mediaIds = content.mediaIds ?? [];
  const all = await recipients(ctx.db, row);
  await ctx.db
    .updateTable('mass_messages')
    .set({ status: 'running', recipient_count: all.length })
    .where('id', '=', id)
    .execute();
  try {
    for (let start = 0; start < all.length; start += BATCH) {
      const batch = all.slice(start, start + BATCH);
      await withTransaction(ctx.db, async (tx) => {
        // items deleted from the vault since the request are simply no longer sent
        const media: MediaItemRow[] =
          mediaIds.length > 0
            ? await tx
                .selectFrom('media_items')
                .selectAll()
                .where('id', 'in', mediaIds)
                .where('owner_id', '=', row.sender_id)
                .where('deleted_at', 'is', null)
                .execute()
            : [];
        const teaser = content.teaserId
          ? ((await tx
              .selectFrom('media_items')
              .selectAll()
              .where('id', '=', content.teaserId)
              .where('deleted_at', 'is', null)
              .executeTakeFirst()) ?? null)
          : null;
        let sent = 0;
        let skipped = 0;
        for (const recipientId of batch) {
          if (await blockedEitherWay(tx, row.sender_id, recipientId)) {
            skipped += 1;
            continue;
          }
          const chatId = await chatWith(tx, row.sender_id, recipientId);
          const already = await tx
            .selectFrom('messages')
            .select('id')
            .where('chat_id', '=', chatId)
            .where('mass_message_id', '=', row.id)
            .executeTakeFirst();
          if (already) continue;
          await lockChats(tx, [chatId]);
          const ordered = mediaIds
            .map((mid) => media.find((m) => m.id === mid))
            .filter((m): m is MediaItemRow => m !== undefined);
          const lockedCents = ordered.length > 0 ? (content.lockedCents ?? null) : null;
          if (row.text === '' && ordered.length === 0) {
            skipped += 1;
            continue;
          }
          await insertMessage(ctx, tx, {
            chatId,
            senderId: row.sender_id,
            others: [recipientId],
            text: row.text,
            quotedId: null,
            media: { image: null, video: null, voice: null, items: ordered },
            voiceDuration: null,
            paid: {
              ...NO_PAID_PARTS,
              lockedCents,
              teaser: lockedCents !== null ? teaser : null,
              teaserText: lockedCents !== null ? (content.teaserText ?? null) : null,
            },
            massMessageId: row.id,
          });
          sent += 1;
        }
        await tx
          .updateTable('mass_messages')
          .set((eb) => ({
            sent_count: eb('sent_count', '+', sent),
            skipped_count: eb('skipped_count', '+', skipped),
          }))
          .where('id', '=', row.id)
          .execute();
      });
    }
    await ctx.db
      .updateTable('mass_messages')
      .set({ status: 'completed', finished_at: new Date() })
      .where('id', '=', id)
      .execute();
  } catch (err) {
    ctx.log.error({ err, massMessageId: id }, 'mass message failed');
    const final = attempt >= MASS_MESSAGE_ATTEMPTS;
    await ctx.db
      .updateTable('mass_messages')
      .set({
        error: err instanceof Error ? err.message.slice(0, 300) : 'failed',
        ...(final ? { status: 'failed' as const, finished_at: new Date() } : {}),
      })
      .where('id', '=', id)
      .execute();
    // the job runner retries; recipients already served are skipped then
    throw err;
  }
}
