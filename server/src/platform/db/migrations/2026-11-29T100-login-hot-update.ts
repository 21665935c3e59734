import { sql, type Kysely } from 'kysely';

/**
 * A login's write to `users` becomes a HOT update (docs/PERFORMANCE.md "Login"). Every login
 * sets `last_login_at` (and `first_login_at` once); while `users_last_login_idx` indexed it,
 * each login wrote a new heap tuple and a new entry into every index of `users` (14 then, two
 * of them trigram GIN), and left as many dead entries behind. With no index on either column
 * the update stays on its page and touches no index.
 *
 * - `users_last_login_idx` served only the admin users list sorted by last sign-in. That sort
 *   now reads the matching accounts and keeps the page's top rows (a top-N sort), the same
 *   scan the list's total already makes on every page.
 * - `users_created_idx` (2026-11-22T1150-admin) duplicated `users_created_at_idx`
 *   (foundation) column for column: one more entry written by every insert and every non-HOT
 *   update of `users` (follows and posts change indexed counters), read by nothing the other
 *   cannot serve.
 * - `fillfactor = 90` leaves room on each page for the new version of a row, so the first
 *   login of an account on a full page can stay HOT too. It applies to pages written from now
 *   on (a new database, or rows as they move); existing pages fill up as before.
 */
export async function up(db: Kysely<unknown>) {
  await sql`drop index if exists users_last_login_idx`.execute(db);
  await sql`drop index if exists users_created_idx`.execute(db);
  await sql`alter table users set (fillfactor = 90)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`alter table users reset (fillfactor)`.execute(db);
  await sql`create index if not exists users_created_idx on users (created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index if not exists users_last_login_idx
    on users (last_login_at desc nulls last, id desc)`.execute(db);
}
