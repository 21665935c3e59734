import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';

/**
 * The admin tables' sorts walk an index once the tables are large, in both directions (the
 * queries mirror the list services' ORDER BY: the field, then the id the same way).
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  const db = server.ctx.db;
  await sql`insert into users (username, email, password_hash, created_at, last_login_at,
      followers_count, posts_count)
    select 'bulk' || g, 'bulk' || g || '@example.test', 'x', now() - (g || ' minutes')::interval,
      case when g % 4 = 0 then null else now() - (g || ' seconds')::interval end,
      (g * 7919) % 1000, (g * 104729) % 300
    from generate_series(1, 6000) g`.execute(db);
  const author = await db.selectFrom('users').select('id').limit(1).executeTakeFirstOrThrow();
  await sql`insert into posts (user_id, caption, created_at)
    select ${author.id}, 'post ' || g, now() - (g || ' minutes')::interval
    from generate_series(1, 6000) g`.execute(db);
  await sql`insert into admin_audit_log (action, created_at)
    select (array['user.ban', 'user.warn', 'report.resolve', 'settings.update'])[1 + g % 4],
      now() - (g || ' minutes')::interval
    from generate_series(1, 6000) g`.execute(db);
  await sql`insert into waitlist_entries (email, user_type, created_at)
    select 'wait' || g || '@example.test', 'fan', now() - (g || ' minutes')::interval
    from generate_series(1, 6000) g`.execute(db);
  await sql`analyze`.execute(db);
});
afterAll(() => server.close());

async function plan(query: ReturnType<typeof sql>) {
  const { rows } = await sql`explain ${query}`.execute(server.ctx.db);
  return (rows as Array<Record<string, unknown>>).map((r) => Object.values(r).join(' ')).join('\n');
}

describe('admin sort indexes', () => {
  it('users: by followers and posts both ways, and by creation', async () => {
    for (const [order, index] of [
      [sql`followers_count desc, id desc`, 'users_followers_idx'],
      [sql`followers_count asc, id asc`, 'users_followers_idx'],
      [sql`posts_count desc, id desc`, 'users_posts_count_idx'],
      [sql`created_at asc, id asc`, 'users_created'],
    ] as const) {
      const p = await plan(
        sql`select * from users where status != 'deleted' order by ${order} limit 20 offset 40`,
      );
      expect(p, p).toContain(index);
      expect(p, p).not.toMatch(/Seq Scan/);
    }
  });

  it('users: no index on the sign-in times, so a login updates its row HOT', async () => {
    // docs/PERFORMANCE.md "Login": an index on either column makes every login write an entry
    // into every index of users; the admin sort by last sign-in is a top-N sort instead
    const { rows } = await sql<{ name: string }>`select c.relname as name
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = 'users'::regclass and a.attname in ('last_login_at', 'first_login_at')
      union
      select c.relname from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = 'users'::regclass
        and (pg_get_expr(i.indexprs, i.indrelid) ~ '(last|first)_login_at'
          or pg_get_expr(i.indpred, i.indrelid) ~ '(last|first)_login_at')`.execute(server.ctx.db);
    expect(rows.map((r) => r.name)).toEqual([]);
    const p = await plan(
      sql`select * from users where status != 'deleted'
          order by last_login_at desc nulls last, id desc limit 20 offset 40`,
    );
    expect(p, p).toContain('Sort');
  });

  it('live posts by date, the audit log by action (filter and sort), the waitlist by date', async () => {
    const posts = await plan(
      sql`select id from posts p where p.deleted_at is null
          order by p.created_at desc, p.id desc limit 20 offset 20`,
    );
    expect(posts).toContain('posts_admin_recent_idx');
    const byAction = await plan(
      sql`select * from admin_audit_log a where a.action = 'user.ban'
          order by a.created_at desc, a.id desc limit 50`,
    );
    expect(byAction).toContain('admin_audit_log_action_idx');
    expect(byAction).not.toMatch(/Seq Scan/);
    const sortedByAction = await plan(
      sql`select * from admin_audit_log a order by a.action asc, a.id asc limit 50`,
    );
    expect(sortedByAction).toContain('admin_audit_log_action_idx');
    const waitlist = await plan(
      sql`select * from waitlist_entries order by created_at asc, id asc limit 20`,
    );
    expect(waitlist).toContain('waitlist_entries_created_idx');
  });
});
