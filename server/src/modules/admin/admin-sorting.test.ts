import { ADMIN_SORT_FIELDS, type AdminSortList } from '@fanspace/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/harness.ts';
import { fund, paidPost, pay } from '../payments/payments.test-kit.ts';
import { actor, insertPost, type Actor } from '../posts/posts.test-kit.ts';
import { adminTestKit } from './admin.test-kit.ts';

/**
 * Every back-office list sorts by each whitelisted field, both ways, in SQL: walking all pages
 * two rows at a time gives every row exactly once, in order (ties broken by id, so offset pages
 * never repeat or skip a row). Fixture values are chosen with ties and nulls on purpose.
 */

const kit = adminTestKit();
const { call } = kit;
let server: TestServer;

type Item = Record<string, unknown>;
type Key = string | number | null;

const T0 = Date.UTC(2026, 0, 1);
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const STATUS_RANK: Record<string, number> = { open: 0, answered: 1, closed: 2 };
const PRIORITY_RANK: Record<string, number> = { normal: 0, high: 1 };

let creatorId = '';

/** What each list is read from, its items' key, and each sort field's value in an item. */
const LISTS: Record<
  AdminSortList,
  {
    url: () => string;
    items: string;
    id: (i: Item) => string;
    value: Record<string, (i: Item) => Key>;
  }
> = {
  users: {
    url: () => '/admin/users?search=srt',
    items: 'users',
    id: (i) => String(i.id),
    value: {
      createdAt: (i) => i.createdAt as string,
      username: (i) => i.username as string,
      lastLoginAt: (i) => i.lastLoginAt as string | null,
      followersCount: (i) => i.followersCount as number,
      postsCount: (i) => i.postsCount as number,
    },
  },
  posts: {
    url: () => `/admin/posts?userId=${creatorId}`,
    items: 'posts',
    id: (i) => String(i.id),
    value: {
      createdAt: (i) => i.createdAt as string,
      likeCount: (i) => i.likeCount as number,
      commentCount: (i) => i.commentCount as number,
      openReports: (i) => i.openReports as number,
    },
  },
  reports: {
    url: () => '/admin/reports?status=all',
    items: 'reports',
    id: (i) => String(i.id),
    value: {
      createdAt: (i) => i.createdAt as string,
      type: (i) => i.type as string,
      status: (i) => i.status as string,
      reporterCount: (i) => i.reporterCount as number,
    },
  },
  verifications: {
    url: () => '/admin/verification-submissions',
    items: 'submissions',
    id: (i) => String(i.id),
    value: {
      submittedAt: (i) => i.submittedAt as string,
      reviewedAt: (i) => i.reviewedAt as string | null,
      username: (i) => i.username as string,
    },
  },
  transactions: {
    url: () => '/admin/transactions',
    items: 'transactions',
    id: (i) => String(i.id),
    value: {
      createdAt: (i) => i.createdAt as string,
      amount: (i) => i.amountCents as number,
      kind: (i) => i.kind as string,
    },
  },
  earnings: {
    url: () => '/admin/earnings',
    items: 'creators',
    id: (i) => (i.creator as { id: string }).id,
    value: {
      ...Object.fromEntries(
        ['gross', 'fees', 'net', 'pending', 'available', 'owed', 'paidOut'].map((k) => [
          k,
          (i: Item) => i[k] as number,
        ]),
      ),
      username: (i) => (i.creator as { username: string }).username,
    },
  },
  activity: {
    url: () => '/admin/activity',
    items: 'activities',
    id: (i) => String(i.id),
    value: { createdAt: (i) => i.createdAt as string, action: (i) => i.action as string },
  },
  waitlist: {
    url: () => '/admin/waitlist',
    items: 'entries',
    id: (i) => String(i.id),
    value: {
      createdAt: (i) => i.createdAt as string,
      email: (i) => i.email as string,
      invitedAt: (i) => i.invitedAt as string | null,
    },
  },
  supportTickets: {
    url: () => '/admin/support-tickets?status=all',
    items: 'tickets',
    id: (i) => String(i.id),
    value: {
      createdAt: (i) => i.createdAt as string,
      updatedAt: (i) => i.updatedAt as string,
      priority: (i) => PRIORITY_RANK[i.priority as string] ?? -1,
      status: (i) => STATUS_RANK[i.status as string] ?? -1,
    },
  },
  payouts: {
    url: () => '/admin/payouts',
    items: 'payouts',
    id: (i) => String(i.id),
    value: {
      requestedAt: (i) => i.requestedAt as string,
      amount: (i) => i.amount as number,
    },
  },
};

/** Nulls are the smallest value (desc: last, asc: first), as the server sorts them. */
function compare(a: Key, b: Key): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

/** Ids as the database orders them: bigint ids by number, uuids by their hex text. */
const compareIds = (a: string, b: string) =>
  /^\d+$/.test(a) && /^\d+$/.test(b) ? Number(a) - Number(b) : compare(a, b);

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

/** Every page of `url` at 2 rows a page, concatenated; also the reported total. */
async function allPages(url: string, items: string) {
  const rows: Item[] = [];
  let total = -1;
  for (let page = 1; page <= 50; page += 1) {
    const res = await call('GET', withQuery(url, `limit=2&page=${page}`));
    expect(res.status, url).toBe(200);
    total = res.body.total;
    const batch = res.body[items] as Item[];
    rows.push(...batch);
    if (batch.length < 2 || page >= res.body.totalPages) break;
  }
  return { rows, total };
}

beforeAll(async () => {
  server = kit.server;
  const db = server.ctx.db;
  const mk = (kind: 'fan' | 'creator', username: string, extra = {}) =>
    actor(server, kind, { username, email: `${username}@example.test`, ...extra });

  // users: ties in created_at and followers, nulls in last sign-in
  const names = ['srtdelta', 'srtalpha', 'srtcharlie', 'srtbravo', 'srtecho', 'srtfox'];
  const followers = [5, 0, 5, 2, 9, 0];
  const postsCounts = [1, 3, 3, 0, 2, 0];
  const fans: Actor[] = [];
  for (const [n, username] of names.entries())
    fans.push(
      await mk('fan', username, {
        created_at: at(n === 3 ? 2 : n),
        last_login_at: n % 3 === 0 ? null : at(100 - n),
        followers_count: followers[n],
        posts_count: postsCounts[n],
      }),
    );

  // posts of one creator, with likes, comments and open reports
  const creator = await mk('creator', 'srtcreator', { created_at: at(6) });
  creatorId = creator.user.id;
  const posts = [];
  for (const [n, likes] of [4, 1, 4, 0, 7].entries())
    posts.push(
      await insertPost(server, creator.user, {
        created_at: at(10 + (n === 4 ? 0 : n)),
        likes_count: likes,
        comments_count: (n * 2) % 3,
      }),
    );
  const report = (who: Actor, type: string, targetId: string) =>
    call('POST', '/reports', who.headers, { type, targetId, reason: 'Spam' });
  await report(fans[0]!, 'post', posts[0]!.id);
  await report(fans[1]!, 'post', posts[0]!.id);
  await report(fans[2]!, 'post', posts[0]!.id);
  await report(fans[0]!, 'post', posts[2]!.id);
  await report(fans[1]!, 'user', fans[4]!.user.id);
  const closed = await report(fans[2]!, 'post', posts[3]!.id);
  await call('POST', `/admin/reports/${closed.body.reportId}/resolve`, undefined, {
    action: 'dismiss',
  });

  // verification submissions: every status, some never reviewed
  for (const [n, status] of (['pending', 'approved', 'rejected', 'pending'] as const).entries())
    await db
      .insertInto('identity_verifications')
      .values({
        user_id: fans[n]!.user.id,
        status,
        created_at: at(20 + (n === 3 ? 0 : n)),
        reviewed_at: status === 'pending' ? null : at(30 - n),
      })
      .execute();

  // money: top-ups and unlocks give transactions of several kinds and amounts, and earnings
  const creators = [
    creator,
    await mk('creator', 'srtcreatorb', { created_at: at(7) }),
    await mk('creator', 'srtcreatorc', { created_at: at(8) }),
    await mk('creator', 'srtcreatord', { created_at: at(9) }),
  ];
  for (const [n, fan] of fans.slice(0, 4).entries()) {
    await fund(server, fan, [20, 50, 20, 10][n]!);
    const post = await paidPost(server, creators[n]!, [500, 300, 300, 500][n]);
    expect((await pay(server, fan, 'POST', `/posts/${post.id}/unlock`)).status).toBe(200);
  }

  // the audit log, a tie included
  for (const [n, action] of ['test.charlie', 'test.alpha', 'test.bravo', 'test.alpha'].entries())
    await db
      .insertInto('admin_audit_log')
      .values({ admin_id: kit.adminId, action, created_at: at(40 + (n === 3 ? 0 : n)) })
      .execute();

  // the waitlist
  for (const [n, letter] of ['c', 'a', 'd', 'b', 'e'].entries())
    await db
      .insertInto('waitlist_entries')
      .values({
        email: `srtw${letter}@example.test`,
        user_type: n % 2 ? 'creator' : 'fan',
        created_at: at(50 + (n === 4 ? 1 : n)),
        invited_at: n % 2 ? at(60 + n) : null,
      })
      .execute();

  // support tickets of every status and priority
  for (const [n, status] of (['open', 'closed', 'answered', 'open', 'answered'] as const).entries())
    await db
      .insertInto('support_tickets')
      .values({
        user_id: fans[n]!.user.id,
        subject: `Help ${n}`,
        category: 'other',
        status,
        priority: n % 2 ? 'high' : 'normal',
        created_at: at(70 + n),
        updated_at: at(90 - (n === 2 ? 1 : n)),
        ...(status === 'closed' ? { closed_at: at(95) } : {}),
      })
      .execute();

  // payout requests (their ledger request rows carry no entries: nothing moves)
  for (const [n, cents] of [2500, 1000, 2500, 4000].entries()) {
    const tx = await db
      .insertInto('ledger_transactions')
      .values({ kind: 'payout_request', created_at: at(80 + n) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('payouts')
      .values({
        creator_id: creators[n]!.user.id,
        amount_cents: cents,
        request_transaction_id: tx.id,
        requested_at: at(80 + (n === 3 ? 0 : n)),
      })
      .execute();
  }
});

describe('sorting every admin list', () => {
  for (const [list, spec] of Object.entries(LISTS) as Array<
    [AdminSortList, (typeof LISTS)['users']]
  >) {
    it(`${list}: each whitelisted field, both ways, across pages`, async () => {
      expect(Object.keys(spec.value).sort()).toEqual([...ADMIN_SORT_FIELDS[list]].sort());
      const everything = await call('GET', withQuery(spec.url(), 'limit=100'));
      const ids = (everything.body[spec.items] as Item[]).map(spec.id).sort();
      expect(ids.length, list).toBeGreaterThanOrEqual(4);
      for (const field of ADMIN_SORT_FIELDS[list]) {
        const valueOf = spec.value[field]!;
        const seen = new Map<string, Key[]>();
        for (const order of ['asc', 'desc'] as const) {
          const { rows, total } = await allPages(
            withQuery(spec.url(), `sortBy=${field}&order=${order}`),
            spec.items,
          );
          const label = `${list} by ${field} ${order}`;
          expect(total, label).toBe(ids.length);
          expect(rows.map(spec.id).sort(), label).toEqual(ids);
          const values = rows.map(valueOf);
          for (let i = 1; i < values.length; i += 1) {
            const c = compare(values[i - 1]!, values[i]!);
            if (order === 'asc')
              expect(c, `${label} at ${i}: ${values.join(', ')}`).toBeLessThanOrEqual(0);
            else expect(c, `${label} at ${i}: ${values.join(', ')}`).toBeGreaterThanOrEqual(0);
          }
          // ties go by id in the same direction (exact check where values are not rounded
          // timestamps: the API shows milliseconds, the database keeps microseconds)
          if (!field.endsWith('At')) {
            const sign = order === 'asc' ? 1 : -1;
            const expected = [...rows].sort(
              (a, b) =>
                sign * (compare(valueOf(a), valueOf(b)) || compareIds(spec.id(a), spec.id(b))),
            );
            expect(rows.map(spec.id), label).toEqual(expected.map(spec.id));
          }
          seen.set(order, values);
        }
        // the fixture has at least two distinct values of every field but the zero-only ones
        const distinct = new Set(seen.get('asc'));
        if (distinct.size > 1)
          expect(seen.get('asc'), `${list} ${field}`).not.toEqual(seen.get('desc'));
      }
    });

    it(`${list}: refuses an unknown sortBy or order with a 400`, async () => {
      for (const bad of ['sortBy=password_hash', 'sortBy=id;drop', 'order=sideways']) {
        const res = await call('GET', withQuery(spec.url(), bad));
        expect(res.status, `${list} ${bad}`).toBe(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
      }
    });
  }

  it('keeps the usual orders without sortBy, and the users list’s older sort switch', async () => {
    const ids = async (url: string, key: string, id = (i: Item) => String(i.id)) =>
      ((await call('GET', url)).body[key] as Item[]).map(id);
    const newest = await ids('/admin/users?search=srt', 'users');
    expect(newest).toEqual(
      await ids('/admin/users?search=srt&sortBy=createdAt&order=desc', 'users'),
    );
    const oldest = await ids('/admin/users?search=srt&sort=oldest', 'users');
    expect(oldest).toEqual(
      await ids('/admin/users?search=srt&sortBy=createdAt&order=asc', 'users'),
    );
    expect(oldest).toEqual([...newest].reverse());
    // an explicit order wins over the older switch
    expect(await ids('/admin/users?search=srt&sort=oldest&order=desc', 'users')).toEqual(newest);
    // the pending verification queue stays oldest first
    const queue = (await call('GET', '/admin/verifications/pending')).body.submissions as Item[];
    const submitted = queue.map((s) => s.submittedAt as string);
    expect(submitted).toEqual([...submitted].sort());
    // earnings stay highest gross first
    const gross = ((await call('GET', '/admin/earnings')).body.creators as Item[]).map(
      (c) => c.gross as number,
    );
    expect(gross).toEqual([...gross].sort((a, b) => b - a));
    expect(gross[0]).toBe(5);
  });
});

describe('filters a moderator needs', () => {
  it('narrows transactions by username, waitlist by email/type/invited, tickets by priority, payouts by status', async () => {
    const creatorName = 'srtcreator';
    const byName = await call('GET', `/admin/transactions?username=@${creatorName}`);
    // the creator's unlock charge; the payout request rows here carry no entries
    expect(byName.body.transactions.map((t: Item) => t.kind)).toEqual(['unlock']);
    expect((await call('GET', '/admin/transactions?username=nobody_here')).body).toMatchObject({
      transactions: [],
      total: 0,
    });
    const invited = await call('GET', '/admin/waitlist?invited=true');
    expect(invited.body.entries.every((e: Item) => e.invitedAt !== null)).toBe(true);
    expect(invited.body.total).toBe(2);
    const search = await call('GET', '/admin/waitlist?search=srtwb&userType=creator');
    expect(search.body.entries.map((e: Item) => e.email)).toEqual(['srtwb@example.test']);
    const high = await call('GET', '/admin/support-tickets?status=all&priority=high');
    expect(high.body.tickets.map((t: Item) => t.priority)).toEqual(['high', 'high']);
    const requested = await call('GET', '/admin/payouts?status=requested');
    expect(requested.body.total).toBe(4);
    expect((await call('GET', '/admin/payouts?status=paid')).body.total).toBe(0);
    const pending = await call('GET', '/admin/reports?status=pending&type=user');
    expect(pending.body.reports).toHaveLength(1);
    const auto = await call('GET', '/admin/reports?status=all&source=auto');
    expect(auto.body.total).toBe(0);
    expect(
      (await call('GET', '/admin/users?search=srt&createdFrom=2026-01-01T00:03:00Z')).body.users
        .map((u: Item) => u.username)
        .sort(),
    ).toEqual(['srtcreator', 'srtcreatorb', 'srtcreatorc', 'srtcreatord', 'srtecho', 'srtfox']);
  });
});
