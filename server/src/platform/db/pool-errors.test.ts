import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it, vi } from 'vitest';
import { openTestDatabase } from '../../../test/harness.ts';
import { setPoolErrorLogger } from './database.ts';

const testDb = inject('testDb');

/**
 * An idle pooled connection that PostgreSQL ends (a restart, an administrator, a network cut)
 * emits 'error' on the pool; without a listener Node ends the process. The pool drops the
 * client, the error is logged, and the next statement gets a fresh connection.
 */
describe.skipIf(testDb.kind !== 'pg')('an idle connection ended by PostgreSQL', () => {
  it('is logged and replaced, and the process goes on', async () => {
    const database = await openTestDatabase();
    const logged = vi.fn();
    setPoolErrorLogger(logged);
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(
        database.db,
      );
      const admin = new pg.Client({ connectionString: testDb.adminUrl });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await admin.end();
      await vi.waitFor(() => expect(logged).toHaveBeenCalled(), { timeout: 5000 });
      const again = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(again.rows).toEqual([{ one: 1 }]);
    } finally {
      setPoolErrorLogger(() => undefined);
      await database.close();
    }
  });
});
