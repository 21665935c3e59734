import {
  DMCA_MESSAGES,
  DmcaLimits,
  ErrorCodes,
  type AdminDmcaPage,
  type AdminDmcaQuery,
  type AdminDmcaUpdateBody,
  type DmcaCounterNoticeBody,
  type DmcaMineResponse,
  type DmcaNotice,
  type DmcaNoticeBody,
  type DmcaNoticeResponse,
  type DmcaSubmittedResponse,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { DmcaNoticeRow, UserRow } from '../../platform/db/schema.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { pageInfo, pageOffset } from '../../platform/http/page-paging.ts';
import { audit } from '../admin/audit.ts';
import { notify } from '../notifications/notify.ts';
import { softDeletePost } from '../posts/posts.service.ts';
import { cleanText } from '../users/profile-rules.ts';
import * as q from './dmca.queries.ts';
import { DMCA_SETTINGS_URL, restoreNotice, scheduleRestore, upholdNotice } from './dmca.restore.ts';

/**
 * Rights notices. Anyone files one (rate limited); it names posts by id or by URL (any post id
 * in a URL counts). Admins move it to reviewing, actioned or rejected; actioning with
 * removeContent takes the named posts down (like an admin delete), tells each creator and is
 * audit-logged. The affected creator may then send one counter-notice (status countered); the
 * admins restore the posts or uphold the notice, and an undecided one restores itself
 * (dmca.restore.ts). Only the filer and the affected creators see a notice; to
 * anyone else it does not exist (404).
 */
type Ctx = Pick<AppContext, 'db'>;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const iso = (d: Date | string) => new Date(d).toISOString();
const invalid = (field: string, message: string) =>
  new BadRequestError(message, ErrorCodes.VALIDATION_FAILED, { field });
const notFound = () => new NotFoundError(DMCA_MESSAGES.notFound, ErrorCodes.DMCA_NOTICE_NOT_FOUND);

function text(field: string, raw: string, max: number, label: string, min = 1) {
  const value = cleanText(raw);
  // characters as the database counts them (code points), not UTF-16 units
  const length = [...value].length;
  if (length < min || length > max)
    throw invalid(field, `${label} must be ${min}–${max} characters long`);
  return value;
}

function cleanUrls(raw: string[] = []) {
  return [...new Set(raw.map((u) => u.trim()).filter(Boolean))].map((url) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw invalid('infringingUrls', `Not a valid URL: ${url.slice(0, 80)}`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw invalid('infringingUrls', 'URLs must start with http:// or https://');
    return parsed.toString();
  });
}

/** `view` 'creator' hides the claimant's address (they answer through us). */
function present(row: DmcaNoticeRow, postIds: string[], view: 'full' | 'creator'): DmcaNotice {
  return {
    id: row.id,
    status: row.status,
    claimantName: row.claimant_name,
    email: view === 'full' ? row.email : '',
    copyrightedWork: row.copyrighted_work,
    infringingUrls: row.infringing_urls,
    postIds,
    statement: row.statement,
    signature: row.signature,
    notes: view === 'full' ? row.notes : null,
    contentRemoved: row.content_removed,
    counterNotice:
      row.counter_at && row.counter_statement
        ? {
            statement: row.counter_statement,
            signature: row.counter_signature ?? '',
            createdAt: iso(row.counter_at),
          }
        : null,
    restoreAfter: row.status === 'countered' && row.restore_after ? iso(row.restore_after) : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

async function presentAll(db: DbHandle, rows: DmcaNoticeRow[], view: 'full' | 'creator') {
  const ids = await q.postIdsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => present(r, ids.get(r.id) ?? [], view));
}

/** POST /dmca: public; the filer's account is remembered when signed in. */
export async function submitNotice(
  ctx: Ctx,
  userId: string | null,
  ip: string,
  body: DmcaNoticeBody,
): Promise<DmcaSubmittedResponse> {
  const urls = cleanUrls(body.infringingUrls);
  const named = [...new Set((body.postIds ?? []).map((id) => id.toLowerCase()))];
  const fromUrls = urls.flatMap((u) => u.match(UUID) ?? []).map((id) => id.toLowerCase());
  if (urls.length === 0 && named.length === 0)
    throw invalid('infringingUrls', DMCA_MESSAGES.noTargets);
  const values = {
    user_id: userId,
    claimant_name: text('claimantName', body.claimantName, DmcaLimits.nameMax, 'Name'),
    email: body.email.trim().toLowerCase(),
    copyrighted_work: text(
      'copyrightedWork',
      body.copyrightedWork,
      DmcaLimits.workMax,
      'The copyrighted work',
    ),
    infringing_urls: JSON.stringify(urls),
    statement: text(
      'statement',
      body.statement,
      DmcaLimits.statementMax,
      'The statement',
      DmcaLimits.statementMin,
    ),
    signature: text('signature', body.signature, DmcaLimits.signatureMax, 'Signature'),
    ip,
  };
  const id = await withTransaction(ctx.db, async (tx) => {
    const posts = await q.livePosts(tx, [...new Set([...named, ...fromUrls])]);
    const found = new Set(posts.map((p) => p.id));
    const unknown = named.find((p) => !found.has(p));
    if (unknown) throw invalid('postIds', `Post not found: ${unknown}`);
    const notice = await tx
      .insertInto('dmca_notices')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    if (posts.length > 0)
      await tx
        .insertInto('dmca_notice_posts')
        .values(posts.map((p) => ({ notice_id: notice.id, post_id: p.id, creator_id: p.user_id })))
        .execute();
    return notice.id;
  });
  return { id, status: 'submitted', message: DMCA_MESSAGES.submitted };
}

/** GET /dmca/mine: what I filed, and notices that took down my posts. */
export async function myNotices(
  ctx: Ctx,
  user: Pick<UserRow, 'id' | 'email' | 'email_verified_at'>,
): Promise<DmcaMineResponse> {
  const email = user.email_verified_at ? user.email.toLowerCase() : null;
  const [filed, against] = await Promise.all([
    q.filedBy(ctx.db, user.id, email),
    q.againstCreator(ctx.db, user.id),
  ]);
  return {
    filed: await presentAll(ctx.db, filed, 'full'),
    againstMe: await presentAll(ctx.db, against, 'creator'),
  };
}

export async function adminList(ctx: Ctx, query: AdminDmcaQuery): Promise<AdminDmcaPage> {
  const { total, rows } = await q.adminPage(
    ctx.db,
    { status: query.status },
    { limit: query.limit, offset: pageOffset(query) },
  );
  return { notices: await presentAll(ctx.db, rows, 'full'), ...pageInfo(query, total) };
}

const takedownMessage =
  'Your post was removed after a copyright (DMCA) notice. If you believe this is a mistake, ' +
  'you can send a counter-notice from Settings → Account standing.';

/**
 * PUT /admin/dmca/{id}: review, action (optionally taking the posts down) or reject; after a
 * takedown, restore the posts or (countered) uphold the notice.
 */
export async function adminUpdate(
  ctx: Ctx,
  adminId: string,
  id: string,
  body: AdminDmcaUpdateBody,
): Promise<DmcaNoticeResponse> {
  if (body.removeContent && body.status !== 'actioned')
    throw invalid('removeContent', 'Content can only be removed when the notice is actioned');
  const notes = body.notes === undefined ? undefined : cleanText(body.notes) || null;
  await withTransaction(ctx.db, async (tx) => {
    const notice = await q.lockNotice(tx, id);
    if (!notice) throw notFound();
    if (body.status === 'restored') return restoreNotice(tx, notice, adminId, notes ?? null);
    if (body.status === 'upheld') return upholdNotice(tx, notice, adminId, notes ?? null);
    const removed: string[] = [];
    if (body.removeContent && !notice.content_removed) {
      const postIds = (await q.postIdsOf(tx, [id])).get(id) ?? [];
      for (const postId of postIds) {
        const post = await softDeletePost(tx, postId);
        if (!post) continue;
        removed.push(postId);
        await tx
          .updateTable('dmca_notice_posts')
          .set({ removed_at: post.deletedAt })
          .where('notice_id', '=', id)
          .where('post_id', '=', postId)
          .execute();
        await notify(tx, {
          userId: post.userId,
          type: 'admin',
          relatedId: id,
          relatedType: 'dmca',
          // the url wins over postId: the removed post would only show "not found"
          data: { message: takedownMessage, postId, noticeId: id, url: DMCA_SETTINGS_URL },
        });
      }
    }
    await tx
      .updateTable('dmca_notices')
      .set({
        status: body.status,
        ...(notes !== undefined ? { notes } : {}),
        ...(removed.length > 0 ? { content_removed: true } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    await audit(tx, {
      adminId,
      action: `dmca.${body.status}`,
      targetType: 'dmca_notice',
      targetId: id,
      reason: notes ?? null,
      details: { from: notice.status, removedPosts: removed },
    });
  });
  const [notice] = await presentAll(ctx.db, [(await q.findNotice(ctx.db, id))!], 'full');
  const message = body.status === 'restored' ? DMCA_MESSAGES.restored : DMCA_MESSAGES.updated;
  return { notice: notice!, message };
}

const counterToFilerMessage =
  `The creator answered your copyright notice with a counter-notice. The content comes back ` +
  `online in ${DmcaLimits.restoreAfterDays} days unless you tell us you started a court action.`;

/** POST /dmca/{id}/counter-notice: only a creator whose post the notice took down, once. */
export async function counterNotice(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  userId: string,
  id: string,
  body: DmcaCounterNoticeBody,
): Promise<DmcaNoticeResponse> {
  const statement = text(
    'statement',
    body.statement,
    DmcaLimits.statementMax,
    'The statement',
    DmcaLimits.statementMin,
  );
  const signature = text('signature', body.signature, DmcaLimits.signatureMax, 'Signature');
  await withTransaction(ctx.db, async (tx) => {
    const notice = await q.lockNotice(tx, id);
    if (!notice || !(await q.isAffectedCreator(tx, id, userId))) throw notFound();
    if (notice.counter_at) throw new ConflictError(ErrorCodes.CONFLICT, DMCA_MESSAGES.counterTwice);
    if (notice.status !== 'actioned')
      throw new ConflictError(ErrorCodes.INVALID_TRANSITION, DMCA_MESSAGES.counterTooEarly);
    await tx
      .updateTable('dmca_notices')
      .set({
        status: 'countered',
        counter_statement: statement,
        counter_signature: signature,
        counter_by: userId,
        counter_at: new Date(),
        restore_after: await scheduleRestore(ctx, tx, id),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    if (notice.user_id)
      await notify(tx, {
        userId: notice.user_id,
        type: 'admin',
        relatedId: id,
        relatedType: 'dmca',
        data: { message: counterToFilerMessage, noticeId: id, url: DMCA_SETTINGS_URL },
      });
  });
  const [notice] = await presentAll(ctx.db, [(await q.findNotice(ctx.db, id))!], 'creator');
  return { notice: notice!, message: DMCA_MESSAGES.counterSubmitted };
}
