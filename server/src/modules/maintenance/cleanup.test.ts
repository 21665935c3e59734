import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { getFileStorage } from '../../platform/storage/file-storage.ts';
import { CLEANUP_JOB, ensureCleanupScheduled, runCleanup } from './cleanup.jobs.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const hoursAgo = (n: number) => new Date(Date.now() - n * 60 * 60_000);
const times = (...dates: Date[]) =>
  sql<Date[]>`array[${sql.join(dates.map((d) => sql`${d}::timestamptz`))}]`;

describe('hourly cleanup', () => {
  it('drops expired tokens, stale login failures, abandoned uploads and old job history only', async () => {
    const db = server.ctx.db;
    const user = await createUser(server.ctx);
    const tokens = await db
      .insertInto('auth_tokens')
      .values([
        {
          user_id: user.id,
          purpose: 'password_reset',
          token_hash: 'old',
          expires_at: hoursAgo(30),
        },
        {
          user_id: user.id,
          purpose: 'email_verify',
          code_hash: 'used',
          expires_at: hoursAgo(-1),
          used_at: hoursAgo(26),
        },
        {
          user_id: user.id,
          purpose: 'password_reset',
          token_hash: 'live',
          expires_at: hoursAgo(-1),
        },
        { user_id: user.id, purpose: 'login_2fa', token_hash: 'recent', expires_at: hoursAgo(2) },
      ])
      .returning(['id', 'token_hash', 'code_hash'])
      .execute();
    await db
      .insertInto('login_failures')
      .values([
        { account_key: 'name:a@example.com', ip: '1.1.1.1', attempted_at: times(hoursAgo(3)) },
        // one attempt still in the window keeps the row
        {
          account_key: 'name:a@example.com',
          ip: '2.2.2.2',
          attempted_at: times(hoursAgo(3), new Date()),
        },
      ])
      .execute();
    const storage = getFileStorage(server.ctx.config);
    const stagingKey = `private/uploads/${user.id}/abandoned.bin`;
    await storage.put(stagingKey, Buffer.from('half an upload'), 'application/octet-stream');
    await db
      .insertInto('media_uploads')
      .values([
        {
          owner_id: user.id,
          filename: 'a.jpg',
          content_type: 'image/jpeg',
          size_bytes: 14,
          staging_key: stagingKey,
          expires_at: hoursAgo(3),
        },
        {
          owner_id: user.id,
          filename: 'b.jpg',
          content_type: 'image/jpeg',
          size_bytes: 14,
          expires_at: hoursAgo(-1),
        },
      ])
      .execute();
    await db
      .insertInto('jobs')
      .values([
        { type: 'test.old', status: 'done', finished_at: hoursAgo(24 * 8) },
        { type: 'test.recent', status: 'done', finished_at: hoursAgo(1) },
        { type: 'test.failed', status: 'failed', finished_at: hoursAgo(24 * 8) },
      ])
      .execute();

    const report = await runCleanup(server.ctx);
    expect(report).toMatchObject({ authTokens: 2, loginFailures: 1, uploads: 1, jobs: 1 });

    const left = await db
      .selectFrom('auth_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    const keep = tokens
      .filter((t) => t.token_hash === 'live' || t.token_hash === 'recent')
      .map((t) => t.id);
    expect(left.map((r) => r.id).sort()).toEqual(keep.sort());
    expect(await db.selectFrom('login_failures').select('ip').execute()).toEqual([
      { ip: '2.2.2.2' },
    ]);
    expect(await storage.exists(stagingKey)).toBe(false);
    const uploads = await db
      .selectFrom('media_uploads')
      .select('filename')
      .where('owner_id', '=', user.id)
      .execute();
    expect(uploads.map((u) => u.filename)).toEqual(['b.jpg']);
    const jobs = await db
      .selectFrom('jobs')
      .select('type')
      .where('type', 'like', 'test.%')
      .execute();
    expect(jobs.map((j) => j.type).sort()).toEqual(['test.failed', 'test.recent']);

    // a second run has nothing left to do
    expect(await runCleanup(server.ctx)).toEqual({
      authTokens: 0,
      loginFailures: 0,
      uploads: 0,
      jobs: 0,
    });
  });

  it("queues at most this hour's and the next hour's run however many workers start", async () => {
    await Promise.all([1, 2, 3].map(() => ensureCleanupScheduled(server.ctx)));
    await ensureCleanupScheduled(server.ctx);
    const pending = await server.ctx.db
      .selectFrom('jobs')
      .select('run_at')
      .where('type', '=', CLEANUP_JOB)
      .where('status', '=', 'pending')
      .execute();
    // this hour's run and the next hour's, never more
    expect(pending.length).toBeGreaterThanOrEqual(1);
    expect(pending.length).toBeLessThanOrEqual(2);
  });
});
