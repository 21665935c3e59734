import { sql, type Kysely } from 'kysely';

/**
 * DMCA counter-notice outcome: a countered notice is restored (posts back online) or upheld
 * (kept down, the claimant went to court). `restore_after` is when a countered notice restores
 * itself if no admin decided; `removed_at` on a named post is the deletion time the takedown
 * gave it, so a restore brings back exactly the posts this notice took down.
 */
const OLD = ['submitted', 'reviewing', 'actioned', 'rejected', 'countered'];

async function allow(db: Kysely<unknown>, statuses: string[]) {
  await sql`alter table dmca_notices drop constraint if exists dmca_notices_status_check`.execute(
    db,
  );
  await sql`alter table dmca_notices add constraint dmca_notices_status_check
    check (status in (${sql.join(statuses.map((s) => sql.lit(s)))}))`.execute(db);
}

export async function up(db: Kysely<unknown>) {
  await allow(db, [...OLD, 'restored', 'upheld']);
  await sql`alter table dmca_notices add column restore_after timestamptz`.execute(db);
  await sql`alter table dmca_notice_posts add column removed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`update dmca_notices set status = 'countered' where status in ('restored', 'upheld')`.execute(
    db,
  );
  await allow(db, OLD);
  await sql`alter table dmca_notices drop column restore_after`.execute(db);
  await sql`alter table dmca_notice_posts drop column removed_at`.execute(db);
}
