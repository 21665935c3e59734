import type { ReportType } from '@fanspace/contracts';
import type { DbHandle } from '../../platform/db/database.ts';
import { moderationSettings } from '../../platform/settings.ts';

/**
 * Automatic flagging: text written in posts, comments and chat messages is checked against the
 * platform's flagged terms (PUT /admin/settings {moderation: {flaggedTerms}}); a match files an
 * automatic report (source 'auto', no reporter) in the same moderation queue as user reports.
 * The content stays up until a moderator acts.
 *
 * The check runs on every write, so the term list is compiled once into one regular expression
 * and cached in memory per database (per process), for TERMS_TTL_MS; the admin's settings change
 * drops this process's copy at once, and other processes pick it up within the TTL.
 */

/** Letters, digits and marks (any script) and '_' make a word: a term matches only whole. */
const WORD = String.raw`[\p{L}\p{N}\p{M}_]`;

/** How a term is stored and compared: NFKC, inner whitespace collapsed, trimmed. */
export function normalizeTerm(raw: string): string {
  return raw.normalize('NFKC').replace(/\s+/gu, ' ').trim();
}

/** Cleans an admin's term list: normalized, without empties and case-insensitive duplicates. */
export function cleanTerms(raw: readonly string[]): string[] {
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const term of raw.map(normalizeTerm)) {
    const key = term.toLowerCase();
    if (term === '' || seen.has(key)) continue;
    seen.add(key);
    terms.push(term);
  }
  return terms;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * One matcher for a term list: whole words or phrases (any whitespace between a phrase's
 * words), case-insensitive, Unicode-aware; answers the terms found, each once, in list order.
 */
export function termMatcher(rawTerms: readonly string[]): (text: string) => string[] {
  const terms = cleanTerms(rawTerms);
  if (terms.length === 0) return () => [];
  // longest first, so a phrase wins over a term it starts with
  const alternatives = [...terms]
    .sort((a, b) => b.length - a.length)
    .map((t) =>
      t
        .split(' ')
        .map(escapeRegExp)
        .join(String.raw`\s+`),
    );
  const pattern = new RegExp(`(?<!${WORD})(?:${alternatives.join('|')})(?!${WORD})`, 'giu');
  const byKey = new Map(terms.map((t) => [t.toLowerCase(), t]));
  return (text) => {
    if (!text) return [];
    const found = new Set<string>();
    for (const match of text.normalize('NFKC').matchAll(pattern)) {
      const key = normalizeTerm(match[0]).toLowerCase();
      found.add(byKey.get(key) ?? terms.find((t) => t.toLowerCase() === key) ?? match[0]);
    }
    return terms.filter((t) => found.has(t));
  };
}

export const TERMS_TTL_MS = 30_000;

interface CachedMatcher {
  match: Promise<(text: string) => string[]>;
  loadedAt: number;
}

/**
 * Keyed by the database's dialect adapter: the root handle and every transaction on it share
 * one, and another database (a second test server) has its own.
 */
const cache = new WeakMap<object, CachedMatcher>();
const cacheKey = (db: DbHandle): object => db.getExecutor().adapter;

function matcherFor(db: DbHandle): Promise<(text: string) => string[]> {
  const key = cacheKey(db);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.loadedAt < TERMS_TTL_MS) return hit.match;
  const entry: CachedMatcher = {
    loadedAt: Date.now(),
    match: moderationSettings(db).then((s) => termMatcher(s.flaggedTerms)),
  };
  // a failed read is not cached: the next write tries again
  entry.match.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  cache.set(key, entry);
  return entry.match;
}

/** The flagged terms in `text` (cached matcher, no query): a writer can pick its path first. */
export async function flaggedTermsIn(db: DbHandle, text: string): Promise<string[]> {
  return (await matcherFor(db))(text);
}

/** Called after the flagged terms change: this process reads them again on the next write. */
export function invalidateFlaggedTerms(db: DbHandle) {
  cache.delete(cacheKey(db));
}

export interface AutoFlagInput {
  /** what was written; a new content type needs its report type first (contracts ReportType) */
  type: ReportType;
  targetId: string;
  /** who wrote it: an admin's own writing is not flagged (announcements quote the rules) */
  authorId: string;
  /** the text as stored (caption, comment, message) */
  text: string;
  /** the post or chat it sits in, linked from the queue (a post is its own) */
  postId?: string | null;
  chatId?: string | null;
}

/**
 * Checks `text` against the flagged terms and files (or, on an edit, refreshes) the target's
 * one open automatic report. Call it inside the transaction that writes the content, so the flag
 * exists exactly when the content does. Answers the terms that matched (empty: nothing filed).
 * Cheap when nothing matches: one cached regular expression over the text, no query. Another
 * content type calls it the same way from its create and edit paths.
 */
export async function autoFlag(tx: DbHandle, input: AutoFlagInput): Promise<string[]> {
  const matched = (await matcherFor(tx))(input.text);
  if (matched.length === 0) return matched;
  const author = await tx
    .selectFrom('users')
    .select('is_admin')
    .where('id', '=', input.authorId)
    .executeTakeFirst();
  if (author?.is_admin) return [];
  const quoted = matched.map((t) => `“${t}”`).join(', ');
  const reason = `Automatic flag: ${quoted}`.slice(0, 200);
  const details = `Found when this ${input.type} was written. It stays visible until a moderator acts.`;
  await tx
    .insertInto('reports')
    .values({
      type: input.type,
      target_id: input.targetId,
      reporter_id: null,
      source: 'auto',
      reason,
      details,
      post_id: input.postId ?? (input.type === 'post' ? input.targetId : null),
      chat_id: input.chatId ?? null,
    })
    .onConflict((oc) =>
      oc
        .columns(['type', 'target_id'])
        .where('status', '=', 'pending')
        .where('source', '=', 'auto')
        .doUpdateSet({ reason, details }),
    )
    .execute();
  return matched;
}
