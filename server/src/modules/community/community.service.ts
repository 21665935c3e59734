import {
  CONTACT_DEFAULT_SUBJECT,
  SITE_TOOLS_MESSAGES,
  SiteToolsLimits,
  ErrorCodes,
  type CommunityPageQuery,
  type ContactBody,
  type ContactMessagesPage,
  type ContactResponse,
  type CreateSuggestionBody,
  type RoadmapItem,
  type RoadmapItemBody,
  type RoadmapItemUpdateBody,
  type SiteFeedbackBody,
  type SiteFeedbackCreatedResponse,
  type SiteFeedbackPage,
  type Suggestion,
  type SuggestionItemResponse,
  type SuggestionListResponse,
  type SuggestionResponse,
  type TeamResponse,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction } from '../../platform/db/database.ts';
import type { RoadmapItemRow } from '../../platform/db/schema.ts';
import { BadRequestError, NotFoundError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { pageInfo, pageOffset } from '../../platform/http/page-paging.ts';
import { audit } from '../admin/audit.ts';
import { cleanText } from '../users/profile-rules.ts';
import * as q from './community.queries.ts';

/**
 * Suggestions (any signed-in user posts and votes, one vote each), the roadmap (admins edit
 * it, audit-logged), the team (active admin accounts), contact messages and site feedback
 * (anyone sends, admins read).
 */
type Ctx = Pick<AppContext, 'db'>;

const iso = (d: Date | string) => new Date(d).toISOString();
const invalid = (field: string, message: string) =>
  new BadRequestError(message, ErrorCodes.VALIDATION_FAILED, { field });

/** Trimmed, control characters removed, still within min..max. */
function required(field: string, raw: string, min: number, max: number, label: string) {
  const value = cleanText(raw);
  // characters as the database counts them (code points), not UTF-16 units: an astral-plane
  // letter is one character, and a title of two such letters is too short
  const length = [...value].length;
  if (length < min || length > max)
    throw invalid(field, `${label} must be ${min}–${max} characters long`);
  return value;
}

export function presentSuggestion(row: q.SuggestionListRow): Suggestion {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    votes: row.votes_count,
    voted: Boolean(row.voted),
    author: row.user_id && row.username ? { id: row.user_id, username: row.username } : null,
    roadmapItem:
      row.roadmap_item_id && row.roadmap_title
        ? { id: row.roadmap_item_id, title: row.roadmap_title }
        : null,
    createdAt: iso(row.created_at),
  };
}

export async function listSuggestions(
  ctx: Ctx,
  viewerId: string | null,
  sort: 'top' | 'new',
): Promise<SuggestionListResponse> {
  const rows = await q.listSuggestions(ctx.db, viewerId, sort);
  return { suggestions: rows.map(presentSuggestion) };
}

export async function createSuggestion(
  ctx: Ctx,
  userId: string,
  body: CreateSuggestionBody,
): Promise<SuggestionItemResponse> {
  const title = required(
    'title',
    body.title,
    SiteToolsLimits.titleMin,
    SiteToolsLimits.titleMax,
    'Title',
  ).replace(/\s+/g, ' ');
  const description = cleanText(body.description ?? '');
  const { id } = await withTransaction(ctx.db, async (tx) => {
    const created = await q.insertSuggestion(tx, { userId, title, description });
    // the author's own idea starts with their vote
    await q.setVote(tx, created.id, userId, true);
    return created;
  });
  const suggestion = presentSuggestion((await q.findSuggestion(ctx.db, id, userId))!);
  return { ...suggestion, suggestion, message: SITE_TOOLS_MESSAGES.suggestionCreated };
}

const suggestionNotFound = () =>
  new NotFoundError(SITE_TOOLS_MESSAGES.suggestionNotFound, ErrorCodes.SUGGESTION_NOT_FOUND);

/** GET /suggestions/{id}: one suggestion as the list shows it; a malformed id is unknown. */
export async function getSuggestion(
  ctx: Ctx,
  viewerId: string | null,
  id: string,
): Promise<SuggestionItemResponse> {
  const row = isUuid(id) ? await q.findSuggestion(ctx.db, id, viewerId) : undefined;
  if (!row) throw suggestionNotFound();
  const suggestion = presentSuggestion(row);
  return { ...suggestion, suggestion };
}

/** POST (on) and DELETE (off) /suggestions/{id}/vote: idempotent, one vote per user. */
export async function voteSuggestion(
  ctx: Ctx,
  userId: string,
  id: string,
  on: boolean,
): Promise<SuggestionResponse> {
  await withTransaction(ctx.db, async (tx) => {
    const exists = await tx
      .selectFrom('suggestions')
      .select('id')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!exists) throw suggestionNotFound();
    await q.setVote(tx, id, userId, on);
  });
  return { suggestion: presentSuggestion((await q.findSuggestion(ctx.db, id, userId))!) };
}

// ---- roadmap ----
function presentRoadmapItem(row: RoadmapItemRow): RoadmapItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    eta: row.eta,
    position: row.position,
    updatedAt: iso(row.updated_at),
  };
}

export async function roadmap(ctx: Ctx) {
  return { items: (await q.listRoadmap(ctx.db)).map(presentRoadmapItem) };
}

function roadmapValues(body: RoadmapItemUpdateBody) {
  return {
    ...(body.title !== undefined
      ? { title: required('title', body.title, 3, SiteToolsLimits.titleMax, 'Title') }
      : {}),
    ...(body.description !== undefined ? { description: cleanText(body.description) } : {}),
    ...(body.status !== undefined ? { status: body.status } : {}),
    ...(body.eta !== undefined
      ? { eta: body.eta === null ? null : cleanText(body.eta) || null }
      : {}),
    ...(body.position !== undefined ? { position: body.position } : {}),
  };
}

const roadmapNotFound = () =>
  new NotFoundError(SITE_TOOLS_MESSAGES.roadmapItemNotFound, ErrorCodes.ROADMAP_ITEM_NOT_FOUND);

export async function createRoadmapItem(ctx: Ctx, adminId: string, body: RoadmapItemBody) {
  const values = roadmapValues(body);
  const row = await withTransaction(ctx.db, async (tx) => {
    const item = await q.insertRoadmapItem(tx, { ...values, title: values.title ?? body.title });
    await audit(tx, {
      adminId,
      action: 'roadmap.create',
      targetType: 'roadmap_item',
      targetId: item.id,
      details: { title: item.title, status: item.status },
    });
    return item;
  });
  return { item: presentRoadmapItem(row) };
}

export async function updateRoadmapItem(
  ctx: Ctx,
  adminId: string,
  id: string,
  body: RoadmapItemUpdateBody,
) {
  const values = roadmapValues(body);
  const row = await withTransaction(ctx.db, async (tx) => {
    const item = await q.updateRoadmapItem(tx, id, values);
    if (!item) throw roadmapNotFound();
    await audit(tx, {
      adminId,
      action: 'roadmap.update',
      targetType: 'roadmap_item',
      targetId: id,
      details: { changed: Object.keys(values) },
    });
    return item;
  });
  return { item: presentRoadmapItem(row) };
}

export async function deleteRoadmapItem(ctx: Ctx, adminId: string, id: string) {
  await withTransaction(ctx.db, async (tx) => {
    if (!(await q.deleteRoadmapItem(tx, id))) throw roadmapNotFound();
    await audit(tx, {
      adminId,
      action: 'roadmap.delete',
      targetType: 'roadmap_item',
      targetId: id,
    });
  });
  return { ok: true as const, message: 'Roadmap item deleted' };
}

// ---- team ----
export async function team(ctx: Ctx): Promise<TeamResponse> {
  const rows = await q.listTeam(ctx.db);
  return {
    members: rows.map((r) => ({
      id: r.id,
      username: r.username,
      displayName: r.display_name,
      avatarUrl: r.avatar_url,
      bio: r.bio,
    })),
  };
}

// ---- contact ----
const SUBJECT_FROM_MESSAGE_MAX = 60;

/**
 * A subject for a message sent without one: its first line, cut at a word near 60 characters,
 * so the back office list still tells messages apart; a message too short for that gets
 * CONTACT_DEFAULT_SUBJECT.
 */
export function subjectFromMessage(message: string): string {
  const line = (message.split('\n').find((l) => l.trim()) ?? '').replace(/\s+/g, ' ').trim();
  const chars = [...line];
  let subject = line;
  if (chars.length > SUBJECT_FROM_MESSAGE_MAX) {
    const cut = chars.slice(0, SUBJECT_FROM_MESSAGE_MAX - 1).join('');
    const space = cut.lastIndexOf(' ');
    subject = `${(space >= SiteToolsLimits.subjectMin ? cut.slice(0, space) : cut).trimEnd()}…`;
  }
  return [...subject].length >= SiteToolsLimits.subjectMin ? subject : CONTACT_DEFAULT_SUBJECT;
}

/** The account's name and email, for a signed-in sender who left them out. */
async function senderOf(ctx: Ctx, userId: string | null, body: ContactBody) {
  if (!userId || (body.name !== undefined && body.email !== undefined)) return {};
  const user = await ctx.db
    .selectFrom('users')
    .select(['username', 'display_name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return user ? { name: user.display_name?.trim() || user.username, email: user.email } : {};
}

export async function sendContact(
  ctx: Ctx,
  userId: string | null,
  ip: string,
  body: ContactBody,
): Promise<ContactResponse> {
  const message = required('message', body.message, 1, SiteToolsLimits.messageMax, 'Message');
  const account = await senderOf(ctx, userId, body);
  const name = body.name ?? account.name;
  const email = body.email ?? account.email;
  if (name === undefined) throw invalid('name', 'Name is required');
  if (email === undefined) throw invalid('email', 'Email is required');
  const row = await ctx.db
    .insertInto('contact_messages')
    .values({
      user_id: userId,
      name: required('name', name, 1, SiteToolsLimits.nameMax, 'Name'),
      email: email.trim().toLowerCase(),
      subject:
        body.subject === undefined
          ? subjectFromMessage(message)
          : required(
              'subject',
              body.subject,
              SiteToolsLimits.subjectMin,
              SiteToolsLimits.subjectMax,
              'Subject',
            ),
      message,
      ip,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, message: SITE_TOOLS_MESSAGES.contactSent };
}

export async function listContact(
  ctx: Ctx,
  query: CommunityPageQuery,
): Promise<ContactMessagesPage> {
  const { total, rows } = await q.listContactMessages(ctx.db, {
    limit: query.limit,
    offset: pageOffset(query),
  });
  return {
    messages: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      subject: r.subject,
      message: r.message,
      userId: r.user_id,
      createdAt: iso(r.created_at),
    })),
    ...pageInfo(query, total),
  };
}

// ---- feedback ----
export async function sendFeedback(
  ctx: Ctx,
  userId: string | null,
  body: SiteFeedbackBody,
): Promise<SiteFeedbackCreatedResponse> {
  const page = body.page ? cleanText(body.page) || null : null;
  const row = await ctx.db
    .insertInto('site_feedback')
    .values({
      user_id: userId,
      rating: body.rating ?? null,
      message: cleanText(body.message ?? ''),
      page,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, message: SITE_TOOLS_MESSAGES.feedbackSent };
}

export async function listFeedback(ctx: Ctx, query: CommunityPageQuery): Promise<SiteFeedbackPage> {
  const { total, average, rows } = await q.listSiteFeedback(ctx.db, {
    limit: query.limit,
    offset: pageOffset(query),
  });
  return {
    feedback: rows.map((r) => ({
      id: r.id,
      rating: r.rating,
      message: r.message,
      page: r.page,
      user: r.user_id && r.username ? { id: r.user_id, username: r.username } : null,
      createdAt: iso(r.created_at),
    })),
    averageRating: average === null ? null : Math.round(average * 100) / 100,
    ...pageInfo(query, total),
  };
}
