import { describe, expect, inject, it } from 'vitest';
import { runCrashHarness } from './crash-harness.ts';

/**
 * The crash harness, small (30 payment flows, 3 SIGKILLs), so it cannot rot: PostgreSQL only
 * (the server runs as a child process on a database of its own; PGlite is embedded in one
 * process). `npm run crash -w bench` is the full run (200 flows, 8 kills).
 */
const testDb = inject('testDb');

describe.skipIf(testDb.kind !== 'pg')('crash safety (SIGKILL during payment flows)', () => {
  it('charges every key once, keeps the ledger whole and runs every job once', async () => {
    const report = await runCrashHarness({
      adminUrl: testDb.adminUrl!,
      flows: 30,
      kills: 3,
      clients: 4,
      scheduledPosts: 3,
      mails: 3,
      basePort: 4210,
    });
    expect(report.violations).toEqual([]);
    expect(report).toMatchObject({ ok: true, flows: 30, kills: 3, replaysChecked: 30 });
    expect(report.ledger.ok).toBe(true);
  }, 900_000);
});
