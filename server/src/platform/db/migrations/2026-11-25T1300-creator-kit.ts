import { sql, type Kysely } from 'kysely';

/**
 * The creator kit (docs/ARCHITECTURE.md "Creator kit"): creator notes about fans, message and
 * post templates, automation rules with their run log (one run per rule and event: the unique
 * key makes the job idempotent) and post collaborations (one open or accepted invite per post).
 * Profile widgets live in users.profile.widgets (the array /vibes/widgets reads and writes).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table creator_notes (
      id uuid primary key default gen_random_uuid(),
      creator_id uuid not null references users(id) on delete cascade,
      fan_id uuid not null references users(id) on delete cascade,
      note text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index creator_notes_fan_idx on creator_notes (creator_id, fan_id, updated_at desc)`.execute(
    db,
  );
  await sql`create index creator_notes_recent_idx on creator_notes (creator_id, updated_at desc)`.execute(
    db,
  );

  await sql`
    create table creator_templates (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      type text not null check (type in ('message', 'post')),
      name text not null,
      body text not null,
      price_cents integer check (price_cents is null or price_cents > 0),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index creator_templates_user_idx on creator_templates (user_id, type, name)`.execute(
    db,
  );

  await sql`
    create table automation_rules (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      name text not null,
      trigger text not null check (trigger in
        ('new_subscriber', 'tip_received', 'subscription_renewed', 'subscription_expired')),
      action jsonb not null,
      enabled boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index automation_rules_user_idx on automation_rules (user_id, created_at)`.execute(
    db,
  );
  await sql`create index automation_rules_trigger_idx on automation_rules (user_id, trigger)
    where enabled`.execute(db);

  await sql`
    create table automation_runs (
      id bigserial primary key,
      rule_id uuid not null references automation_rules(id) on delete cascade,
      event_key text not null,
      trigger text not null,
      fan_id uuid references users(id) on delete set null,
      status text not null check (status in ('sent', 'skipped')),
      reason text,
      message_id uuid,
      chat_id uuid,
      created_at timestamptz not null default now(),
      unique (rule_id, event_key)
    )`.execute(db);
  await sql`create index automation_runs_rule_idx on automation_runs (rule_id, id desc)`.execute(
    db,
  );

  await sql`
    create table collaborations (
      id uuid primary key default gen_random_uuid(),
      post_id uuid not null references posts(id) on delete cascade,
      owner_id uuid not null references users(id) on delete cascade,
      collaborator_id uuid not null references users(id) on delete cascade,
      split_percent integer not null check (split_percent between 1 and 90),
      -- what the collaborator received from this post so far (kept with each split)
      earned_cents bigint not null default 0,
      status text not null default 'pending' check (status in ('pending', 'accepted', 'declined')),
      created_at timestamptz not null default now(),
      responded_at timestamptz,
      check (owner_id <> collaborator_id)
    )`.execute(db);
  // one live (pending or accepted) collaboration per post; declined ones stay as history
  await sql`create unique index collaborations_post_live_idx on collaborations (post_id)
    where status in ('pending', 'accepted')`.execute(db);
  await sql`create index collaborations_owner_idx on collaborations (owner_id, created_at desc)`.execute(
    db,
  );
  await sql`create index collaborations_collaborator_idx on collaborations (collaborator_id, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists collaborations`.execute(db);
  await sql`drop table if exists automation_runs`.execute(db);
  await sql`drop table if exists automation_rules`.execute(db);
  await sql`drop table if exists creator_templates`.execute(db);
  await sql`drop table if exists creator_notes`.execute(db);
}
