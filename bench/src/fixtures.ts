import { createSession } from '@fanspace/server/src/platform/auth/sessions.ts';
import type { DatabaseHandle } from '@fanspace/server/src/platform/db/database.ts';
import { sql } from 'kysely';
import { accessLevelOf, benchId, followeeOf, levelIndexOf, type SeedPlan } from './seed/plan.ts';

/**
 * What the scenarios need from a seeded database, prepared before the server starts (PGlite
 * has one owner at a time): bearer tokens made with the app's own createSession, and how
 * many purchases exist (unlock runs continue where the last one stopped).
 */
export interface Fixtures {
  plan: SeedPlan;
  /** fans (user index > creators) used as viewers and payers */
  viewers: Array<{ index: number; id: string; token: string }>;
  /**
   * fans from the other end of the range (never viewers): the buyers of `unlock-spread`, each
   * with the number of posts it has bought so far (its next purchase continues from there)
   */
  buyers: Array<{ index: number; id: string; token: string; bought: number }>;
  /** chat pairs: a fan with a socket and the creator who writes to it */
  chatPairs: Array<{ chatId: string; fanToken: string; creatorToken: string }>;
  purchases: number;
}

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 50);

async function tokensFor(database: DatabaseHandle, indexes: number[]) {
  const tokens = new Map<number, string>();
  for (const index of indexes) {
    const { token } = await createSession(database.db, benchId('user', index), {
      userAgent: 'fanspace-bench',
      ttlDays: 1,
    });
    tokens.set(index, token);
  }
  return tokens;
}

export async function prepareFixtures(
  database: DatabaseHandle,
  plan: SeedPlan,
  sockets: number,
): Promise<Fixtures> {
  // old bench sessions would pile up run after run
  await sql`delete from sessions where user_agent = 'fanspace-bench'`.execute(database.db);
  const fans = plan.users - plan.creators;
  const viewerIdx = Array.from(
    { length: Math.min(VIEWERS, fans) },
    (_, i) => plan.creators + 1 + i,
  );
  const fanIdx = Array.from({ length: Math.min(sockets, fans) }, (_, i) => plan.creators + 1 + i);
  const buyerIdx = Array.from(
    { length: Math.max(0, Math.min(VIEWERS, fans - viewerIdx.length)) },
    (_, i) => plan.users - i,
  );
  const creatorIdx = [...new Set(fanIdx.map((i) => followeeOf(plan, i, 0)))];
  const tokens = await tokensFor(database, [
    ...new Set([...viewerIdx, ...fanIdx, ...creatorIdx, ...buyerIdx]),
  ]);
  const bought = new Map(
    buyerIdx.length === 0
      ? []
      : (
          await sql<{ buyer_id: string; n: number }>`select buyer_id, count(*)::int as n
              from content_purchases
              where buyer_id in (${sql.join(buyerIdx.map((i) => benchId('user', i)))})
              group by buyer_id`.execute(database.db)
        ).rows.map((r) => [r.buyer_id, r.n]),
  );
  const token = (i: number) => tokens.get(i) ?? '';
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from content_purchases`.execute(database.db);
  return {
    plan,
    viewers: viewerIdx.map((index) => ({ index, id: benchId('user', index), token: token(index) })),
    buyers: buyerIdx.map((index) => {
      const id = benchId('user', index);
      return { index, id, token: token(index), bought: bought.get(id) ?? 0 };
    }),
    chatPairs: fanIdx.map((i) => ({
      chatId: benchId('chat', i),
      fanToken: token(i),
      creatorToken: token(followeeOf(plan, i, 0)),
    })),
    purchases: rows[0]?.n ?? 0,
  };
}

/** Post j's index among creator c's posts is (j - c) / creators; the newest is the last. */
export function newestPublicCommentedPosts(plan: SeedPlan, count: number): string[] {
  const ids: string[] = [];
  for (let j = plan.posts; j > plan.posts - plan.commentedPosts && ids.length < count; j--)
    if (accessLevelOf(plan, j) === 'public') ids.push(benchId('post', j));
  return ids;
}

const paidIndexes = new Map<SeedPlan, number[]>();

/** The n-th paid post (a tenth of every creator's posts, plan.ts accessLevelOf), cyclically. */
export function paidPost(plan: SeedPlan, n: number): string {
  let paid = paidIndexes.get(plan);
  if (!paid) {
    paid = [];
    for (let j = 1; j <= plan.posts; j++) if (levelIndexOf(plan, j) === 0) paid.push(j);
    paidIndexes.set(plan, paid);
  }
  return benchId('post', paid[n % paid.length]!);
}
