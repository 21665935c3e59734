import { sql } from 'kysely';
import type { Db } from '../../src/platform/db/database.ts';

/**
 * "No state change on rejection", measured: a row-level trigger on every application table
 * (generated from information_schema, installed in the test database only) appends
 * (table, operation) to `test_write_log` inside the writing transaction. A rolled-back write
 * leaves no log row, a committed insert, update or delete leaves one per row. So the log's
 * highest id before a request and the rows after it name exactly what the request changed,
 * for the price of one index lookup per request, on PGlite and PostgreSQL alike.
 * A row a transaction inserts and deletes again (a group-committed money request that is
 * refused gives its idempotency claim and purchase row back before the batch commits,
 * payments/money-batcher.ts) is no change: the pair, matched by transaction and row content,
 * is left out.
 */

export interface WriteLog {
  /** the position to compare against after the request */
  mark(): Promise<number>;
  /** tables and operations committed since `mark`, e.g. ['posts INSERT ×1'] */
  since(mark: number): Promise<Array<{ table: string; op: string; rows: number }>>;
  tables: number;
}

export async function installWriteLog(db: Db): Promise<WriteLog> {
  await sql`create table if not exists test_write_log (
      id bigserial primary key, table_name text not null, op text not null,
      tx bigint not null default txid_current(), row_hash text)`.execute(db);
  await sql`create or replace function test_write_log_row() returns trigger language plpgsql as $$
      begin
        insert into test_write_log (table_name, op, row_hash) values (tg_table_name, tg_op,
          md5(case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end::text));
        return null;
      end $$`.execute(db);
  const { rows } = await sql<{ name: string }>`select table_name as name
      from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
        and table_name not in ('test_write_log', 'kysely_migration', 'kysely_migration_lock')
      order by table_name`.execute(db);
  for (const { name } of rows)
    await sql`create or replace trigger test_write_log after insert or update or delete
        on ${sql.table(name)} for each row execute function test_write_log_row()`.execute(db);
  return {
    tables: rows.length,
    async mark() {
      const { rows: top } = await sql<{ id: string | null }>`select max(id) as id
          from test_write_log`.execute(db);
      return Number(top[0]?.id ?? 0);
    },
    async since(mark) {
      const { rows: changed } = await sql<{ table: string; op: string; rows: string }>`
          select table_name as table, op, count(*) as rows from test_write_log w
          where id > ${mark} and not (op in ('INSERT', 'DELETE') and exists (
            select from test_write_log u where u.id > ${mark} and u.tx = w.tx
              and u.table_name = w.table_name and u.row_hash = w.row_hash
              and u.op = case w.op when 'INSERT' then 'DELETE' else 'INSERT' end))
          group by table_name, op order by table_name, op`.execute(db);
      return changed.map((c) => ({ table: c.table, op: c.op, rows: Number(c.rows) }));
    },
  };
}
