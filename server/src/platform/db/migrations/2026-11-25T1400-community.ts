import { sql, type Kysely } from 'kysely';

/**
 * Community pages, rights notices and onboarding: suggestions with one vote per user, the
 * admin-edited roadmap, contact messages, site feedback, DMCA notices (with the posts they
 * name, so the affected creator can find and answer them) and dismissed onboarding steps.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table suggestions (
      id uuid primary key default gen_random_uuid(),
      user_id uuid references users(id) on delete set null,
      title text not null check (char_length(title) between 3 and 120),
      description text not null default '' check (char_length(description) <= 2000),
      status text not null default 'open' check (status in ('open', 'planned', 'done', 'declined')),
      votes_count integer not null default 0 check (votes_count >= 0),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index suggestions_top_idx on suggestions (votes_count desc, created_at desc, id)`.execute(
    db,
  );
  await sql`create index suggestions_new_idx on suggestions (created_at desc, id)`.execute(db);
  await sql`
    create table suggestion_votes (
      suggestion_id uuid not null references suggestions(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (suggestion_id, user_id)
    )`.execute(db);
  await sql`create index suggestion_votes_user_idx on suggestion_votes (user_id, suggestion_id)`.execute(
    db,
  );

  await sql`
    create table roadmap_items (
      id uuid primary key default gen_random_uuid(),
      title text not null check (char_length(title) between 3 and 120),
      description text not null default '' check (char_length(description) <= 2000),
      status text not null default 'planned' check (status in ('planned', 'in_progress', 'done')),
      eta text check (char_length(eta) <= 40),
      position integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index roadmap_items_order_idx on roadmap_items (position, created_at, id)`.execute(
    db,
  );

  await sql`
    create table contact_messages (
      id uuid primary key default gen_random_uuid(),
      user_id uuid references users(id) on delete set null,
      name text not null,
      email text not null,
      subject text not null,
      message text not null,
      ip text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index contact_messages_recent_idx on contact_messages (created_at desc, id desc)`.execute(
    db,
  );

  await sql`
    create table site_feedback (
      id uuid primary key default gen_random_uuid(),
      user_id uuid references users(id) on delete set null,
      rating smallint not null check (rating between 1 and 5),
      message text not null default '',
      page text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index site_feedback_recent_idx on site_feedback (created_at desc, id desc)`.execute(
    db,
  );

  await sql`
    create table dmca_notices (
      id uuid primary key default gen_random_uuid(),
      user_id uuid references users(id) on delete set null,
      claimant_name text not null,
      email text not null,
      copyrighted_work text not null,
      infringing_urls jsonb not null default '[]',
      statement text not null,
      signature text not null,
      status text not null default 'submitted'
        check (status in ('submitted', 'reviewing', 'actioned', 'rejected', 'countered')),
      notes text,
      content_removed boolean not null default false,
      counter_statement text,
      counter_signature text,
      counter_by uuid references users(id) on delete set null,
      counter_at timestamptz,
      ip text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index dmca_notices_queue_idx on dmca_notices (status, created_at desc, id)`.execute(
    db,
  );
  await sql`create index dmca_notices_recent_idx on dmca_notices (created_at desc, id)`.execute(db);
  await sql`create index dmca_notices_user_idx on dmca_notices (user_id, created_at desc)`.execute(
    db,
  );
  await sql`create index dmca_notices_email_idx on dmca_notices (lower(email), created_at desc)`.execute(
    db,
  );
  await sql`
    create table dmca_notice_posts (
      notice_id uuid not null references dmca_notices(id) on delete cascade,
      post_id uuid not null references posts(id) on delete cascade,
      creator_id uuid not null references users(id) on delete cascade,
      primary key (notice_id, post_id)
    )`.execute(db);
  await sql`create index dmca_notice_posts_creator_idx on dmca_notice_posts (creator_id, notice_id)`.execute(
    db,
  );

  await sql`
    create table onboarding_dismissals (
      user_id uuid not null references users(id) on delete cascade,
      step text not null,
      created_at timestamptz not null default now(),
      primary key (user_id, step)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    'onboarding_dismissals',
    'dmca_notice_posts',
    'dmca_notices',
    'site_feedback',
    'contact_messages',
    'roadmap_items',
    'suggestion_votes',
    'suggestions',
  ])
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
}
