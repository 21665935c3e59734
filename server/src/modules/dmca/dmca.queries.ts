import type { DbHandle } from '../../platform/db/database.ts';
import type { DmcaNoticeRow } from '../../platform/db/schema.ts';

/** SQL of rights notices and the posts they name. */

/** Live posts among `ids` with their authors. */
export const livePosts = (db: DbHandle, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('posts')
        .select(['id', 'user_id'])
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .execute();

/** noticeId → the ids of the posts it names, for a page of notices in one query. */
export async function postIdsOf(db: DbHandle, noticeIds: string[]) {
  const map = new Map<string, string[]>();
  if (noticeIds.length === 0) return map;
  const rows = await db
    .selectFrom('dmca_notice_posts')
    .select(['notice_id', 'post_id'])
    .where('notice_id', 'in', noticeIds)
    .orderBy('post_id')
    .execute();
  for (const r of rows) map.set(r.notice_id, [...(map.get(r.notice_id) ?? []), r.post_id]);
  return map;
}

export const lockNotice = (db: DbHandle, id: string) =>
  db.selectFrom('dmca_notices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const findNotice = (db: DbHandle, id: string) =>
  db.selectFrom('dmca_notices').selectAll().where('id', '=', id).executeTakeFirst();

/** Notices filed by this account, or under this (verified) address before signing in. */
export function filedBy(db: DbHandle, userId: string, email: string | null) {
  return db
    .selectFrom('dmca_notices')
    .selectAll()
    .where((eb) =>
      email
        ? eb.or([eb('user_id', '=', userId), eb(eb.fn('lower', ['email']), '=', email)])
        : eb('user_id', '=', userId),
    )
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
}

/** Notices that took down (or were answered about) posts of this creator. */
export function againstCreator(db: DbHandle, creatorId: string) {
  return db
    .selectFrom('dmca_notices as n')
    .selectAll('n')
    .where('n.status', 'in', ['actioned', 'countered', 'restored', 'upheld'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('dmca_notice_posts as p')
          .select('p.post_id')
          .whereRef('p.notice_id', '=', 'n.id')
          .where('p.creator_id', '=', creatorId),
      ),
    )
    .orderBy('n.created_at', 'desc')
    .limit(100)
    .execute();
}

export const isAffectedCreator = (db: DbHandle, noticeId: string, userId: string) =>
  db
    .selectFrom('dmca_notice_posts')
    .select('post_id')
    .where('notice_id', '=', noticeId)
    .where('creator_id', '=', userId)
    .executeTakeFirst()
    .then(Boolean);

export async function adminPage(
  db: DbHandle,
  filter: { status?: DmcaNoticeRow['status'] | undefined },
  window: { limit: number; offset: number },
) {
  let base = db.selectFrom('dmca_notices');
  if (filter.status) base = base.where('status', '=', filter.status);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return { total: Number(total), rows };
}

/** The posts this notice's takedown removed, with the time it removed them. */
export async function removedPosts(db: DbHandle, noticeId: string) {
  const rows = await db
    .selectFrom('dmca_notice_posts')
    .select(['post_id', 'creator_id', 'removed_at'])
    .where('notice_id', '=', noticeId)
    .where('removed_at', 'is not', null)
    .orderBy('post_id')
    .execute();
  return rows.map((r) => ({ ...r, removed_at: r.removed_at! }));
}
