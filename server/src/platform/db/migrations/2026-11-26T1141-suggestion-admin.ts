import { sql, type Kysely } from 'kysely';

/**
 * Suggestions moderated from the back office: an `in_progress` status, the roadmap item a
 * suggestion became (optional) and when its status last changed.
 */
const OLD = ['open', 'planned', 'done', 'declined'];

async function allow(db: Kysely<unknown>, statuses: string[]) {
  await sql`alter table suggestions drop constraint if exists suggestions_status_check`.execute(db);
  await sql`alter table suggestions add constraint suggestions_status_check
    check (status in (${sql.join(statuses.map((s) => sql.lit(s)))}))`.execute(db);
}

export async function up(db: Kysely<unknown>) {
  await allow(db, [...OLD, 'in_progress']);
  await sql`alter table suggestions
    add column roadmap_item_id uuid references roadmap_items(id) on delete set null`.execute(db);
  await sql`alter table suggestions add column status_changed_at timestamptz`.execute(db);
  // the admin list filters by status, newest first
  await sql`create index suggestions_status_idx on suggestions (status, created_at desc, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index if exists suggestions_status_idx`.execute(db);
  await sql`update suggestions set status = 'planned' where status = 'in_progress'`.execute(db);
  await allow(db, OLD);
  await sql`alter table suggestions drop column roadmap_item_id`.execute(db);
  await sql`alter table suggestions drop column status_changed_at`.execute(db);
}
