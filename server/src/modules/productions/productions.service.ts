import {
  ErrorCodes,
  PRODUCTION_MESSAGES,
  ProductionLimits,
  type CreateProductionBody,
  type DeleteProductionResponse,
  type Production,
  type ProductionsQuery,
  type ProductionsResponse,
  type UpdateProductionBody,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import type {
  ProductionCollaboratorJson,
  ProductionRow,
  UserRow,
} from '../../platform/db/schema.ts';
import { AppError, BadRequestError, ForbiddenError, NotFoundError } from '../../platform/errors.ts';

/**
 * Productions: a creator's production projects (title, description, status planned → shooting
 * → editing → published, shoot date, the model releases covering it, collaborators, the posts
 * it produced). Only their creator sees them; every linked release and post must be the
 * creator's own, checked on every write.
 */

type Ctx = Pick<AppContext, 'db'>;

export const productionNotFound = () =>
  new NotFoundError(PRODUCTION_MESSAGES.notFound, ErrorCodes.PRODUCTION_NOT_FOUND);

export function assertCreator(user: Pick<UserRow, 'account_type'>) {
  if (user.account_type !== 'creator')
    throw new ForbiddenError(ErrorCodes.ONLY_CREATORS, PRODUCTION_MESSAGES.onlyCreators);
}

function checkDate(date: string | null | undefined) {
  if (!date) return;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)
    throw new BadRequestError(PRODUCTION_MESSAGES.badDate, ErrorCodes.VALIDATION_FAILED, {
      field: 'shootDate',
    });
}

/** Linked releases, posts and collaborator accounts exist and (releases, posts) are the creator's. */
async function checkLinks(
  db: DbHandle,
  creatorId: string,
  body: Pick<UpdateProductionBody, 'releaseIds' | 'postIds' | 'collaborators'>,
) {
  const missing = async (
    ids: string[],
    table: 'model_releases' | 'posts',
    owner: 'creator_id' | 'user_id',
  ) => {
    if (ids.length === 0) return [];
    const lower = ids.map((id) => id.toLowerCase());
    const rows = await db
      .selectFrom(table)
      .select('id')
      .where('id', 'in', lower)
      .where(owner, '=', creatorId)
      .execute();
    const found = new Set(rows.map((r) => r.id));
    return lower.filter((id) => !found.has(id));
  };
  const releases = await missing(body.releaseIds ?? [], 'model_releases', 'creator_id');
  if (releases.length)
    throw new NotFoundError(PRODUCTION_MESSAGES.releaseNotFound, ErrorCodes.RELEASE_NOT_FOUND, {
      field: 'releaseIds',
      missingIds: releases,
    });
  const posts = await missing(body.postIds ?? [], 'posts', 'user_id');
  if (posts.length)
    throw new NotFoundError(PRODUCTION_MESSAGES.postNotFound, ErrorCodes.NOT_FOUND, {
      field: 'postIds',
      missingIds: posts,
    });
  const userIds = (body.collaborators ?? []).flatMap((c) =>
    c.userId ? [c.userId.toLowerCase()] : [],
  );
  if (userIds.length) {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', userIds)
      .where('status', '<>', 'deleted')
      .execute();
    const found = new Set(rows.map((r) => r.id));
    const absent = userIds.filter((id) => !found.has(id));
    if (absent.length)
      throw new NotFoundError(PRODUCTION_MESSAGES.userNotFound, ErrorCodes.NOT_FOUND, {
        field: 'collaborators',
        missingIds: absent,
      });
  }
}

const collaboratorsOf = (
  list: UpdateProductionBody['collaborators'],
): ProductionCollaboratorJson[] =>
  (list ?? []).map((c) => ({
    userId: c.userId?.toLowerCase() ?? null,
    name: c.name.trim(),
    role: (c.role ?? '').trim(),
  }));

async function present(db: DbHandle, rows: ProductionRow[]): Promise<Production[]> {
  const releaseIds = [...new Set(rows.flatMap((r) => r.release_ids))];
  const releases = releaseIds.length
    ? await db
        .selectFrom('model_releases')
        .select(['id', 'model_name', 'status'])
        .where('id', 'in', releaseIds)
        .execute()
    : [];
  const byId = new Map(releases.map((r) => [r.id, r]));
  const postIds = [...new Set(rows.flatMap((r) => r.post_ids))];
  const posts = postIds.length
    ? await db
        .selectFrom('posts')
        .select(['id', 'caption', 'created_at'])
        .where('id', 'in', postIds)
        .where('deleted_at', 'is', null)
        .execute()
    : [];
  const postById = new Map(posts.map((p) => [p.id, p]));
  return rows.map((row) => ({
    id: row.id,
    creatorId: row.creator_id,
    title: row.title,
    description: row.description,
    status: row.status,
    shootDate: row.shoot_date,
    releaseIds: row.release_ids,
    releases: row.release_ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [{ id: r.id, modelName: r.model_name, status: r.status }] : [];
    }),
    collaborators: row.collaborators,
    postIds: row.post_ids,
    posts: row.post_ids.flatMap((id) => {
      const p = postById.get(id);
      return p ? [{ id: p.id, caption: p.caption, createdAt: p.created_at.toISOString() }] : [];
    }),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }));
}

async function ownProduction(db: DbHandle, creatorId: string, id: string) {
  const row = await db
    .selectFrom('productions')
    .selectAll()
    .where('id', '=', id)
    .where('creator_id', '=', creatorId)
    .executeTakeFirst();
  if (!row) throw productionNotFound();
  return row;
}

export async function listProductions(
  ctx: Ctx,
  creatorId: string,
  query: ProductionsQuery,
): Promise<ProductionsResponse> {
  let base = ctx.db.selectFrom('productions').where('creator_id', '=', creatorId);
  if (query.status) base = base.where('status', '=', query.status);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return {
    productions: await present(ctx.db, rows),
    total,
    page: query.page,
    currentPage: query.page,
    totalPages: Math.ceil(total / query.limit),
    hasMore: query.page * query.limit < total,
  };
}

export async function getProduction(ctx: Ctx, creatorId: string, id: string): Promise<Production> {
  const [production] = await present(ctx.db, [await ownProduction(ctx.db, creatorId, id)]);
  return production!;
}

export async function createProduction(
  ctx: Ctx,
  creatorId: string,
  body: CreateProductionBody,
): Promise<Production> {
  const title = body.title.trim();
  if (!title)
    throw new BadRequestError('A production needs a title', ErrorCodes.VALIDATION_FAILED, {
      field: 'title',
    });
  checkDate(body.shootDate);
  const row = await withTransaction(ctx.db, async (tx) => {
    const owned = await tx
      .selectFrom('productions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('creator_id', '=', creatorId)
      .executeTakeFirstOrThrow();
    if (Number(owned.n) >= ProductionLimits.ownedMax)
      throw new AppError(429, ErrorCodes.LIMIT_REACHED, PRODUCTION_MESSAGES.tooMany);
    await checkLinks(tx, creatorId, body);
    return tx
      .insertInto('productions')
      .values({
        creator_id: creatorId,
        title,
        description: (body.description ?? '').trim(),
        status: body.status ?? 'planned',
        shoot_date: body.shootDate ?? null,
        release_ids: JSON.stringify((body.releaseIds ?? []).map((id) => id.toLowerCase())),
        collaborators: JSON.stringify(collaboratorsOf(body.collaborators)),
        post_ids: JSON.stringify((body.postIds ?? []).map((id) => id.toLowerCase())),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  const [production] = await present(ctx.db, [row]);
  return production!;
}

export async function updateProduction(
  ctx: Ctx,
  creatorId: string,
  id: string,
  body: UpdateProductionBody,
): Promise<Production> {
  if (body.title !== undefined && !body.title.trim())
    throw new BadRequestError('A production needs a title', ErrorCodes.VALIDATION_FAILED, {
      field: 'title',
    });
  checkDate(body.shootDate);
  const row = await withTransaction(ctx.db, async (tx) => {
    await ownProduction(tx, creatorId, id);
    await checkLinks(tx, creatorId, body);
    return tx
      .updateTable('productions')
      .set({
        ...(body.title !== undefined ? { title: body.title.trim() } : {}),
        ...(body.description !== undefined ? { description: body.description.trim() } : {}),
        ...(body.status ? { status: body.status } : {}),
        ...(body.shootDate !== undefined ? { shoot_date: body.shootDate } : {}),
        ...(body.releaseIds
          ? { release_ids: JSON.stringify(body.releaseIds.map((r) => r.toLowerCase())) }
          : {}),
        ...(body.collaborators
          ? { collaborators: JSON.stringify(collaboratorsOf(body.collaborators)) }
          : {}),
        ...(body.postIds
          ? { post_ids: JSON.stringify(body.postIds.map((p) => p.toLowerCase())) }
          : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  const [production] = await present(ctx.db, [row]);
  return production!;
}

export async function deleteProduction(
  ctx: Ctx,
  creatorId: string,
  id: string,
): Promise<DeleteProductionResponse> {
  const row = await ctx.db
    .deleteFrom('productions')
    .where('id', '=', id)
    .where('creator_id', '=', creatorId)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw productionNotFound();
  return { ok: true, productionId: id, message: PRODUCTION_MESSAGES.deleted };
}
