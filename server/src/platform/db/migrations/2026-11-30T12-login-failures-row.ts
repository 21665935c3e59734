import { sql, type Kysely } from 'kysely';

/**
 * One `login_failures` row per account and address instead of one per attempt
 * (docs/PERFORMANCE.md "Login: the gate in one statement"). The row holds the times of the
 * attempts not yet cleared by a success, oldest first. The login gate records an attempt with
 * one upsert: concurrent attempts on one account and address queue on that row, and each sees
 * the version the previous one committed, so the count and the append are one atomic step
 * (a row per attempt needed a committed insert, then a separate count).
 *
 * `login_attempts_since(times, since)`: the times after `since`, in order – the window filter
 * the gate applies to the stored times before it counts and appends.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create function login_attempts_since(times timestamptz[], since timestamptz)
    returns timestamptz[] language sql immutable parallel safe
    as $$ select coalesce(array_agg(t order by t), '{}') from unnest(times) t where t > since $$`.execute(
    db,
  );
  await sql`create table login_failures_by_key (
    account_key text not null,
    ip text not null,
    attempted_at timestamptz[] not null,
    refused boolean not null default false,
    primary key (account_key, ip)
  )`.execute(db);
  await sql`insert into login_failures_by_key (account_key, ip, attempted_at)
    select account_key, ip, array_agg(created_at order by created_at)
    from login_failures group by account_key, ip`.execute(db);
  await sql`drop table login_failures`.execute(db);
  await sql`alter table login_failures_by_key rename to login_failures`.execute(db);
  await sql`alter table login_failures rename constraint login_failures_by_key_pkey to login_failures_pkey`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await sql`alter table login_failures rename to login_failures_by_key`.execute(db);
  await sql`alter table login_failures_by_key rename constraint login_failures_pkey to login_failures_by_key_pkey`.execute(
    db,
  );
  await sql`create table login_failures (
    id bigserial primary key,
    account_key text not null,
    ip text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index login_failures_key_idx on login_failures (account_key, ip, created_at)`.execute(
    db,
  );
  await sql`insert into login_failures (account_key, ip, created_at)
    select account_key, ip, unnest(attempted_at) from login_failures_by_key`.execute(db);
  await sql`drop table login_failures_by_key`.execute(db);
  await sql`drop function login_attempts_since(timestamptz[], timestamptz)`.execute(db);
}
