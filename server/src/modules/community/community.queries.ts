import { sql, type Insertable, type Updateable } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import type { RoadmapItemsTable } from '../../platform/db/schema.ts';

/** SQL of the community pages: suggestions and votes, roadmap, contact messages, feedback. */

/** Suggestions with their author's username, roadmap item and whether the viewer voted. */
export function suggestionBase(db: DbHandle, viewerId: string | null) {
  return db
    .selectFrom('suggestions as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('roadmap_items as r', 'r.id', 's.roadmap_item_id')
    .selectAll('s')
    .select(['u.username', 'r.title as roadmap_title'])
    .select(
      viewerId
        ? sql<boolean>`exists (select 1 from suggestion_votes v where v.suggestion_id = s.id and v.user_id = ${viewerId})`.as(
            'voted',
          )
        : sql<boolean>`false`.as('voted'),
    );
}

/** Every suggestion (the page shows them all; capped at 500), most votes or newest first. */
export function listSuggestions(db: DbHandle, viewerId: string | null, sort: 'top' | 'new') {
  let query = suggestionBase(db, viewerId);
  query =
    sort === 'top'
      ? query.orderBy('s.votes_count', 'desc').orderBy('s.created_at', 'desc')
      : query.orderBy('s.created_at', 'desc');
  return query.orderBy('s.id').limit(500).execute();
}
export type SuggestionListRow = Awaited<ReturnType<typeof listSuggestions>>[number];

export const findSuggestion = (db: DbHandle, id: string, viewerId: string | null) =>
  suggestionBase(db, viewerId).where('s.id', '=', id).executeTakeFirst();

export async function insertSuggestion(
  db: DbHandle,
  values: { userId: string; title: string; description: string },
) {
  return db
    .insertInto('suggestions')
    .values({ user_id: values.userId, title: values.title, description: values.description })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Adds or removes one vote; the counter moves only when a row was really added or removed. */
export async function setVote(db: DbHandle, suggestionId: string, userId: string, on: boolean) {
  const changed = on
    ? await db
        .insertInto('suggestion_votes')
        .values({ suggestion_id: suggestionId, user_id: userId })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst()
        .then((r) => Number(r.numInsertedOrUpdatedRows ?? 0))
    : await db
        .deleteFrom('suggestion_votes')
        .where('suggestion_id', '=', suggestionId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
        .then((r) => Number(r.numDeletedRows));
  if (changed > 0)
    await db
      .updateTable('suggestions')
      .set((eb) => ({ votes_count: eb('votes_count', '+', on ? 1 : -1) }))
      .where('id', '=', suggestionId)
      .execute();
}

// ---- roadmap ----
export const listRoadmap = (db: DbHandle) =>
  db
    .selectFrom('roadmap_items')
    .selectAll()
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .limit(500)
    .execute();

export const insertRoadmapItem = (db: DbHandle, values: Insertable<RoadmapItemsTable>) =>
  db.insertInto('roadmap_items').values(values).returningAll().executeTakeFirstOrThrow();

export const updateRoadmapItem = (
  db: DbHandle,
  id: string,
  values: Updateable<RoadmapItemsTable>,
) =>
  db
    .updateTable('roadmap_items')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

export const deleteRoadmapItem = (db: DbHandle, id: string) =>
  db.deleteFrom('roadmap_items').where('id', '=', id).returning('id').executeTakeFirst();

// ---- team ----
/** Active admin accounts are the team (the back office decides who is on it). */
export const listTeam = (db: DbHandle) =>
  db
    .selectFrom('users')
    .select(['id', 'username', 'display_name', 'avatar_url', 'bio'])
    .where('is_admin', '=', true)
    .where('status', '=', 'active')
    .orderBy('created_at')
    .limit(100)
    .execute();

// ---- contact and feedback (admin lists, newest first) ----
export async function listContactMessages(db: DbHandle, window: { limit: number; offset: number }) {
  const [{ total }, rows] = await Promise.all([
    db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('contact_messages')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return { total: Number(total), rows };
}

export async function listSiteFeedback(db: DbHandle, window: { limit: number; offset: number }) {
  const [summary, rows] = await Promise.all([
    db
      .selectFrom('site_feedback')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.avg<string | null>('rating').as('average'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('site_feedback as f')
      .leftJoin('users as u', 'u.id', 'f.user_id')
      .selectAll('f')
      .select(['u.username'])
      .orderBy('f.created_at', 'desc')
      .orderBy('f.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return {
    total: Number(summary.total),
    average: summary.average === null ? null : Number(summary.average),
    rows,
  };
}
