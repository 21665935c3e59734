import { sql, type Kysely } from 'kysely';

/**
 * Privacy and data tools (modules/data-tools): export and import jobs, account deletion
 * requests with a grace period, append-only consent records, per-user retention settings and
 * the measured stored size of media items (storage usage).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table data_exports (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      type text not null check (type in
        ('all', 'profile', 'posts', 'messages', 'media', 'transactions', 'followers', 'subscribers')),
      format text not null check (format in ('json', 'csv')),
      status text not null default 'pending'
        check (status in ('pending', 'processing', 'completed', 'failed')),
      progress integer not null default 0 check (progress between 0 and 100),
      storage_key text,
      filename text,
      size_bytes bigint,
      file_count integer,
      error text,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      -- moved while a worker runs the export: a stale one may be taken over
      heartbeat_at timestamptz,
      completed_at timestamptz,
      expires_at timestamptz
    )`.execute(db);
  await sql`create index data_exports_user_idx on data_exports (user_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index data_exports_expiry_idx on data_exports (expires_at) where expires_at is not null`.execute(
    db,
  );

  await sql`
    create table data_imports (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      type text not null check (type in ('profile', 'social-links', 'media')),
      format text not null check (format in ('zip', 'json', 'csv')),
      status text not null default 'pending'
        check (status in ('pending', 'processing', 'completed', 'failed')),
      progress integer not null default 0 check (progress between 0 and 100),
      storage_key text,
      filename text not null,
      size_bytes bigint not null,
      result jsonb,
      error text,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      heartbeat_at timestamptz,
      completed_at timestamptz
    )`.execute(db);
  await sql`create index data_imports_user_idx on data_imports (user_id, created_at desc, id desc)`.execute(
    db,
  );

  await sql`
    create table account_deletion_requests (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      reason text,
      status text not null default 'pending' check (status in ('pending', 'cancelled', 'completed')),
      requested_at timestamptz not null default now(),
      scheduled_for timestamptz not null,
      cancelled_at timestamptz,
      completed_at timestamptz
    )`.execute(db);
  // one pending request per account: concurrent requests meet here
  await sql`create unique index account_deletion_requests_pending_idx on account_deletion_requests (user_id) where status = 'pending'`.execute(
    db,
  );
  await sql`create index account_deletion_requests_user_idx on account_deletion_requests (user_id, requested_at desc)`.execute(
    db,
  );

  await sql`
    create table consent_records (
      id bigserial primary key,
      user_id uuid not null references users(id),
      consent_type text not null
        check (consent_type in ('terms', 'privacy', 'marketing', 'analytics', 'personalization')),
      granted boolean not null,
      version text not null,
      ip text,
      user_agent text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index consent_records_user_idx on consent_records (user_id, id desc)`.execute(
    db,
  );
  // the history is evidence: a withdrawal is a new record, never an edit
  await sql`
    create function consent_records_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'consent_records is append-only';
    end $$`.execute(db);
  await sql`
    create trigger consent_records_no_change before update or delete on consent_records
    for each row execute function consent_records_append_only()`.execute(db);

  await sql`
    create table data_retention_settings (
      user_id uuid primary key references users(id) on delete cascade,
      messages_days integer check (messages_days between 7 and 3650),
      notifications_days integer check (notifications_days between 7 and 3650),
      updated_at timestamptz not null default now(),
      last_run_at timestamptz
    )`.execute(db);

  await sql`
    create table media_stored_sizes (
      media_id uuid primary key references media_items(id) on delete cascade,
      owner_id uuid not null references users(id) on delete cascade,
      stored_bytes bigint not null,
      file_count integer not null,
      measured_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index media_stored_sizes_owner_idx on media_stored_sizes (owner_id)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists media_stored_sizes`.execute(db);
  await sql`drop table if exists data_retention_settings`.execute(db);
  await sql`drop trigger if exists consent_records_no_change on consent_records`.execute(db);
  await sql`drop table if exists consent_records`.execute(db);
  await sql`drop function if exists consent_records_append_only()`.execute(db);
  await sql`drop table if exists account_deletion_requests`.execute(db);
  await sql`drop table if exists data_imports`.execute(db);
  await sql`drop table if exists data_exports`.execute(db);
}
