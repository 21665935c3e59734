import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness.ts';
import { recordLogin } from '../../modules/auth/auth.queries.ts';
import { createSession, newSession } from '../auth/sessions.ts';
import { withTransaction, type DatabaseHandle } from './database.ts';
import type { WriteNotice } from './write-watch.ts';

/**
 * The driver-level watch that feeds the session cache: which writes it reports, with which
 * ids, and when (after commit only). Every statement runs on a real database.
 */
let database: DatabaseHandle;
let notices: WriteNotice[] = [];
let stop: () => void;

beforeAll(async () => {
  database = await openTestDatabase();
  stop = database.writes.subscribe((notice) => notices.push(notice));
});
afterAll(async () => {
  stop();
  await database.close();
});

async function noticesOf(fn: () => Promise<unknown>) {
  notices = [];
  await fn();
  return notices;
}

async function newUser() {
  const row = await database.db
    .insertInto('users')
    .values({
      username: `ww_${randomUUID().slice(0, 8)}`,
      email: `${randomUUID()}@example.test`,
      password_hash: 'x',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('write watch', () => {
  it('reports the users and sessions a write pins by id, and nothing for reads or inserts', async () => {
    const db = database.db;
    const [u1, u2] = [await newUser(), await newUser()];
    const { session } = await createSession(db, u1, { ttlDays: 1 });
    expect(await noticesOf(() => newUser())).toEqual([]);
    expect(await noticesOf(() => db.selectFrom('users').selectAll().execute())).toEqual([]);
    expect(
      await noticesOf(() =>
        db.updateTable('users').set({ bio: 'x' }).where('id', '=', u1).execute(),
      ),
    ).toEqual([{ userIds: [u1] }]);
    expect(
      await noticesOf(() =>
        db
          .updateTable('users')
          .set({ bio: 'y' })
          .where('status', '=', 'active')
          .where('id', 'in', [u1, u2])
          .execute(),
      ),
    ).toEqual([{ userIds: [u1, u2] }]);
    expect(
      await noticesOf(() =>
        db
          .updateTable('sessions')
          .set({ revoked_at: new Date() })
          .where('id', '=', session.id)
          .execute(),
      ),
    ).toEqual([{ sessionIds: [session.id] }]);
    expect(
      await noticesOf(() => db.deleteFrom('sessions').where('user_id', '=', u2).execute()),
    ).toEqual([{ userIds: [u2] }]);
    // the login's one statement: its CTEs insert the session and clear failures (not cached)
    const login = (userId: string, clearing = true) =>
      noticesOf(() =>
        recordLogin(
          db,
          newSession(userId, { ttlDays: 1 }).row,
          clearing ? { accountKey: `user:${userId}`, ip: '::1' } : undefined,
        ),
      );
    expect(await login(u2)).toEqual([{ userIds: [u2] }]);
    // compiled once per process: a second login still reports its own account, not the first's
    const u3 = await newUser();
    expect(await login(u3)).toEqual([{ userIds: [u3] }]);
    expect(await login(u2, false)).toEqual([{ userIds: [u2] }]);
  });

  it('the throttled last-seen touch is not reported', async () => {
    const u = await newUser();
    const { session } = await createSession(database.db, u, { ttlDays: 1 });
    expect(
      await noticesOf(() =>
        database.db
          .updateTable('sessions')
          .set({ last_seen_at: new Date() })
          .where('id', '=', session.id)
          .execute(),
      ),
    ).toEqual([]);
  });

  it('reports everything when a write to users or sessions cannot be pinned', async () => {
    const db = database.db;
    const u = await newUser();
    expect(
      await noticesOf(() =>
        db.updateTable('users').set({ bio: 'z' }).where('email', '=', 'nobody@x.test').execute(),
      ),
    ).toEqual([{ all: true }]);
    expect(
      await noticesOf(() =>
        db
          .updateTable('users')
          .set({ bio: 'z' })
          .where((eb) => eb.or([eb('id', '=', u), eb('username', '=', 'x')]))
          .execute(),
      ),
    ).toEqual([{ all: true }]);
    expect(
      await noticesOf(() => sql`update users set bio = 'raw' where id = ${u}::uuid`.execute(db)),
    ).toEqual([{ all: true }]);
    // a CTE writing users or sessions: its rows are not pinned by the statement's own where
    const other = await newUser();
    expect(
      await noticesOf(() =>
        db
          .with('moved', (qb) =>
            qb.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', other),
          )
          .updateTable('users')
          .set({ bio: 'w' })
          .where('id', '=', u)
          .execute(),
      ),
    ).toEqual([{ all: true }]);
    expect(
      await noticesOf(() =>
        db
          .with('gone', (qb) => qb.deleteFrom('users').where('id', '=', other))
          .updateTable('users')
          .set({ bio: 'v' })
          .where('id', '=', u)
          .execute(),
      ),
    ).toEqual([{ all: true }]);
  });

  it('inside a transaction: reported once, after the commit; never after a rollback', async () => {
    const db = database.db;
    const [u1, u2] = [await newUser(), await newUser()];
    notices = [];
    await withTransaction(db, async (tx) => {
      await tx.updateTable('users').set({ bio: 'a' }).where('id', '=', u1).execute();
      await tx.updateTable('users').set({ bio: 'b' }).where('id', '=', u2).execute();
      // nothing is reported while the transaction is open
      expect(notices).toEqual([]);
    });
    expect(notices).toEqual([{ userIds: [u1, u2] }]);

    notices = [];
    await expect(
      db.transaction().execute(async (tx) => {
        await tx.updateTable('users').set({ status: 'banned' }).where('id', '=', u1).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(notices).toEqual([]);
  });
});
