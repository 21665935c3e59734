import { sql, type Kysely } from 'kysely';

/**
 * The back office (admin module): an append-only audit log of every admin action, warnings
 * given to accounts, and how a report was resolved.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table admin_audit_log (
      id bigint generated always as identity primary key,
      admin_id uuid references users(id) on delete set null,
      action text not null,
      target_type text,
      target_id text,
      reason text,
      details jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index admin_audit_log_recent_idx on admin_audit_log (created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index admin_audit_log_target_idx on admin_audit_log (target_id, created_at desc)`.execute(
    db,
  );
  // append-only in the database, not only in code: corrections are new entries
  await sql`
    create function admin_audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'admin_audit_log is append-only';
    end $$`.execute(db);
  await sql`
    create trigger admin_audit_log_no_change before update or delete on admin_audit_log
    for each row execute function admin_audit_log_append_only()`.execute(db);

  await sql`
    create table user_warnings (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      admin_id uuid references users(id) on delete set null,
      reason text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index user_warnings_user_idx on user_warnings (user_id, created_at desc)`.execute(
    db,
  );

  await sql`alter table reports add column action text`.execute(db);
  await sql`alter table reports add column notes text`.execute(db);
  await sql`alter table reports add column resolved_by uuid references users(id) on delete set null`.execute(
    db,
  );
  await sql`create index reports_target_idx on reports (target_id)`.execute(db);
  await sql`create index users_created_idx on users (created_at desc, id desc)`.execute(db);
  // an admin invited the entry to the beta (from the waitlist section)
  await sql`alter table waitlist_entries add column invited_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`alter table waitlist_entries drop column if exists invited_at`.execute(db);
  await sql`drop index if exists users_created_idx`.execute(db);
  await sql`drop index if exists reports_target_idx`.execute(db);
  await sql`alter table reports drop column if exists resolved_by`.execute(db);
  await sql`alter table reports drop column if exists notes`.execute(db);
  await sql`alter table reports drop column if exists action`.execute(db);
  await sql`drop table if exists user_warnings`.execute(db);
  await sql`drop table if exists admin_audit_log`.execute(db);
  await sql`drop function if exists admin_audit_log_append_only()`.execute(db);
}
