import { sql } from 'kysely';
import type { AdminSortField, SupportStatus } from '@fanspace/contracts';
import { orderByAll, sortClauses, type SortColumns } from '../../platform/http/page-sorting.ts';
import type { DbHandle } from '../../platform/db/database.ts';
import type { SupportTicketsTable } from '../../platform/db/schema.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';

/** SQL of the support desk (Kysely only; rules live in support.service.ts). */

/** A ticket with its opener and message count, as the presenter needs it. */
function ticketsWithUser(db: DbHandle) {
  return db
    .selectFrom('support_tickets as t')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id',
      't.user_id',
      't.subject',
      't.category',
      't.status',
      't.priority',
      't.close_reason',
      't.created_at',
      't.updated_at',
      't.last_message_at',
      't.closed_at',
      'u.username',
      'u.display_name',
      'u.avatar_url',
      (eb) =>
        eb
          .selectFrom('support_ticket_messages as m')
          .select((e) => e.fn.countAll<string>().as('n'))
          .whereRef('m.ticket_id', '=', 't.id')
          .as('messages_count'),
    ]);
}
export type TicketListRow = Awaited<
  ReturnType<ReturnType<typeof ticketsWithUser>['executeTakeFirstOrThrow']>
>;

export function findTicket(db: DbHandle, id: string) {
  return ticketsWithUser(db).where('t.id', '=', id).executeTakeFirst();
}

/** The row alone, locked for the rest of the transaction (status changes serialise). */
export function lockTicket(tx: DbHandle, id: string) {
  return tx
    .selectFrom('support_tickets')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function insertTicket(
  tx: DbHandle,
  values: {
    userId: string;
    subject: string;
    category: SupportTicketsTable['category'];
    priority: 'normal' | 'high';
  },
) {
  return tx
    .insertInto('support_tickets')
    .values({
      user_id: values.userId,
      subject: values.subject,
      category: values.category,
      priority: values.priority,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function insertMessage(
  tx: DbHandle,
  values: { ticketId: string; authorId: string; fromStaff: boolean; body: string },
) {
  const row = await tx
    .insertInto('support_ticket_messages')
    .values({
      ticket_id: values.ticketId,
      author_id: values.authorId,
      from_staff: values.fromStaff,
      body: values.body,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await tx
    .updateTable('support_tickets')
    .set({ updated_at: sql`now()`, last_message_at: row.created_at })
    .where('id', '=', values.ticketId)
    .execute();
  return row;
}

export function setStatus(
  tx: DbHandle,
  id: string,
  status: SupportStatus,
  close?: { by: string; reason: string | null },
) {
  return tx
    .updateTable('support_tickets')
    .set({
      status,
      updated_at: sql`now()`,
      ...(close
        ? { closed_at: sql`now()`, closed_by: close.by, close_reason: close.reason }
        : { closed_at: null, closed_by: null, close_reason: null }),
    })
    .where('id', '=', id)
    .execute();
}

export function messagesOf(db: DbHandle, ticketId: string) {
  return db
    .selectFrom('support_ticket_messages')
    .selectAll()
    .where('ticket_id', '=', ticketId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

interface Page {
  page: number;
  limit: number;
}
const offsetOf = (query: Page) => (query.page - 1) * query.limit;

/** The caller's own tickets, newest first. */
export async function listForUser(
  db: DbHandle,
  userId: string,
  query: Page & { status?: SupportStatus | undefined },
) {
  let base = db.selectFrom('support_tickets as t').where('t.user_id', '=', userId);
  if (query.status) base = base.where('t.status', '=', query.status);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ticketsWithUser(db)
      .where('t.user_id', '=', userId)
      .$if(Boolean(query.status), (qb) => qb.where('t.status', '=', query.status!))
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(query.limit)
      .offset(offsetOf(query))
      .execute(),
  ]);
  return { rows, total: Number(total) };
}

/** The queue's workflow order: open, answered, closed. */
const STATUS_RANK = sql<number>`case t.status when 'open' then 0 when 'answered' then 1 else 2 end`;

const STAFF_SORT: SortColumns<AdminSortField<'supportTickets'>> = {
  createdAt: 't.created_at',
  updatedAt: 't.updated_at',
  priority: sql<number>`case t.priority when 'high' then 1 else 0 end`,
  status: STATUS_RANK,
};

/**
 * The staff queue. `active` (default): open and answered tickets, open before answered,
 * oldest first, so the longest wait is on top. `closed`: most recently closed first. A
 * `sortBy` (with `order`, default desc) replaces either order.
 */
export async function listForStaff(
  db: DbHandle,
  query: Page & {
    status?: SupportStatus | 'active' | 'all' | undefined;
    search?: string | undefined;
    priority?: 'normal' | 'high' | undefined;
    sortBy?: AdminSortField<'supportTickets'> | undefined;
    order?: 'asc' | 'desc' | undefined;
  },
) {
  const status = query.status ?? 'active';
  const search = query.search?.trim();
  const filtered = <Q extends ReturnType<typeof ticketsWithUser>>(qb: Q): Q => {
    let q = qb;
    if (status === 'active') q = q.where('t.status', 'in', ['open', 'answered']) as Q;
    else if (status !== 'all') q = q.where('t.status', '=', status) as Q;
    if (query.priority) q = q.where('t.priority', '=', query.priority) as Q;
    if (search) {
      const pattern = likePattern(search);
      q = q.where((eb) =>
        eb.or([eb('t.subject', 'ilike', pattern), eb('u.username', 'ilike', pattern)]),
      ) as Q;
    }
    return q;
  };
  const counted = filtered(ticketsWithUser(db));
  const [{ total }, rows] = await Promise.all([
    db
      .selectFrom(counted.as('c'))
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
    (query.sortBy
      ? orderByAll(
          filtered(ticketsWithUser(db)),
          sortClauses(STAFF_SORT, query, { sortBy: query.sortBy, order: 'desc' }, 't.id'),
        )
      : status === 'closed'
        ? filtered(ticketsWithUser(db)).orderBy('t.closed_at', 'desc').orderBy('t.id', 'asc')
        : filtered(ticketsWithUser(db))
            .orderBy(STATUS_RANK, 'asc')
            .orderBy('t.created_at', 'asc')
            .orderBy('t.id', 'asc')
    )
      .limit(query.limit)
      .offset(offsetOf(query))
      .execute(),
  ]);
  return { rows, total: Number(total) };
}
