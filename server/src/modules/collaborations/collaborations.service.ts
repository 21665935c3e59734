import {
  ErrorCodes,
  type Collaboration,
  type CollaborationsResponse,
  type CreateCollaborationBody,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { CollaborationRow } from '../../platform/db/schema.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { iso, kitUsers, liveUser } from '../creator-kit/kit-common.ts';
import { blockedEitherWay } from '../graph/graph.relations.ts';
import { notify } from '../notifications/notify.ts';
import { units } from '../ledger/money.ts';
import { postNotFound } from '../posts/posts.policy.ts';
import { userNotFound } from '../users/users.policy.ts';

/**
 * Collaborations: the owner of a post invites another creator with a revenue split; the
 * invitee accepts or declines; either side may end it (DELETE). Only the two of them ever see
 * it (anyone else's id is a 404). The money side is collaborations.split.ts.
 */
type Ctx = Pick<AppContext, 'db'>;

const collabNotFound = () =>
  new NotFoundError('Collaboration not found', ErrorCodes.COLLABORATION_NOT_FOUND);

type Row = CollaborationRow & { caption: string | null };

async function present(db: DbHandle, viewerId: string, rows: Row[]): Promise<Collaboration[]> {
  const userOf = await kitUsers(
    db,
    rows.flatMap((r) => [r.owner_id, r.collaborator_id]),
  );
  return rows.map((r) => ({
    id: r.id,
    postId: r.post_id,
    postCaption: r.caption,
    ownerId: r.owner_id,
    owner: userOf(r.owner_id),
    collaboratorId: r.collaborator_id,
    collaborator: userOf(r.collaborator_id),
    splitPercent: r.split_percent,
    status: r.status,
    direction: r.owner_id === viewerId ? 'sent' : 'received',
    earned: units(Number(r.earned_cents)),
    earnedCents: Number(r.earned_cents),
    createdAt: iso(r.created_at),
    respondedAt: r.responded_at ? iso(r.responded_at) : null,
  }));
}

function withCaption(db: DbHandle) {
  return db
    .selectFrom('collaborations')
    .leftJoin('posts', 'posts.id', 'collaborations.post_id')
    .selectAll('collaborations')
    .select('posts.caption');
}

async function one(db: DbHandle, viewerId: string, id: string) {
  const row = await withCaption(db).where('collaborations.id', '=', id).executeTakeFirstOrThrow();
  return (await present(db, viewerId, [row]))[0]!;
}

export async function listCollaborations(
  ctx: Ctx,
  viewerId: string,
): Promise<CollaborationsResponse> {
  const [sent, received] = await Promise.all([
    withCaption(ctx.db)
      .where('collaborations.owner_id', '=', viewerId)
      .orderBy('collaborations.created_at', 'desc')
      .limit(200)
      .execute(),
    withCaption(ctx.db)
      .where('collaborations.collaborator_id', '=', viewerId)
      .orderBy('collaborations.created_at', 'desc')
      .limit(200)
      .execute(),
  ]);
  return {
    sent: await present(ctx.db, viewerId, sent),
    received: await present(ctx.db, viewerId, received),
  };
}

/** One collaboration of the viewer's, either side (anyone else's or a malformed id: 404). */
export async function getCollaboration(
  ctx: Ctx,
  viewerId: string,
  id: string,
): Promise<Collaboration> {
  if (!isUuid(id)) throw collabNotFound();
  const row = await withCaption(ctx.db)
    .where('collaborations.id', '=', id)
    .where((eb) =>
      eb.or([
        eb('collaborations.owner_id', '=', viewerId),
        eb('collaborations.collaborator_id', '=', viewerId),
      ]),
    )
    .executeTakeFirst();
  if (!row) throw collabNotFound();
  return (await present(ctx.db, viewerId, [row]))[0]!;
}

export async function inviteCollaborator(
  ctx: Ctx,
  ownerId: string,
  body: CreateCollaborationBody,
): Promise<Collaboration> {
  if (body.collaboratorId === ownerId)
    throw new BadRequestError('You cannot invite yourself', ErrorCodes.CANNOT_TARGET_SELF, {
      field: 'collaboratorId',
    });
  const post = await ctx.db
    .selectFrom('posts')
    .select('id')
    .where('id', '=', body.postId)
    .where('user_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!post) throw postNotFound();
  const collaborator = await liveUser(ctx.db, body.collaboratorId);
  if (!collaborator || (await blockedEitherWay(ctx.db, ownerId, collaborator.id)))
    throw userNotFound();
  if (collaborator.account_type !== 'creator')
    throw new BadRequestError(
      'Only creators can collaborate on posts',
      ErrorCodes.VALIDATION_FAILED,
      {
        field: 'collaboratorId',
      },
    );
  try {
    const row = await withTransaction(ctx.db, async (tx) => {
      const inserted = await tx
        .insertInto('collaborations')
        .values({
          post_id: post.id,
          owner_id: ownerId,
          collaborator_id: collaborator.id,
          split_percent: body.splitPercent,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await notify(tx, {
        userId: collaborator.id,
        actorId: ownerId,
        type: 'collaboration',
        relatedId: inserted.id,
        relatedType: 'collaboration',
        data: {
          event: 'invited',
          postId: post.id,
          splitPercent: body.splitPercent,
          url: '/collaborations',
          message: `You were invited to collaborate on a post for a ${body.splitPercent} % split.`,
        },
      });
      return inserted;
    });
    return one(ctx.db, ownerId, row.id);
  } catch (error) {
    if (isUniqueViolation(error, 'collaborations_post_live_idx'))
      throw new ConflictError(
        ErrorCodes.COLLABORATION_EXISTS,
        'This post already has a collaborator (invited or accepted)',
      );
    throw error;
  }
}

/** The invitee answers a pending invite: accepted (revenue is split from now on) or declined. */
export async function answerInvite(
  ctx: Ctx,
  viewerId: string,
  id: string,
  answer: 'accepted' | 'declined',
): Promise<Collaboration> {
  await withTransaction(ctx.db, async (tx) => {
    const row = await tx
      .selectFrom('collaborations')
      .select(['id', 'status', 'owner_id', 'post_id'])
      .where('id', '=', id)
      .where('collaborator_id', '=', viewerId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw collabNotFound();
    if (row.status !== 'pending')
      throw new ConflictError(
        ErrorCodes.INVALID_TRANSITION,
        `This invite was already ${row.status}`,
        {
          status: row.status,
        },
      );
    await tx
      .updateTable('collaborations')
      .set({ status: answer, responded_at: new Date() })
      .where('id', '=', id)
      .execute();
    await notify(tx, {
      userId: row.owner_id,
      actorId: viewerId,
      type: 'collaboration',
      relatedId: id,
      relatedType: 'collaboration',
      data: {
        event: answer,
        postId: row.post_id,
        url: '/collaborations',
        message: `Your collaboration invite was ${answer}.`,
      },
    });
  });
  return one(ctx.db, viewerId, id);
}

/** Either side ends it: the owner withdraws the invite, the collaborator leaves. */
export async function endCollaboration(ctx: Ctx, viewerId: string, id: string) {
  const row = await ctx.db
    .deleteFrom('collaborations')
    .where('id', '=', id)
    .where((eb) => eb.or([eb('owner_id', '=', viewerId), eb('collaborator_id', '=', viewerId)]))
    .returning('id')
    .executeTakeFirst();
  if (!row) throw collabNotFound();
  return { ok: true as const, id: row.id };
}
