import { sql, type Kysely } from 'kysely';

/** A `collaboration` notification type (invites and their answers); appended to the check. */
const TYPES = [
  'follow',
  'like',
  'comment',
  'mention',
  'subscription',
  'tip',
  'purchase',
  'message',
  'payout',
  'admin',
  'system',
];

async function allow(db: Kysely<unknown>, types: string[]) {
  await sql`alter table notifications drop constraint if exists notifications_type_check`.execute(
    db,
  );
  await sql`alter table notifications add constraint notifications_type_check
    check (type in (${sql.join(types.map((t) => sql.lit(t)))}))`.execute(db);
}

export async function up(db: Kysely<unknown>) {
  await allow(db, [...TYPES, 'collaboration']);
}

export async function down(db: Kysely<unknown>) {
  await sql`delete from notifications where type = 'collaboration'`.execute(db);
  await allow(db, TYPES);
}
