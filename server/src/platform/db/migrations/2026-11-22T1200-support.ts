import { sql, type Kysely } from 'kysely';

/**
 * The support desk: tickets users open (with a first message) and the thread of messages
 * between the user and staff. Staff answers and closes are audit-logged by the service.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table support_tickets (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      subject text not null check (char_length(subject) between 3 and 140),
      category text not null
        check (category in ('account', 'payments', 'content', 'safety', 'bug', 'other')),
      status text not null default 'open' check (status in ('open', 'answered', 'closed')),
      priority text not null default 'normal' check (priority in ('normal', 'high')),
      close_reason text,
      closed_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      last_message_at timestamptz not null default now(),
      closed_at timestamptz
    )`.execute(db);
  await sql`create index support_tickets_user_idx on support_tickets (user_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index support_tickets_queue_idx on support_tickets (status, created_at, id)`.execute(
    db,
  );

  await sql`
    create table support_ticket_messages (
      id uuid primary key default gen_random_uuid(),
      ticket_id uuid not null references support_tickets(id) on delete cascade,
      author_id uuid references users(id) on delete set null,
      from_staff boolean not null default false,
      body text not null check (char_length(body) between 1 and 5000),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index support_ticket_messages_ticket_idx on support_ticket_messages (ticket_id, created_at, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists support_ticket_messages`.execute(db);
  await sql`drop table if exists support_tickets`.execute(db);
}
