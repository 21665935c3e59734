import { sql, type Kysely } from 'kysely';

/**
 * Time-ordered row ids: `uuid7()`, a UUID version 7 whose 48-bit millisecond prefix is followed
 * by 42 bits of a sequence (then 32 random bits), becomes the default id of every table that
 * used `gen_random_uuid()`.
 *
 * Lists order by `(created_at, id)`. Rows written in one transaction share `now()`, and PGlite's
 * clock moves in whole milliseconds, so ties in `created_at` are common; a random id broke them
 * at random (two messages or notices made back to back could list in either order). The
 * sequence makes a later insert's id larger, whatever the clock says, so a tie now follows the
 * order the rows were written in. Ids the code chooses itself (a payment's transaction, a new
 * account) stay random v4: none of them is written twice in one millisecond by one person.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create sequence uuid7_seq as bigint`.execute(db);
  // bytes: 6 of Unix milliseconds | 0x7 and the sequence's bits 30–41 | 0b10, its bits 0–29 and
  // 32 random bits; uuid compares bytewise, so ids of one millisecond sort by the sequence
  await sql`create function uuid7() returns uuid language sql volatile parallel safe as $$
    select encode(
      substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
        || int2send((28672 | ((n.s >> 30) & 4095))::smallint)
        || set_bit(int8send(((n.s & 1073741823) << 32) | floor(random() * 4294967296)::bigint), 7, 1),
      'hex')::uuid
    from (select nextval('uuid7_seq') as s) n
  $$`.execute(db);
  await setDefaults(db, 'gen_random_uuid()', 'uuid7()');
}

export async function down(db: Kysely<unknown>) {
  await setDefaults(db, 'uuid7()', 'gen_random_uuid()');
  await sql`drop function uuid7()`.execute(db);
  await sql`drop sequence uuid7_seq`.execute(db);
}

async function setDefaults(db: Kysely<unknown>, from: string, to: string) {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and column_default = ${from}`.execute(db);
  for (const { table_name, column_name } of rows)
    await sql`alter table ${sql.table(table_name)} alter column ${sql.ref(column_name)} set default ${sql.raw(to)}`.execute(
      db,
    );
}
