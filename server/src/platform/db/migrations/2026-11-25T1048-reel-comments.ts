import { sql, type Kysely } from 'kysely';

/** Comments on reels, and their count on the reel. docs/ARCHITECTURE.md "Communities, reels and productions". */
export async function up(db: Kysely<unknown>) {
  await sql`alter table reels add column comment_count integer not null default 0`.execute(db);
  await sql`
    create table reel_comments (
      id uuid primary key default gen_random_uuid(),
      reel_id uuid not null references reels(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      content text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index reel_comments_list_idx on reel_comments (reel_id, created_at, id)`.execute(
    db,
  );
  await sql`create index reel_comments_user_idx on reel_comments (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists reel_comments`.execute(db);
  await sql`alter table reels drop column if exists comment_count`.execute(db);
}
