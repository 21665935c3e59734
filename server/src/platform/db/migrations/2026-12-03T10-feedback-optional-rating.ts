import { sql, type Kysely } from 'kysely';

/**
 * `site_feedback.rating` becomes optional: POST /feedback takes a message without a rating
 * (SPEC §7 lists feedback as a simple call with no required fields). The 1–5 check stays; a
 * null passes it, and avg() (the admin list's average) skips nulls. Dropping NOT NULL touches
 * only the catalogue, not the rows.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table site_feedback alter column rating drop not null`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  // feedback without a rating cannot be given one after the fact
  await sql`delete from site_feedback where rating is null`.execute(db);
  await sql`alter table site_feedback alter column rating set not null`.execute(db);
}
