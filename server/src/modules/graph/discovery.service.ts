import type { FeedbackResponse, FeedbackType, UserListResponse } from '@fanspace/contracts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { publicListView } from '../users/user-views.ts';
import {
  assertNotSelf,
  contradictingFeedback,
  isReachable,
  userIdOr404,
  userNotFound,
} from './graph.policy.ts';
import { findUser } from './graph.queries.ts';
import * as q from './discovery.queries.ts';

/**
 * Discovery lists (SPEC §7 /users/trending, /promoted-creators, /new, /signup-suggestions;
 * §9 defaults). Public: a visitor gets the global lists; a signed-in viewer never sees
 * themselves or anyone hidden by a block, and their relation flags come along.
 */

async function present(db: DbHandle, viewerId: string | null, users: UserRow[]) {
  return { users: await publicListView(db, viewerId, users) } satisfies UserListResponse;
}

/** Ranked by follows gained in the last 7 days, then by followers. */
export async function trendingCreators(db: DbHandle, viewerId: string | null, limit: number) {
  const filter = { viewerId, excludeNotInterested: true };
  const recent = await q.trendingByRecentFollows(db, filter, limit);
  if (recent.length >= limit) return present(db, viewerId, recent);
  // Fewer than `limit` creators gained follows recently, so every one of them is in `recent`
  // and the rest of the ranking is by followers alone: fill from the popular list.
  const ids = new Set(recent.map((u) => u.id));
  const fill = (await q.popularCreators(db, filter, limit + recent.length)).filter(
    (u) => !ids.has(u.id),
  );
  return present(db, viewerId, [...recent, ...fill].slice(0, limit));
}

export async function promotedCreators(db: DbHandle, viewerId: string | null, limit: number) {
  return present(db, viewerId, await q.promotedCreators(db, { viewerId }, limit));
}

export async function newestCreators(db: DbHandle, viewerId: string | null, limit: number) {
  return present(db, viewerId, await q.newestCreators(db, { viewerId }, limit));
}

/** Popular creators the viewer does not follow yet (SPEC §2 follow modal after first login). */
export async function signupSuggestions(db: DbHandle, viewerId: string | null, limit: number) {
  const filter = { viewerId, excludeNotInterested: true, excludeFollowed: true };
  return present(db, viewerId, await q.popularCreators(db, filter, limit));
}

/**
 * Stores feedback about an account. 'not_interested' takes the account out of the viewer's
 * trending and suggestions; 'show_more' withdraws it (and vice versa); 'report_spam' is kept
 * for moderation.
 */
export async function giveFeedback(
  db: DbHandle,
  viewerId: string,
  targetId: string,
  type: FeedbackType,
): Promise<FeedbackResponse> {
  userIdOr404(targetId);
  assertNotSelf(viewerId, targetId, 'give feedback on');
  return withTransaction(db, async (tx) => {
    const target = await findUser(tx, targetId);
    if (!target || !isReachable(target)) throw userNotFound();
    const withdrawn = contradictingFeedback(type);
    if (withdrawn) await q.deleteFeedback(tx, viewerId, targetId, withdrawn);
    await q.upsertFeedback(tx, viewerId, targetId, type);
    return { ok: true, feedbackType: type };
  });
}
