import { sql } from 'kysely';
import type { DbHandle } from '../../platform/db/database.ts';
import type { BetaCodeRow } from '../../platform/db/schema.ts';

/** SQL of the beta gate. */

/**
 * Takes one use of a live code in a single UPDATE. Concurrent callers queue on the row lock
 * and PostgreSQL re-checks `uses < max_uses` against the committed row, so a code is never
 * used more than max_uses times. Returns false when the code is unknown, expired or used up.
 */
export async function takeCodeUse(db: DbHandle, code: string): Promise<boolean> {
  const row = await db
    .updateTable('beta_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('code', '=', code)
    .whereRef('uses', '<', 'max_uses')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function findCode(db: DbHandle, code: string): Promise<BetaCodeRow | undefined> {
  return db.selectFrom('beta_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

export function grantAccess(db: DbHandle, userId: string) {
  return db
    .updateTable('users')
    .set({ beta_access_at: sql<Date>`coalesce(beta_access_at, now())` })
    .where('id', '=', userId)
    .execute();
}

/** Active features with the user's own switch (false without a user or a saved choice). */
export function listFeatures(db: DbHandle, userId: string | null) {
  return db
    .selectFrom('beta_features as f')
    .leftJoin('user_beta_features as uf', (join) =>
      join.onRef('uf.feature_id', '=', 'f.id').on('uf.user_id', '=', userId ?? sql<string>`null`),
    )
    .select(['f.id', 'f.name', 'f.description'])
    .select((eb) => eb.fn.coalesce('uf.enabled', sql<boolean>`false`).as('userEnabled'))
    .where('f.active', '=', true)
    .orderBy('f.sort_order')
    .orderBy('f.id')
    .execute();
}

export function findActiveFeature(db: DbHandle, id: string) {
  return db
    .selectFrom('beta_features')
    .select(['id', 'name', 'description'])
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst();
}

export function setUserFeature(db: DbHandle, userId: string, featureId: string, enabled: boolean) {
  return db
    .insertInto('user_beta_features')
    .values({ user_id: userId, feature_id: featureId, enabled })
    .onConflict((oc) =>
      oc.columns(['user_id', 'feature_id']).doUpdateSet({ enabled, updated_at: new Date() }),
    )
    .execute();
}
