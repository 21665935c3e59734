import {
  homeFeedCount,
  homeFeedRows,
  homePageQuery,
} from '@fanspace/server/src/modules/posts/home-feed.queries.ts';
import { discoverRows } from '@fanspace/server/src/modules/posts/posts.queries.ts';
import { prefixTsQuery } from '@fanspace/server/src/modules/posts/posts.rules.ts';
import {
  postsByTextQuery,
  prefixTerms,
} from '@fanspace/server/src/modules/search/search.queries.ts';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { openTarget, scaleFromEnv, targetFromEnv } from './seed/index.ts';
import { benchId, planFor } from './seed/plan.ts';

/**
 * `npm run bench:explain`: EXPLAIN (ANALYZE, BUFFERS) of the feed queries for one bench viewer
 * on the seeded database, plus the naive single-join home feed the two-phase one replaced,
 * and the median time of 20 runs of each; the same for the text search of the `search`
 * scenario from both candidate sources (scan, term table), and the unbounded ranking before them. The plans quoted in docs/PERFORMANCE.md come
 * from here.
 */
const viewerIndex = (creators: number) => creators + 1;

function naiveHome(viewerId: string) {
  return sql`select posts.* from posts
    where posts.deleted_at is null and posts.published_at <= now()
      and exists (select 1 from users au where au.id = posts.user_id and au.status in ('active', 'suspended') and au.deleted_at is null)
      and not exists (select 1 from blocks b where b.blocker_id = ${viewerId} and b.blocked_id = posts.user_id)
      and not exists (select 1 from blocks b where b.blocker_id = posts.user_id and b.blocked_id = ${viewerId})
      and posts.user_id in (select followee_id from follows where follower_id = ${viewerId}
        union select creator_id from subscriptions where subscriber_id = ${viewerId} and status = 'active' and current_period_end > now()
        union select ${viewerId}::uuid)
    order by posts.published_at desc, posts.id desc limit 20`;
}

/** The search before the stored document: every match's vector recomputed and ranked. */
function unboundedSearch(tsQuery: string) {
  const document = sql`to_tsvector('simple', posts.caption || ' ' || posts.hashtags)`;
  const query = sql`to_tsquery('simple', ${tsQuery})`;
  return sql`select posts.* from posts
    where posts.deleted_at is null and posts.published_at <= now() and ${document} @@ ${query}
    order by ts_rank(${document}, ${query}) desc, posts.published_at desc, posts.id desc
    limit 21`;
}

async function measure(db: Kysely<unknown>, name: string, compiled: CompiledQuery) {
  const plan = await db.executeQuery({
    ...compiled,
    sql: `explain (analyze, buffers, costs off) ${compiled.sql}`,
  });
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await db.executeQuery(compiled);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `\n### ${name}: median ${times[10]!.toFixed(2)} ms, max ${times[19]!.toFixed(2)} ms\n`,
  );
  for (const row of plan.rows as Array<Record<string, string>>) console.log(row['QUERY PLAN']);
}

async function main() {
  const plan = planFor(scaleFromEnv());
  const database = await openTarget(targetFromEnv(plan.scale));
  const db = database.db as unknown as Kysely<unknown>;
  const viewer = benchId('user', viewerIndex(plan.creators));
  const window = { limit: 20, offset: 0 };
  const searchWindow = { limit: 21, offset: 0 };
  console.log(`scale ${plan.scale} (${plan.posts} posts), viewer ${viewer}`);
  try {
    await measure(db, 'naive home feed (one join, sort)', naiveHome(viewer).compile(db));
    await measure(
      db,
      'home feed rows (two-phase)',
      homeFeedRows(database.db, viewer, window).compile(),
    );
    await measure(
      db,
      'home feed count (capped)',
      homeFeedCount(database.db, viewer, window).compile(),
    );
    await measure(
      db,
      'home feed page as served (rows, facts, authors, media, total in one statement)',
      homePageQuery(database.db, viewer, window).compile(),
    );
    await measure(db, 'discover rows', discoverRows(database.db, viewer, window).compile());
    // the bench's search scenario asks q=tagN: a prefix matching tagN and tagN0..tagN9 (11% of
    // the posts) for N < 10, tagN alone (1%) above; a post's number is a rare term (1 post)
    for (const word of ['tag5', 'tag55', '424242']) {
      const tsQuery = prefixTsQuery(word) ?? `${word}:*`;
      if (word === 'tag5')
        await measure(
          db,
          `search ${word}, every match ranked (stored document's predecessor)`,
          unboundedSearch(tsQuery).compile(db),
        );
      await measure(
        db,
        `search ${word}, newest candidates by scan (GIN or posts_recent_idx)`,
        postsByTextQuery(database.db, viewer, tsQuery, searchWindow, 'scan').compile(),
      );
      const terms = await prefixTerms(database.db, word);
      await measure(
        db,
        `search ${word}, newest candidates from post_search_terms (${terms?.length ?? 0} terms)`,
        postsByTextQuery(database.db, viewer, tsQuery, searchWindow, {
          terms: terms ?? [],
        }).compile(),
      );
    }
  } finally {
    await database.close();
  }
}

await main();
