import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { listedInSearch } from '../users/users.queries.ts';
import type { DbHandle } from '../../platform/db/database.ts';
import { planLiteral } from '../../platform/db/plan-literals.ts';
import type { PostRow, UserRow } from '../../platform/db/schema.ts';
import { notHiddenFrom } from '../graph/graph.relations.ts';
import { visiblePosts, type PageWindow } from '../posts/posts.queries.ts';
import { wordsTsQuery } from '../posts/posts.rules.ts';
import { escapeLike } from '../users/profile-rules.ts';

/** SQL of search: post full text, posts of a tag, and name suggestions. */

/**
 * How many of the newest matches a text search ranks. A common prefix matches a large share of
 * all posts (`tag5:*` is 11% of them at 1M posts); ranking every match made a search's cost
 * grow with the table. Ranking only the newest SEARCH_CANDIDATES keeps it bounded: past them,
 * matches follow newest first (see `postsByText`).
 */
export const SEARCH_CANDIDATES = 1000;

/**
 * The most terms (distinct lexemes) one prefix may expand to and still be read from
 * `post_search_terms`; each is one index range merged with the others. A prefix with more
 * (`t`, `ba`) is short and, on any real vocabulary, common: its newest matches are near the top
 * of `posts_recent_idx`, which the scan plan walks.
 */
export const SEARCH_PREFIX_TERMS = 32;

/** Where the newest matches come from: the terms of the driving word, or a scan of posts. */
export type MatchSource = { terms: readonly string[] } | 'scan';

/**
 * The newest `depth` matches of `query` (id, published_at, search_document), newest first.
 *
 * From terms: one backward range of `post_search_terms_pkey` per term (`published_at <= now()`
 * bounds it), merged newest first (Merge Append), each candidate rechecked against the whole
 * query on its posts row (the other words; the recheck also makes the result exactly that of
 * `@@`), stopping at `depth`. A post carrying two of the terms comes once per term; only the
 * entry of its smallest such term is kept, decided on the row already read, so no DISTINCT
 * (whose hash plan, chosen by a generic plan that expects a few rows per term, read every
 * entry: 0.5 s for `tag5` at 1M posts). `offset 0` keeps the recheck a per-candidate probe of
 * posts_pkey; without it the planner hash-joins every GIN match with every entry (1 s). For a
 * single word this reads about `depth` index entries and rows, whatever the table's size.
 *
 * Scan: the stored document's GIN index or a walk of `posts_recent_idx`, as the planner
 * decides; the fallback for a prefix with more than SEARCH_PREFIX_TERMS terms.
 */
function newestMatches(source: MatchSource, query: RawBuilder<unknown>, depth: number) {
  if (source === 'scan')
    return sql`select id, published_at, search_document from posts
      where search_document @@ ${query} and deleted_at is null and published_at <= now()
      order by published_at desc, id desc
      limit ${planLiteral(depth)}`;
  if (source.terms.length === 0)
    return sql`select id, published_at, search_document from posts where false`;
  const ranges = source.terms.map(
    (term) => sql`(select term, published_at, post_id from post_search_terms
      where term = ${term} and published_at <= now()
      order by published_at desc, post_id desc)`,
  );
  return sql`select p.id, p.published_at, p.search_document
    from (${sql.join(ranges, sql` union all `)}) m
    cross join lateral (
      select id, published_at, search_document from posts
      where posts.id = m.post_id and search_document @@ ${query} and deleted_at is null
        and m.term = (select min(lexeme collate "C")
          from unnest(tsvector_to_array(search_document)) lexeme
          where lexeme = any (${[...source.terms]}::text[]))
      offset 0
    ) p
    order by m.published_at desc, m.post_id desc
    limit ${planLiteral(depth)}`;
}

/**
 * The rows of a search page carry `search_total`: the visible matches counted over the whole
 * order before the page's limit and offset, so up to the depth the statement reads (at least
 * SEARCH_CANDIDATES, and past the end of the page when the window asks one row more).
 */
export type CountedPostRow = PostRow & { search_total: number };

const countedMatches = sql<number>`(count(*) over ())::integer`.as('search_total');

/**
 * Posts matching a prefix tsquery. The newest SEARCH_CANDIDATES matches (or as many as the page
 * reaches, if that is further) are found first (`newestMatches`); those are ranked (best match
 * first, then newest) and come before any older match, which follows newest first. Up to
 * SEARCH_CANDIDATES matches this is exactly "best match first, then newest" over all of them.
 * One order for every page, so limit/offset paging stays consistent; the same order from
 * either source.
 */
export function postsByTextQuery(
  db: DbHandle,
  viewerId: string | null,
  tsQuery: string,
  window: PageWindow,
  source: MatchSource,
) {
  const query = sql`to_tsquery('simple', ${tsQuery})`;
  const depth = Math.max(SEARCH_CANDIDATES, window.offset + window.limit);
  const candidates = sql<{ id: string; published_at: Date; score: number | null }>`(
    select newest.id, newest.published_at,
      case when row_number() over (order by newest.published_at desc, newest.id desc)
        <= ${SEARCH_CANDIDATES} then ts_rank(newest.search_document, ${query}) end as score
    from (${newestMatches(source, query, depth)}) newest
    order by score desc nulls last, newest.published_at desc, newest.id desc
  )`;
  return visiblePosts(db, viewerId)
    .innerJoin(candidates.as('candidates'), 'candidates.id', 'posts.id')
    .selectAll('posts')
    .select(countedMatches)
    .orderBy(sql`candidates.score desc nulls last`)
    .orderBy('candidates.published_at', 'desc')
    .orderBy('candidates.id', 'desc')
    .limit(window.limit)
    .offset(window.offset);
}

/**
 * The terms of `post_search_terms` starting with the word's lexeme, in byte order, at most
 * SEARCH_PREFIX_TERMS + 1 (one more tells "too many"). The lexeme is the word as the 'simple'
 * config reads it (`to_tsvector`, the same parser and lower-casing `to_tsquery` applies); should
 * the parser split the word, its longest piece (every piece must match). A skip scan: one index
 * descent per distinct term, however many posts carry each (the bounds are scalar subqueries:
 * joined to the CTE instead, they are no index condition and the first descent reads the whole
 * index, 8.6 s at 1M posts). Null when the word has no lexeme.
 * The range stops below `prefix || U+10FFFF`: a lexeme continuing the prefix with that
 * noncharacter is not found.
 */
export function prefixTermsQuery(word: string) {
  return sql<{ prefix: string | null; terms: string[] | null }>`
    with recursive prefix(p, upper) as (
      select lexeme collate "C", (lexeme || chr(1114111)) collate "C"
      from unnest(tsvector_to_array(to_tsvector('simple', ${word}))) lexeme
      order by length(lexeme) desc, lexeme limit 1
    ), found(term) as (
      (select term from post_search_terms
        where term >= (select p from prefix) and term < (select upper from prefix)
        order by term limit 1)
      union all
      select (select term from post_search_terms
          where term > found.term and term < (select upper from prefix)
          order by term limit 1)
      from found where found.term is not null
    )
    select (select p from prefix) as prefix,
      array(select term from found where term is not null
        limit ${planLiteral(SEARCH_PREFIX_TERMS + 1)}) as terms`;
}

/** Runs `prefixTermsQuery`: the terms, or null when the word has no lexeme. */
export async function prefixTerms(db: DbHandle, word: string): Promise<string[] | null> {
  const { rows } = await prefixTermsQuery(word).execute(db);
  const row = rows[0];
  return row?.prefix == null ? null : (row.terms ?? []);
}

/** The word most likely to be rare: the longest (the first of equals). */
const drivingWord = (words: readonly string[]) =>
  words.reduce((best, word) => (word.length > best.length ? word : best), '');

/**
 * Posts matching every word as a prefix (`postsByTextQuery`), their newest matches read from
 * the terms of the longest word when it has at most SEARCH_PREFIX_TERMS of them, else by the
 * scan. `words` are `searchWords` of the text (not empty).
 */
export async function postsByText(
  db: DbHandle,
  viewerId: string | null,
  words: readonly string[],
  window: PageWindow,
): Promise<CountedPostRow[]> {
  const tsQuery = wordsTsQuery(words);
  const terms = await prefixTerms(db, drivingWord(words));
  const source = terms && terms.length <= SEARCH_PREFIX_TERMS ? { terms } : 'scan';
  return postsByTextQuery(db, viewerId, tsQuery, window, source).execute();
}

/**
 * Posts carrying exactly this tag (post_hashtags_tag_idx), newest first. The newest
 * max(SEARCH_CANDIDATES, the end of the window) are read and counted (`search_total`), so a
 * popular tag's count stops there instead of reading every post it has.
 */
export function postsByTag(
  db: DbHandle,
  viewerId: string | null,
  tag: string,
  window: PageWindow,
): Promise<CountedPostRow[]> {
  const newest = visiblePosts(db, viewerId)
    .where(
      'posts.id',
      'in',
      db.selectFrom('post_hashtags').select('post_id').where('tag', '=', tag),
    )
    .where(sql<SqlBool>`posts.published_at <= now()`)
    .selectAll('posts')
    .orderBy('posts.published_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(planLiteral(Math.max(SEARCH_CANDIDATES, window.offset + window.limit)));
  return db
    .selectFrom(newest.as('newest'))
    .selectAll('newest')
    .select(countedMatches)
    .orderBy('newest.published_at', 'desc')
    .orderBy('newest.id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/**
 * Mention suggestions: username or display name starting with `q`, or a username close to it
 * (trigram similarity). All three predicates are served by the trigram GIN indexes on
 * username::text and display_name. Prefix matches first, then the closest, then the popular.
 */
export function suggestUsers(
  db: DbHandle,
  viewerId: string | null,
  q: string,
  limit: number,
): Promise<UserRow[]> {
  const prefix = `${escapeLike(q)}%`;
  return db
    .selectFrom('users')
    .selectAll()
    .where('deleted_at', 'is', null)
    .where('status', 'in', ['active', 'suspended'])
    .where(notHiddenFrom(viewerId, 'users.id'))
    .where(sql<SqlBool>`(${listedInSearch} or username = ${q})`)
    .where((eb) =>
      eb.or([
        eb(sql`username::text`, 'ilike', prefix),
        eb('display_name', 'ilike', prefix),
        sql<SqlBool>`username::text % ${q}`,
      ]),
    )
    .orderBy(sql`(username::text ilike ${prefix} or display_name ilike ${prefix})`, 'desc')
    .orderBy(sql`similarity(username::text, ${q})`, 'desc')
    .orderBy('followers_count', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}
