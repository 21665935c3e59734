import type { DbHandle } from '../../platform/db/database.ts';
import type { IdentityVerificationRow } from '../../platform/db/schema.ts';

/** SQL of identity verification; every query is served by an index of the accounts migration. */

export function latestSubmission(
  db: DbHandle,
  userId: string,
): Promise<IdentityVerificationRow | undefined> {
  return db
    .selectFrom('identity_verifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function lockSubmission(
  db: DbHandle,
  id: string,
): Promise<IdentityVerificationRow | undefined> {
  return db
    .selectFrom('identity_verifications')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function findSubmission(
  db: DbHandle,
  id: string,
): Promise<IdentityVerificationRow | undefined> {
  return db
    .selectFrom('identity_verifications')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Oldest first (a review queue), keyset-paged on (created_at, id). */
export function pendingSubmissions(
  db: DbHandle,
  options: { limit: number; after?: { createdAt: Date; id: string } | undefined },
) {
  let query = db
    .selectFrom('identity_verifications as v')
    .innerJoin('users as u', 'u.id', 'v.user_id')
    .selectAll('v')
    .select(['u.username', 'u.email', 'u.display_name'])
    .where('v.status', '=', 'pending');
  const after = options.after;
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('v.created_at', '>', after.createdAt),
        eb.and([eb('v.created_at', '=', after.createdAt), eb('v.id', '>', after.id)]),
      ]),
    );
  return query.orderBy('v.created_at', 'asc').orderBy('v.id', 'asc').limit(options.limit).execute();
}
