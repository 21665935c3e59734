import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { withTransaction } from '../../platform/db/database.ts';
import { actor, call, insertPost, type Actor } from '../posts/posts.test-kit.ts';
import {
  postsByText,
  postsByTextQuery,
  SEARCH_CANDIDATES,
  type MatchSource,
} from './search.queries.ts';

/**
 * The bounded text search (docs/PERFORMANCE.md "Search"): matches are read from the stored
 * `posts.search_document`, and only the newest SEARCH_CANDIDATES matches are ranked; older
 * matches follow them newest first.
 */

let server: TestServer;
let creator: Actor;
beforeAll(async () => {
  server = await createTestServer();
  creator = await actor(server, 'creator');
});
afterAll(() => server.close());

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe('bounded search ranking', () => {
  it('keeps the stored document in step with caption and hashtags', async () => {
    const post = await insertPost(server, creator.user, { caption: 'quartzlake morning' });
    const find = async (word: string) =>
      (await call(server, null, 'GET', `/search?q=${word}&filter=posts`)).body.posts.map(
        (p: { id: string }) => p.id,
      );
    expect(await find('quartzla')).toEqual([post.id]);
    await server.ctx.db
      .updateTable('posts')
      .set({ caption: 'renamed', hashtags: 'emberfield' })
      .where('id', '=', post.id)
      .execute();
    expect(await find('quartzla')).toEqual([]);
    expect(await find('emberfi')).toEqual([post.id]);
  });

  it('ranks the newest candidates; an older, better match follows them newest first', async () => {
    // SEARCH_CANDIDATES + 1 plain matches, one a minute, the newest a minute ago
    await sql`insert into posts (user_id, caption, published_at)
      select ${creator.user.id}::uuid, 'cappedword filler ' || i, now() - make_interval(mins => i)
      from generate_series(1, ${SEARCH_CANDIDATES + 1}::int) as i`.execute(server.ctx.db);
    const strong = 'cappedword cappedword cappedword';
    const recentBest = await insertPost(server, creator.user, {
      caption: strong,
      published_at: minutesAgo(500.5),
    });
    const oldBest = await insertPost(server, creator.user, {
      caption: strong,
      published_at: minutesAgo(5000),
    });
    const page = (offset: number, limit: number) =>
      postsByText(server.ctx.db, null, ['cappedword'], { offset, limit });

    // inside the candidates the better match comes first, then the newest
    const first = await page(0, 3);
    expect(first.map((p) => p.id)[0]).toBe(recentBest.id);
    expect(first[1]!.published_at.getTime()).toBeGreaterThan(first[2]!.published_at.getTime());
    // the oldest match is past the candidates: it comes last, not first, despite its rank
    const total = SEARCH_CANDIDATES + 3;
    const last = await page(total - 2, 5);
    expect(last.map((p) => p.id)).toHaveLength(2);
    expect(last.at(-1)!.id).toBe(oldBest.id);
    // pages do not overlap or skip: one order for all of them
    const ids = new Set<string>();
    for (let offset = 0; offset < total; offset += 400)
      for (const post of await page(offset, 400)) ids.add(post.id);
    expect(ids.size).toBe(total);
    // a thousand rows of setup: slow on a loaded machine, not a hang
  }, 120_000);

  it('plans through the stored document, never recomputing a vector', async () => {
    const explain = async (source: MatchSource) => {
      const compiled = postsByTextQuery(
        server.ctx.db,
        null,
        'cappedword:*',
        { limit: 21, offset: 0 },
        source,
      ).compile();
      return withTransaction(server.ctx.db, async (tx) => {
        // the test table is small enough for a sequential scan; ask what the indexes give
        await sql`set local enable_seqscan = off`.execute(tx);
        const result = await tx.executeQuery({
          ...compiled,
          sql: `explain (costs off) ${compiled.sql}`,
        });
        return (result.rows as Array<Record<string, string>>)
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      });
    };
    const scan = await explain('scan');
    expect(scan).toMatch(/posts_search_document_idx|posts_recent_idx/);
    expect(scan).not.toContain('to_tsvector');
    const terms = await explain({ terms: ['cappedword', 'cappedwords'] });
    expect(terms).toContain('post_search_terms_pkey');
    expect(terms).not.toContain('to_tsvector');
  });
});
