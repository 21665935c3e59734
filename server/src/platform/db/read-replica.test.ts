import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi, type MockInstance } from 'vitest';
import { withDatabase } from '../../../test/global-setup.ts';
import { createTestServer, openTestDatabase, type TestServer } from '../../../test/harness.ts';
import { actor, call, follow, insertPost, type Actor } from '../../modules/posts/posts.test-kit.ts';
import { openDatabase, withTransaction, type DatabaseHandle } from './database.ts';
import { openReadReplica } from './read-replica.ts';

const testDb = inject('testDb');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** nothing listens on port 1: connections are refused at once */
const UNREACHABLE = 'postgres://postgres@127.0.0.1:1/fanspace_nowhere';

describe('an unreachable replica', () => {
  it('sends the read handle’s statements to the primary and logs the outage once', async () => {
    const primary = await openTestDatabase();
    const log = { warn: vi.fn(), info: vi.fn() };
    const replica = openReadReplica({ url: UNREACHABLE, poolSize: 2, primary: primary.db, log });
    try {
      for (let i = 0; i < 3; i++) {
        const row = await replica.db
          .selectFrom('platform_settings')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(row.n)).toBeGreaterThanOrEqual(0);
      }
      expect(replica.health.isDown).toBe(true);
      expect(log.warn).toHaveBeenCalledTimes(1);
      await expect(
        withTransaction(replica.db, (tx) => tx.selectFrom('users').selectAll().execute()),
      ).rejects.toThrow(/runs no transactions/);
    } finally {
      await replica.close();
      await primary.close();
    }
  });
});

const SNAPSHOT_SUFFIX = '_replica';
/** a connection on which PostgreSQL refuses every write, as on a hot standby */
const readOnly = (url: string) => `${url}?options=-c%20default_transaction_read_only%3Don`;
const STICKY_MS = 2000;
/** the servers below share one database, so they must share its encryption key (VAPID keys) */
const shared = { DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex') };

/**
 * The replica here is a copy of the test database taken after the seed, opened read-only: it
 * can serve every read, refuses every write, and never catches up (a replica lagging for ever),
 * so a page shows which database it came from. The driver calls are counted per database.
 */
describe.skipIf(testDb.kind !== 'pg')('a read replica (PostgreSQL)', () => {
  let server: TestServer;
  let database: DatabaseHandle;
  let primaryName: string;
  let replicaName: string;
  let creator: Actor;
  let fan: Actor;
  let other: Actor;
  let postId: string;
  let query: MockInstance;

  beforeAll(async () => {
    // before any pool connects: the prepared-statement wrapper binds `query` at connect
    query = vi.spyOn(pg.Client.prototype, 'query');
    const seeded = await openTestDatabase();
    const url = seeded.url!;
    primaryName = new URL(url).pathname.slice(1);
    replicaName = `${primaryName}${SNAPSHOT_SUFFIX}`;
    const seeding = await createTestServer({ database: seeded, env: shared });
    creator = await actor(seeding, 'creator');
    fan = await actor(seeding);
    other = await actor(seeding);
    await follow(seeding, fan, creator);
    await follow(seeding, other, creator);
    postId = (await insertPost(seeding, creator.user, { caption: 'seen through a replica' })).id;
    await seeding.close();
    await seeded.close();

    const admin = new pg.Client({ connectionString: testDb.adminUrl });
    await admin.connect();
    await admin.query(`create database ${replicaName} template ${primaryName}`);
    await admin.end();

    database = await openDatabase({ url, poolSize: 10 });
    server = await createTestServer({
      database,
      env: {
        ...shared,
        DATABASE_URL: url,
        DATABASE_READ_URL: readOnly(withDatabase(url, replicaName)),
        DATABASE_READ_STICKY_MS: String(STICKY_MS),
      },
    });
    // a first signed-in request looks the session up (on the primary: sessions never go to
    // the replica) and caches it for SESSION_CACHE_SECONDS; the counts below are the pages' own
    for (const who of [fan, other])
      expect((await call(server, who, 'GET', '/users/me')).status).toBe(200);
  });

  afterAll(async () => {
    await server?.close();
    await database?.close();
    vi.restoreAllMocks();
    const admin = new pg.Client({ connectionString: testDb.adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${replicaName} with (force)`);
    await admin.end();
  });

  /** the statements `fn` sent, by database (the analytics recorder's timed flush left out) */
  async function statementsOf<T>(fn: () => Promise<T>) {
    const from = query.mock.calls.length;
    const value = await fn();
    const sent = query.mock.calls.slice(from).map((args, i) => {
      const arg = args[0] as unknown;
      const text = typeof arg === 'string' ? arg : ((arg as { text?: string }).text ?? '');
      return {
        database: (query.mock.contexts[from + i] as pg.Client).database,
        text: text.replace(/\s+/g, ' ').slice(0, 100),
      };
    });
    const own = sent.filter((s) => !s.text.startsWith('insert into "analytics_'));
    return {
      value,
      onPrimary: own.filter((s) => s.database === primaryName).map((s) => s.text),
      onReplica: own.filter((s) => s.database === replicaName).map((s) => s.text),
    };
  }

  const pages = () => [
    '/posts',
    '/posts?discoverMode=true',
    `/posts/user/${creator.user.id}`,
    `/posts/${postId}`,
    `/posts/${postId}/comments`,
    `/users/${creator.user.id}`,
    `/users/username/${creator.user.username}`,
    `/users?q=${creator.user.username}`,
    `/search?q=${creator.user.username}`,
    `/search/suggestions?q=${creator.user.username.slice(0, 6)}`,
    '/discover',
    '/posts/optimized',
  ];

  it('serves the read-only pages from the replica, for visitors and signed-in users', async () => {
    for (const who of [null, fan]) {
      for (const url of pages()) {
        const {
          value: res,
          onPrimary,
          onReplica,
        } = await statementsOf(() => call(server, who, 'GET', url));
        expect(res.status, `${url}: ${res.text}`).toBe(200);
        expect(onReplica.length, url).toBeGreaterThan(0);
        expect(onPrimary, `${url} as ${who ? 'fan' : 'visitor'}`).toEqual([]);
      }
    }
  });

  it('has a replica that refuses writes, and a read handle that refuses transactions', async () => {
    await expect(
      server.ctx.readDb
        .updateTable('posts')
        .set({ caption: 'x' })
        .where('id', '=', postId)
        .execute(),
    ).rejects.toThrow(/read-only transaction/);
    await expect(
      withTransaction(server.ctx.readDb, async (tx) =>
        tx.selectFrom('posts').selectAll().execute(),
      ),
    ).rejects.toThrow(/runs no transactions/);
  });

  it('writes on the primary, and shows the writer their write at once (read-your-writes)', async () => {
    const post = (who: Actor | null) =>
      statementsOf(async () => (await call(server, who, 'GET', `/posts/${postId}`)).body);

    const like = await statementsOf(() => call(server, fan, 'POST', `/posts/${postId}/like`));
    expect(like.value.status).toBe(200);
    expect(like.onReplica).toEqual([]);
    expect(like.onPrimary.length).toBeGreaterThan(0);

    // the writer reads from the primary: their like is there
    const mine = await post(fan);
    expect(mine.value).toMatchObject({ isLikedByCurrentUser: true, likeCount: 1 });
    expect(mine.onReplica).toEqual([]);
    // everyone else still reads the replica, which has not seen the like
    expect((await post(null)).value).toMatchObject({ likeCount: 0 });
    const theirs = await post(other);
    expect(theirs.value).toMatchObject({ isLikedByCurrentUser: false, likeCount: 0 });
    expect(theirs.onPrimary).toEqual([]);
    // a view counted as a post scrolls past is a write, but not one that pins the viewer
    const view = await call(server, other, 'POST', `/posts/${postId}/view`);
    expect(view.body).toMatchObject({ counted: true });
    const afterView = await post(other);
    expect(afterView.onPrimary).toEqual([]);
    expect(afterView.value).toMatchObject({ viewCount: 0 });

    const comment = await call(server, fan, 'POST', `/posts/${postId}/comments`, {
      text: 'written on the primary',
    });
    expect(comment.status).toBe(201);
    const feed = await statementsOf(() => call(server, fan, 'GET', '/posts'));
    expect(feed.onReplica).toEqual([]);
    expect(feed.value.body.posts[0]).toMatchObject({
      id: postId,
      isLikedByCurrentUser: true,
      commentsCount: 1,
    });
    const withComments = await post(fan);
    expect(withComments.value.commentsList).toEqual([
      expect.objectContaining({ text: 'written on the primary' }),
    ]);

    // once the window has passed, the writer's reads go to the replica again
    await sleep(STICKY_MS + 100);
    const later = await post(fan);
    expect(later.onReplica.length).toBeGreaterThan(0);
    expect(later.onPrimary).toEqual([]);
    expect(later.value).toMatchObject({ isLikedByCurrentUser: false, likeCount: 0 });
    expect(later.value.commentsList).toEqual([]);
  });

  it('serves the pages from the primary while the replica is unreachable', async () => {
    const fallback = await createTestServer({
      database,
      env: {
        ...shared,
        DATABASE_URL: database.url!,
        DATABASE_READ_URL: UNREACHABLE,
        DATABASE_READ_STICKY_MS: String(STICKY_MS),
      },
    });
    try {
      for (const url of pages()) {
        const res = await call(fallback, null, 'GET', url);
        expect(res.status, `${url}: ${res.text}`).toBe(200);
      }
      const res = await call(fallback, null, 'GET', `/posts/${postId}`);
      // the primary's state: the like of the test above
      expect(res.body).toMatchObject({ likeCount: 1 });
      expect(fallback.runtime.replica?.health.isDown).toBe(true);
    } finally {
      await fallback.close();
    }
  });
});
