import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, type Actor } from '../posts/posts.test-kit.ts';
import { listItemsQuery } from '../scheduler/scheduler.queries.ts';
import { groupPageQuery, storiesOfAuthorsQuery } from './stories.queries.ts';

/**
 * The hot reads of stories and the scheduler use their indexes on tables large enough that a
 * seq scan would be the planner's choice otherwise (DESIGN: every hot query has an EXPLAIN).
 */

let server: TestServer;
let viewer: Actor;
let followed: string[];
beforeAll(async () => {
  server = await createTestServer();
  const db = server.ctx.db;
  await sql`insert into users (username, email, password_hash, account_type)
    select 'bulk_' || g, 'bulk_' || g || '@example.test', 'x', 'creator' from generate_series(1, 200) g`.execute(
    db,
  );
  // a day's worth of stories per creator, most of them already expired
  await sql`insert into stories (user_id, media_type, text_overlay, created_at, expires_at)
    select u.id, 'text', 'bulk', now() - (g || ' hours')::interval, now() + ((24 - g) || ' hours')::interval
    from users u cross join generate_series(1, 30) g where u.username like 'bulk\\_%'`.execute(db);
  await sql`insert into scheduled_items (user_id, type, payload, scheduled_for, status)
    select u.id, 'post', '{"caption":"x"}', now() + (g || ' hours')::interval,
      case when g % 3 = 0 then 'published' else 'pending' end
    from users u cross join generate_series(1, 30) g where u.username like 'bulk\\_%'`.execute(db);
  await sql`analyze`.execute(db);
  viewer = await actor(server);
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('username', 'like', 'bulk\\_%')
    .limit(3)
    .execute();
  followed = rows.map((r) => r.id);
  await db
    .insertInto('follows')
    .values(followed.map((id) => ({ follower_id: viewer.user.id, followee_id: id })))
    .execute();
});
afterAll(() => server.close());

async function plan(query: { explain: () => Promise<Array<Record<string, unknown>>> }) {
  const rows = await query.explain();
  return rows.map((r) => Object.values(r).join(' ')).join('\n');
}

describe('indexes', () => {
  it('reads the tray and a creator’s stories through stories_user_live_idx', async () => {
    const db = server.ctx.db;
    const tray = await plan(
      groupPageQuery(db, viewer.user.id, undefined, { limit: 31, offset: 0 }),
    );
    expect(tray).toContain('stories_user_live_idx');
    expect(tray).not.toMatch(/Seq Scan on stories/);
    const profile = await plan(
      groupPageQuery(db, viewer.user.id, followed[0], { limit: 31, offset: 0 }),
    );
    expect(profile).not.toMatch(/Seq Scan on stories/);
    const stories = await plan(storiesOfAuthorsQuery(db, viewer.user.id, followed));
    expect(stories).toContain('stories_user_live_idx');
    expect(stories).not.toMatch(/Seq Scan on stories/);
  });

  it('lists a creator’s scheduled items through their indexes', async () => {
    const db = server.ctx.db;
    const all = await plan(listItemsQuery(db, followed[0]!, { limit: 51 }));
    expect(all).toMatch(/scheduled_items_user_(time|status)_idx/);
    expect(all).not.toMatch(/Seq Scan on scheduled_items/);
    const pending = await plan(listItemsQuery(db, followed[0]!, { status: 'pending', limit: 51 }));
    expect(pending).toContain('scheduled_items_user_status_idx');
    expect(pending).not.toMatch(/Seq Scan on scheduled_items/);
  });
});
