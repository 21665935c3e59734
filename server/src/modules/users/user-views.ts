import type { MeUser, PublicUser } from '@fanspace/contracts';
import type { DbHandle } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import {
  loadOwnRelations,
  loadViewerRelations,
  type RelationFactsRow,
} from '../graph/graph.relations.ts';
import { presentMe, presentPublicUser } from './users.presenter.ts';
import { userNotFound } from './users.policy.ts';

/**
 * Presenters with the graph facts filled in: the own lists (blocked, restricted, following)
 * on the signed-in account, and the viewer's relation on other accounts.
 */

export async function meView(db: DbHandle, user: UserRow): Promise<MeUser> {
  return presentMe(user, await loadOwnRelations(db, user.id));
}

/**
 * One profile as `viewerId` sees it, from the viewer's relation to it (`relationFactColumns`).
 * An account that blocked the viewer answers 404, as if it did not exist (the graph module's
 * rule: a block is never revealed to the blocked user).
 */
export function presentProfile(
  viewerId: string | null,
  user: UserRow,
  facts: RelationFactsRow | undefined,
): PublicUser {
  if (!viewerId || viewerId === user.id) return presentPublicUser(user, undefined, viewerId);
  if (facts?.blocks_viewer) throw userNotFound();
  return presentPublicUser(
    user,
    facts
      ? {
          isFollowing: facts.is_following,
          isBlocked: facts.is_blocked,
          isRestricted: facts.is_restricted,
        }
      : undefined,
    viewerId,
  );
}

export async function publicListView(
  db: DbHandle,
  viewerId: string | null,
  users: UserRow[],
): Promise<PublicUser[]> {
  if (!viewerId) return users.map((u) => presentPublicUser(u));
  const relations = await loadViewerRelations(
    db,
    viewerId,
    users.map((u) => u.id),
  );
  return users.map((u) => presentPublicUser(u, relations.get(u.id), viewerId));
}
