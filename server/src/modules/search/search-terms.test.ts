import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { withTransaction } from '../../platform/db/database.ts';
import { actor, call, insertPost, type Actor } from '../posts/posts.test-kit.ts';
import {
  postsByText,
  postsByTextQuery,
  prefixTerms,
  prefixTermsQuery,
  SEARCH_PREFIX_TERMS,
  type MatchSource,
} from './search.queries.ts';

/**
 * The term → posts table (`post_search_terms`, docs/PERFORMANCE.md "Search: a term → posts
 * table"): kept by a trigger in the transaction of every write to a post, and read so that a
 * search finds exactly what the scan of `posts.search_document` finds, in the same order.
 */

let server: TestServer;
let creator: Actor;
beforeAll(async () => {
  server = await createTestServer();
  creator = await actor(server, 'creator');
});
afterAll(() => server.close());

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/** Rows the table lacks or holds in excess, against the live posts' documents. */
async function drift(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from (
    (select lexeme, published_at, id from posts, unnest(tsvector_to_array(search_document)) lexeme
      where deleted_at is null
     except all select term, published_at, post_id from post_search_terms)
    union all
    (select term, published_at, post_id from post_search_terms
     except all select lexeme, published_at, id
       from posts, unnest(tsvector_to_array(search_document)) lexeme where deleted_at is null)
  ) x`.execute(server.ctx.db);
  return rows[0]!.n;
}

const termsOf = async (postId: string) =>
  (
    await server.ctx.db
      .selectFrom('post_search_terms')
      .select('term')
      .where('post_id', '=', postId)
      .orderBy('term')
      .execute()
  ).map((r) => r.term);

const ids = (rows: ReadonlyArray<{ id: string }>) => rows.map((r) => r.id);

describe('post_search_terms', () => {
  it('follows create, edit, reschedule, delete, restore and removal of a post', async () => {
    const created = await call(server, creator, 'POST', '/posts', {
      caption: 'Harbourmist at dawn',
      hashtags: ['quayside'],
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    expect(await termsOf(id)).toEqual(['at', 'dawn', 'harbourmist', 'quayside']);

    const edited = await call(server, creator, 'PUT', `/posts/${id}`, { caption: 'Tidewrack' });
    expect(edited.status).toBe(200);
    expect(await termsOf(id)).toEqual(['quayside', 'tidewrack']);

    await server.ctx.db
      .updateTable('posts')
      .set({ published_at: minutesAgo(90), likes_count: 3 })
      .where('id', '=', id)
      .execute();
    expect(await drift()).toBe(0);

    expect((await call(server, creator, 'DELETE', `/posts/${id}`)).status).toBe(200);
    expect(await termsOf(id)).toEqual([]);
    await server.ctx.db
      .updateTable('posts')
      .set({ deleted_at: null })
      .where('id', '=', id)
      .execute();
    expect(await termsOf(id)).toEqual(['quayside', 'tidewrack']);
    await server.ctx.db.deleteFrom('posts').where('id', '=', id).execute();
    expect(await termsOf(id)).toEqual([]);
    expect(await drift()).toBe(0);
  });

  it('expands a prefix to its terms in byte order, and says when there are too many', async () => {
    await insertPost(server, creator.user, { caption: 'fernclifftop ferncliff' });
    await insertPost(server, creator.user, { caption: 'Ferncliffs' });
    expect(await prefixTerms(server.ctx.db, 'ferncli')).toEqual([
      'ferncliff',
      'ferncliffs',
      'fernclifftop',
    ]);
    expect(await prefixTerms(server.ctx.db, 'fernclx')).toEqual([]);
    expect(await prefixTerms(server.ctx.db, '·')).toBeNull();

    // one more distinct term than a prefix may merge: the search scans instead, same result
    const many = SEARCH_PREFIX_TERMS + 1;
    await sql`insert into posts (user_id, caption, published_at)
      select ${creator.user.id}::uuid, 'zeptoword' || i, now() - make_interval(mins => i)
      from generate_series(1, ${many}::int) as i`.execute(server.ctx.db);
    expect(await prefixTerms(server.ctx.db, 'zeptoword')).toHaveLength(many);
    const found = await postsByText(server.ctx.db, null, ['zeptoword'], { limit: 50, offset: 0 });
    expect(found).toHaveLength(many);
    expect(found[0]!.caption).toBe('zeptoword1');
  });

  it('expands a prefix by index descents, never reading the whole term index', async () => {
    const compiled = prefixTermsQuery('ferncli').compile(server.ctx.db);
    const plan = await withTransaction(server.ctx.db, async (tx) => {
      await sql`set local enable_seqscan = off`.execute(tx);
      const result = await tx.executeQuery({
        ...compiled,
        sql: `explain (costs off) ${compiled.sql}`,
      });
      return (result.rows as Array<Record<string, string>>).map((r) => r['QUERY PLAN']).join('\n');
    });
    // the first descent bounded by the prefix's range (joined to the CTE, the bounds were a
    // filter and it read every term: 8.6 s at 1M posts)
    expect(plan).toMatch(/Index Cond: \(\(term >= .+\) AND \(term < .+\)\)/);
  });

  it('finds exactly what the scan finds, in the same order, page by page', async () => {
    const at = (caption: string, minutes: number, extra = {}) =>
      insertPost(server, creator.user, { caption, published_at: minutesAgo(minutes), ...extra });
    const plain = await at('lumenrise', 1);
    const both = await at('lumenrise lumenrises and a harbor', 2); // two terms of one prefix
    const short = await at('lumen', 3);
    const harbor = await at('harbor lumenfall', 4);
    const future = await at('lumenrise soon', -60); // scheduled: not yet searchable
    const gone = await at('lumenrise gone', 5, { deleted_at: new Date() });
    await at('illumination', 6); // the word is inside, not at the start: no match

    const search = async (words: string[], window: { limit: number; offset: number }) => {
      const terms = await prefixTerms(server.ctx.db, words[0]!);
      expect(terms).not.toBeNull();
      const run = (source: MatchSource) =>
        postsByTextQuery(
          server.ctx.db,
          null,
          words.map((w) => `${w}:*`).join(' & '),
          window,
          source,
        ).execute();
      const [fromTerms, fromScan] = [
        ids(await run({ terms: terms ?? [] })),
        ids(await run('scan')),
      ];
      expect(fromTerms).toEqual(fromScan);
      return fromTerms;
    };

    const lumen = await search(['lumen'], { limit: 50, offset: 0 });
    expect(new Set(lumen)).toEqual(new Set([plain.id, both.id, short.id, harbor.id]));
    expect(lumen).toHaveLength(4);
    expect(lumen).not.toContain(future.id);
    expect(lumen).not.toContain(gone.id);
    expect(await search(['lumenri'], { limit: 50, offset: 0 })).toEqual(
      expect.arrayContaining([plain.id, both.id]),
    );
    expect(await search(['lumenri'], { limit: 50, offset: 0 })).toHaveLength(2);
    // several words: driven by one, the others checked on the document
    const pair = await search(['lumen', 'harb'], { limit: 50, offset: 0 });
    expect(new Set(pair)).toEqual(new Set([both.id, harbor.id]));
    expect(await search(['harb', 'lumen'], { limit: 50, offset: 0 })).toHaveLength(2);
    // pages of one order
    const pages = [
      ...(await search(['lumen'], { limit: 3, offset: 0 })),
      ...(await search(['lumen'], { limit: 3, offset: 3 })),
    ];
    expect(pages).toEqual(lumen);
    // through the route, which picks the source itself
    const res = await call(server, null, 'GET', '/search?q=LUMEN&filter=posts');
    expect(ids(res.body.posts as Array<{ id: string }>)).toEqual(lumen);
  });
});
