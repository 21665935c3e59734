import {
  ErrorCodes,
  SUPPORT_MESSAGES,
  SupportLimits,
  type AdminSupportTicketsQuery,
  type CreateSupportTicketBody,
  type SupportMessage,
  type SupportTicket,
  type SupportTicketDetailResponse,
  type SupportTicketResponse,
  type SupportTicketsPage,
  type SupportTicketsQuery,
  type SupportThreadResponse,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle } from '../../platform/db/database.ts';
import type { SupportTicketMessageRow, SupportTicketRow } from '../../platform/db/schema.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/errors.ts';
import { audit } from '../admin/audit.ts';
import { notify } from '../notifications/notify.ts';
import { cleanText } from '../users/profile-rules.ts';
import {
  findTicket,
  insertMessage,
  insertTicket,
  listForStaff,
  listForUser,
  lockTicket,
  messagesOf,
  setStatus,
  type TicketListRow,
} from './support.queries.ts';
import { pageInfo } from '../../platform/http/page-paging.ts';

/**
 * The support desk's rules. A ticket is open while it waits for staff, answered once staff
 * replied (a user follow-up makes it open again) and closed for good: a closed ticket takes no
 * more messages (409). Users only ever see their own tickets (anyone else's is a 404, never a
 * 403, so ids do not leak). Staff actions are audit-logged in the same transaction and notify
 * the user.
 */
type SupportCtx = Pick<AppContext, 'db'>;

const notFound = () => new NotFoundError(SUPPORT_MESSAGES.notFound, ErrorCodes.NOT_FOUND);
const closedConflict = () =>
  new ConflictError(ErrorCodes.CONFLICT, SUPPORT_MESSAGES.closedRefused, { status: 'closed' });

function invalid(field: string, message: string) {
  return new BadRequestError(message, ErrorCodes.VALIDATION_FAILED, { field });
}

/** Control characters stripped and trimmed; still within its limits afterwards. */
function cleanSubject(raw: string) {
  const subject = cleanText(raw).replace(/\s+/g, ' ');
  if (subject.length < SupportLimits.subjectMin || subject.length > SupportLimits.subjectMax)
    throw invalid(
      'subject',
      `Subject must be ${SupportLimits.subjectMin}–${SupportLimits.subjectMax} characters long`,
    );
  return subject;
}

function cleanBody(raw: string, field = 'message') {
  const body = cleanText(raw);
  if (body.length < SupportLimits.messageMin || body.length > SupportLimits.messageMax)
    throw invalid(field, `Message must be 1–${SupportLimits.messageMax} characters long`);
  return body;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export function presentTicket(row: TicketListRow): SupportTicket {
  return {
    id: row.id,
    subject: row.subject,
    category: row.category,
    status: row.status,
    priority: row.priority,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    closedAt: row.closed_at ? iso(row.closed_at) : null,
    closeReason: row.close_reason,
    lastMessageAt: iso(row.last_message_at),
    messagesCount: Number(row.messages_count ?? 0),
    user: row.username
      ? {
          id: row.user_id,
          username: row.username,
          displayName: row.display_name,
          avatarUrl: row.avatar_url,
        }
      : null,
  };
}

export function presentMessage(row: SupportTicketMessageRow): SupportMessage {
  return {
    id: row.id,
    ticketId: row.ticket_id,
    authorId: row.author_id,
    fromStaff: row.from_staff,
    body: row.body,
    createdAt: iso(row.created_at),
  };
}

async function thread(db: DbHandle, id: string, message?: string): Promise<SupportThreadResponse> {
  const [row, messages] = await Promise.all([findTicket(db, id), messagesOf(db, id)]);
  if (!row) throw notFound();
  return {
    ticket: presentTicket(row),
    messages: messages.map(presentMessage),
    ...(message ? { message } : {}),
  };
}

/** A ticket the user owns, locked; anyone else's is "not found". */
async function ownTicket(tx: DbHandle, userId: string, id: string): Promise<SupportTicketRow> {
  const ticket = await lockTicket(tx, id);
  if (!ticket || ticket.user_id !== userId) throw notFound();
  return ticket;
}

// ---- user side ----

/** POST /support-tickets: the ticket and its first message; safety reports are high priority. */
export async function createTicket(
  ctx: SupportCtx,
  userId: string,
  body: CreateSupportTicketBody,
): Promise<SupportTicketResponse> {
  const subject = cleanSubject(body.subject);
  const first = body.message ?? body.description;
  if (first === undefined) throw invalid('message', 'Message is required');
  const message = cleanBody(first);
  const category = body.category ?? 'other';
  const id = await withTransaction(ctx.db, async (tx) => {
    const { id } = await insertTicket(tx, {
      userId,
      subject,
      category,
      priority: category === 'safety' ? 'high' : 'normal',
    });
    await insertMessage(tx, { ticketId: id, authorId: userId, fromStaff: false, body: message });
    return id;
  });
  const ticket = presentTicket((await findTicket(ctx.db, id))!);
  return { ...ticket, ticket, message: SUPPORT_MESSAGES.created };
}

export async function listMyTickets(
  ctx: SupportCtx,
  userId: string,
  query: SupportTicketsQuery,
): Promise<SupportTicketsPage> {
  const { rows, total } = await listForUser(ctx.db, userId, query);
  return { tickets: rows.map(presentTicket), ...pageInfo(query, total) };
}

export async function getMyTicket(
  ctx: SupportCtx,
  userId: string,
  id: string,
): Promise<SupportTicketDetailResponse> {
  const row = await findTicket(ctx.db, id);
  if (!row || row.user_id !== userId) throw notFound();
  const detail = await thread(ctx.db, id);
  return { ...detail.ticket, ...detail };
}

/** A follow-up: reopens an answered ticket; a closed one refuses it. */
export async function addUserMessage(
  ctx: SupportCtx,
  userId: string,
  id: string,
  raw: string,
): Promise<SupportThreadResponse> {
  const body = cleanBody(raw);
  await withTransaction(ctx.db, async (tx) => {
    const ticket = await ownTicket(tx, userId, id);
    if (ticket.status === 'closed') throw closedConflict();
    await insertMessage(tx, { ticketId: id, authorId: userId, fromStaff: false, body });
    if (ticket.status !== 'open') await setStatus(tx, id, 'open');
  });
  return thread(ctx.db, id);
}

export async function closeMyTicket(
  ctx: SupportCtx,
  userId: string,
  id: string,
): Promise<SupportThreadResponse> {
  await withTransaction(ctx.db, async (tx) => {
    const ticket = await ownTicket(tx, userId, id);
    if (ticket.status === 'closed')
      throw new ConflictError(ErrorCodes.CONFLICT, 'This ticket is already closed');
    await setStatus(tx, id, 'closed', { by: userId, reason: null });
  });
  return thread(ctx.db, id, SUPPORT_MESSAGES.closed);
}

// ---- staff side ----

export async function listQueue(
  ctx: SupportCtx,
  query: AdminSupportTicketsQuery,
): Promise<SupportTicketsPage> {
  const { rows, total } = await listForStaff(ctx.db, query);
  return { tickets: rows.map(presentTicket), ...pageInfo(query, total) };
}

export async function getTicketForStaff(ctx: SupportCtx, id: string) {
  return thread(ctx.db, id);
}

const excerpt = (text: string, max = 80) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/** Staff answer: status answered, audit row and a notification to the user, one transaction. */
export async function replyToTicket(
  ctx: SupportCtx,
  adminId: string,
  id: string,
  raw: string,
): Promise<SupportThreadResponse> {
  const body = cleanBody(raw);
  await withTransaction(ctx.db, async (tx) => {
    const ticket = await lockTicket(tx, id);
    if (!ticket) throw notFound();
    if (ticket.status === 'closed') throw closedConflict();
    const message = await insertMessage(tx, {
      ticketId: id,
      authorId: adminId,
      fromStaff: true,
      body,
    });
    await setStatus(tx, id, 'answered');
    await audit(tx, {
      adminId,
      action: 'support.reply',
      targetType: 'support_ticket',
      targetId: id,
      details: { messageId: message.id, userId: ticket.user_id, previousStatus: ticket.status },
    });
    await notify(tx, {
      userId: ticket.user_id,
      type: 'admin',
      relatedType: 'support_ticket',
      relatedId: id,
      data: {
        message: `Support replied to your request "${excerpt(ticket.subject, 60)}"`,
        ticketId: id,
        subject: ticket.subject,
        url: `/support/${id}`,
        preview: excerpt(body),
      },
    });
  });
  return thread(ctx.db, id, SUPPORT_MESSAGES.replied);
}

export async function closeTicketAsStaff(
  ctx: SupportCtx,
  adminId: string,
  id: string,
  rawReason: string | undefined,
): Promise<SupportThreadResponse> {
  const reason = rawReason ? cleanText(rawReason) || null : null;
  await withTransaction(ctx.db, async (tx) => {
    const ticket = await lockTicket(tx, id);
    if (!ticket) throw notFound();
    if (ticket.status === 'closed')
      throw new ConflictError(ErrorCodes.CONFLICT, 'This ticket is already closed');
    await setStatus(tx, id, 'closed', { by: adminId, reason });
    await audit(tx, {
      adminId,
      action: 'support.close',
      targetType: 'support_ticket',
      targetId: id,
      reason,
      details: { userId: ticket.user_id, previousStatus: ticket.status },
    });
    await notify(tx, {
      userId: ticket.user_id,
      type: 'admin',
      relatedType: 'support_ticket',
      relatedId: id,
      data: {
        message: `Your support request "${excerpt(ticket.subject, 60)}" was closed`,
        ticketId: id,
        subject: ticket.subject,
        url: `/support/${id}`,
        ...(reason ? { reason } : {}),
      },
    });
  });
  return thread(ctx.db, id, SUPPORT_MESSAGES.closed);
}
