import { Value } from '@sinclair/typebox/value';
import { UpdateMeBody, type AddSocialLinksBody } from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { addSocialLinks, updateProfile } from '../users/users.service.ts';
import { invalidImport } from './import-archive.ts';

/** What an import job counts: each applied item, skipped one and failed one (with a note). */
export interface ImportTally {
  ok(): void;
  skip(note: string): void;
  fail(note: string): void;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Our export files are arrays of rows; a hand-written file may be the object itself. */
const first = (v: unknown): Obj | null => (Array.isArray(v) ? first(v[0]) : isObj(v) ? v : null);

const PROFILE_KEYS = ['vibe', 'contentMenu', 'vibeDisplaySettings', 'contentPreferences'] as const;
const MAX_LINK_ROWS = 100;

type Link = AddSocialLinksBody['socialLinks'][number];

async function addLinks(ctx: AppContext, userId: string, links: unknown[], tally: ImportTally) {
  const user = await ctx.db
    .selectFrom('users')
    .select('social_links')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const have = new Set(user.social_links.map((l) => `${l.platform.toLowerCase()} ${l.url}`));
  for (const [i, raw] of links.slice(0, MAX_LINK_ROWS).entries()) {
    const link = isObj(raw) ? raw : {};
    const platform = typeof link.platform === 'string' ? link.platform.trim() : '';
    const url = typeof link.url === 'string' ? link.url.trim() : '';
    if (!platform || !url) {
      tally.fail(`link ${i + 1}: needs a platform and a url`);
      continue;
    }
    if (have.has(`${platform.toLowerCase()} ${url}`)) {
      tally.skip(`${platform}: already in your links`);
      continue;
    }
    try {
      const input: Link = { platform: platform.slice(0, 40), url: url.slice(0, 500) };
      await addSocialLinks(ctx, userId, { socialLinks: [input] });
      have.add(`${platform.toLowerCase()} ${url}`);
      tally.ok();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      tally.fail(`${platform}: ${error.message}`);
    }
  }
  if (links.length > MAX_LINK_ROWS)
    tally.skip(`${links.length - MAX_LINK_ROWS} more links were not read`);
}

/**
 * Profile import: display name, bio, preferences, privacy and profile settings through the
 * users service (the same whitelist and checks as PUT /users/me; never username, email or
 * phone), then the social links one by one. Accepts an export zip's files, the personal-data
 * document, or a plain object {displayName, bio, preferences, privacy, socialLinks}.
 */
export async function applyProfileImport(
  ctx: AppContext,
  userId: string,
  data: Obj,
  tally: ImportTally,
) {
  const root = isObj(data.file) ? data.file : data;
  const account = first(root.account) ?? root;
  const settings = first(root.settings) ?? root;
  const profile = isObj(settings.profile) ? settings.profile : settings;
  const body: Obj = {};
  if (typeof account.displayName === 'string' || account.displayName === null)
    body.displayName = account.displayName;
  if (typeof account.bio === 'string') body.bio = account.bio;
  if (isObj(settings.preferences)) body.preferences = settings.preferences;
  if (isObj(settings.privacy)) body.privacy = settings.privacy;
  for (const key of PROFILE_KEYS) if (profile[key] !== undefined) body[key] = profile[key];
  const links = Array.isArray(root.social_links)
    ? root.social_links
    : Array.isArray(root.socialLinks)
      ? root.socialLinks
      : [];
  if (Object.keys(body).length === 0 && links.length === 0)
    throw invalidImport('The file holds no profile data we can import');
  if (!Value.Check(UpdateMeBody, body)) {
    const error = [...Value.Errors(UpdateMeBody, body)][0];
    throw invalidImport(
      `Profile data is invalid at ${error?.path || '/'}: ${error?.message ?? ''}`,
    );
  }
  if (Object.keys(body).length > 0) {
    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    await updateProfile(ctx, user, body as UpdateMeBody);
    for (let i = 0; i < Object.keys(body).length; i += 1) tally.ok();
  }
  await addLinks(ctx, userId, links, tally);
}

/** Undoes the quote csvCell puts before a formula-like value. */
const unguard = (cell: string) => (/^'[=+\-@]/.test(cell) ? cell.slice(1) : cell).trim();

/** Social links from CSV rows: a header with platform and url, then one link per row. */
export async function applySocialLinks(
  ctx: AppContext,
  userId: string,
  rows: string[][],
  tally: ImportTally,
) {
  const [header, ...data] = rows;
  const columns = (header ?? []).map((c) => c.trim().toLowerCase());
  const platform = columns.indexOf('platform');
  const url = columns.indexOf('url');
  if (platform < 0 || url < 0)
    throw invalidImport('The CSV needs a header row with "platform" and "url" columns');
  const links = data.map((row) => ({
    platform: unguard(row[platform] ?? ''),
    url: unguard(row[url] ?? ''),
  }));
  await addLinks(ctx, userId, links, tally);
}
