import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/harness.ts';
import { adminTestKit } from '../admin/admin.test-kit.ts';

const kit = adminTestKit();
const { call, asUser } = kit;
let server: TestServer;
beforeAll(() => {
  ({ server } = kit);
});

type Row = { id: string; votes: number; voted: boolean; title: string };

describe('suggestions', () => {
  it('creates (author votes), lists with votes for everyone, votes once per user', async () => {
    const alice = await asUser();
    const bob = await asUser();
    const created = await call('POST', '/suggestions', alice.headers, {
      title: '  Dark   mode for the editor ',
      description: 'Please',
    });
    expect(created.status).toBe(201);
    expect(created.body.suggestion).toMatchObject({
      title: 'Dark mode for the editor',
      votes: 1,
      voted: true,
      status: 'open',
      author: { id: alice.user.id },
    });
    const id = created.body.suggestion.id;

    for (let i = 0; i < 2; i++) {
      const vote = await call('POST', `/suggestions/${id}/vote`, bob.headers);
      expect(vote.status).toBe(200);
      expect(vote.body.suggestion).toMatchObject({ votes: 2, voted: true });
    }
    const visitor = await call('GET', '/suggestions', null);
    expect(visitor.status).toBe(200);
    const mine = visitor.body.suggestions.find((s: Row) => s.id === id);
    expect(mine).toMatchObject({ votes: 2, voted: false });

    const unvote = await call('DELETE', `/suggestions/${id}/vote`, bob.headers);
    expect(unvote.body.suggestion).toMatchObject({ votes: 1, voted: false });
    await call('DELETE', `/suggestions/${id}/vote`, bob.headers);
    const again = await call('GET', '/suggestions', alice.headers);
    expect(again.body.suggestions.find((s: Row) => s.id === id)).toMatchObject({
      votes: 1,
      voted: true,
    });
  });

  it('answers the created item at the top level too and reads one back by id', async () => {
    const alice = await asUser();
    const created = await call('POST', '/suggestions', alice.headers, { title: 'Polls in posts' });
    expect(created.status).toBe(201);
    const { suggestion, message, ...top } = created.body;
    expect(message).toMatch(/Thanks/);
    expect(top).toEqual(suggestion);
    expect(top).toMatchObject({ title: 'Polls in posts', votes: 1, voted: true });

    const mine = await call('GET', `/suggestions/${suggestion.id}`, alice.headers);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ id: suggestion.id, title: 'Polls in posts', voted: true });
    expect(mine.body.suggestion).toEqual(suggestion);
    const listed = (await call('GET', '/suggestions', null)).body.suggestions.find(
      (s: Row) => s.id === suggestion.id,
    );
    const visitor = await call('GET', `/suggestions/${suggestion.id}`, null);
    expect(visitor.body.suggestion).toEqual(listed);
    expect(visitor.body.voted).toBe(false);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await call('GET', `/suggestions/${id}`, null);
      expect(missing.status, id).toBe(404);
      expect(missing.body.code).toBe('SUGGESTION_NOT_FOUND');
    }
  });

  it('orders by votes (top) or newest (new)', async () => {
    const a = await asUser();
    const b = await asUser();
    const low = await call('POST', '/suggestions', a.headers, { title: 'Low idea' });
    const high = await call('POST', '/suggestions', a.headers, { title: 'High idea' });
    const newest = await call('POST', '/suggestions', b.headers, { title: 'Newest idea' });
    await call('POST', `/suggestions/${high.body.suggestion.id}/vote`, b.headers);
    const ids = [low, high, newest].map((r) => r.body.suggestion.id);
    const top = await call('GET', '/suggestions?sort=top', null);
    const order = top.body.suggestions.map((s: Row) => s.id).filter((x: string) => ids.includes(x));
    expect(order).toEqual([ids[1], ids[2], ids[0]]);
    const recent = await call('GET', '/suggestions?sort=new', null);
    expect(recent.body.suggestions[0].id).toBe(ids[2]);
  });

  it('refuses bad input, visitors and unknown ids without changing anything', async () => {
    const fan = await asUser();
    const before = (await call('GET', '/suggestions', null)).body.suggestions.length;
    for (const body of [{ title: ' a ' }, { title: '' }, { title: 'x'.repeat(121) }, {}]) {
      const res = await call('POST', '/suggestions', fan.headers, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect((await call('POST', '/suggestions', null, { title: 'Visitor idea' })).status).toBe(401);
    const missing = await call(
      'POST',
      '/suggestions/00000000-0000-4000-8000-000000000000/vote',
      fan.headers,
    );
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('SUGGESTION_NOT_FOUND');
    expect((await call('POST', '/suggestions/not-a-uuid/vote', fan.headers)).status).toBe(400);
    expect((await call('GET', '/suggestions', null)).body.suggestions.length).toBe(before);
  });
});

describe('roadmap and team', () => {
  it('admins add, edit and remove items (audit-logged); everyone reads them in order', async () => {
    const created = await call('POST', '/admin/roadmap', undefined, {
      title: 'Group chats',
      description: 'Chat with several fans',
      status: 'in_progress',
      eta: 'Q1 2027',
      position: 2,
    });
    expect(created.status).toBe(201);
    const first = await call('POST', '/admin/roadmap', undefined, { title: 'Polls', position: 1 });
    const id = created.body.item.id;
    const list = await call('GET', '/roadmap', null);
    expect(list.status).toBe(200);
    const ids = list.body.items.map((i: { id: string }) => i.id);
    expect(ids.indexOf(first.body.item.id)).toBeLessThan(ids.indexOf(id));
    expect(list.body.items.find((i: { id: string }) => i.id === id)).toMatchObject({
      status: 'in_progress',
      eta: 'Q1 2027',
    });

    const edited = await call('PUT', `/admin/roadmap/${id}`, undefined, { status: 'done' });
    expect(edited.body.item.status).toBe('done');
    expect((await call('PUT', `/admin/roadmap/${id}`, undefined, {})).status).toBe(400);
    expect((await call('DELETE', `/admin/roadmap/${id}`)).status).toBe(200);
    expect((await call('DELETE', `/admin/roadmap/${id}`)).status).toBe(404);
    const log = await call('GET', `/admin/activity?targetId=${id}`);
    expect(log.body.activities.map((a: { action: string }) => a.action).sort()).toEqual([
      'roadmap.create',
      'roadmap.delete',
      'roadmap.update',
    ]);
  });

  it('refuses roadmap writes from fans and creators', async () => {
    const fan = await asUser();
    const creator = await asUser('creator');
    const item = await call('POST', '/admin/roadmap', undefined, { title: 'Keep me' });
    for (const who of [fan, creator]) {
      expect((await call('POST', '/admin/roadmap', who.headers, { title: 'Nope' })).status).toBe(
        403,
      );
      const put = await call('PUT', `/admin/roadmap/${item.body.item.id}`, who.headers, {
        title: 'Hacked',
      });
      expect(put.status).toBe(403);
      expect(
        (await call('DELETE', `/admin/roadmap/${item.body.item.id}`, who.headers)).status,
      ).toBe(403);
    }
    const list = await call('GET', '/roadmap', null);
    expect(list.body.items.find((i: { id: string }) => i.id === item.body.item.id).title).toBe(
      'Keep me',
    );
  });

  it('the team lists active staff accounts only', async () => {
    const fan = await asUser();
    const res = await call('GET', '/team', null);
    expect(res.status).toBe(200);
    const ids = res.body.members.map((m: { id: string }) => m.id);
    expect(ids).toContain(kit.adminId);
    expect(ids).not.toContain(fan.user.id);
    expect(res.body.members[0]).not.toHaveProperty('email');
  });
});

describe('contact and feedback', () => {
  it('stores contact messages from visitors and users; only admins list them', async () => {
    const fan = await asUser();
    const sent = await call('POST', '/contact', null, {
      name: 'Jane Visitor',
      email: 'Jane@Example.com',
      subject: 'Press enquiry',
      message: 'Hello team',
    });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatch(/Thanks/);
    await call('POST', '/contact', fan.headers, {
      name: 'Fan',
      email: 'fan@example.com',
      subject: 'Hi there',
      message: 'Signed in',
    });
    const bad = await call('POST', '/contact', null, {
      name: 'X',
      email: 'not-an-email',
      subject: 'Hello',
      message: 'x',
    });
    expect(bad.status).toBe(400);
    expect(
      (
        await call('POST', '/contact', null, {
          name: 'X',
          email: 'a@b.co',
          subject: 'ab',
          message: 'x',
        })
      ).status,
    ).toBe(400);

    const list = await call('GET', '/admin/contact?limit=2');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.messages[0]).toMatchObject({ subject: 'Hi there', userId: fan.user.id });
    expect(list.body.messages[1]).toMatchObject({ email: 'jane@example.com', userId: null });
    expect((await call('GET', '/admin/contact', fan.headers)).status).toBe(403);
    expect((await call('GET', '/admin/contact', null)).status).toBe(401);
  });

  it('defaults the subject from the message and a signed-in sender’s name and email', async () => {
    const fan = await asUser();
    const signedIn = await call('POST', '/contact', fan.headers, {
      message: 'My payout is late\nSecond line',
    });
    expect(signedIn.status).toBe(201);
    // visitors from their own address, clear of the per-address limit the other tests use
    const visitor = (body: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: body,
        remoteAddress: '198.51.100.7',
      });
    const sender = { name: 'Visitor', email: 'v@example.com' };
    expect((await visitor({ ...sender, message: 'word '.repeat(40) })).statusCode).toBe(201);
    expect((await visitor({ ...sender, message: 'x' })).statusCode).toBe(201);
    // a visitor gives a name and an email; a subject given is still checked
    const incomplete: Array<Record<string, string>> = [
      { email: 'v@example.com', message: 'Hi' },
      { name: 'Visitor', message: 'Hi' },
      { ...sender, subject: 'ab', message: 'Hi' },
    ];
    for (const body of incomplete)
      expect((await visitor(body)).statusCode, JSON.stringify(body)).toBe(400);

    const { messages } = (await call('GET', '/admin/contact?limit=3')).body;
    expect(messages[0]).toMatchObject({ subject: 'Contact form', message: 'x' });
    expect(messages[1].subject).toMatch(/^word( word)+…$/);
    expect([...messages[1].subject].length).toBeLessThanOrEqual(60);
    const account = await server.ctx.db
      .selectFrom('users')
      .select(['username', 'display_name', 'email'])
      .where('id', '=', fan.user.id)
      .executeTakeFirstOrThrow();
    expect(messages[2]).toMatchObject({
      subject: 'My payout is late',
      name: account.display_name ?? account.username,
      email: account.email.toLowerCase(),
      userId: fan.user.id,
    });
  });

  it('stores ratings 1–5 with page and message; admins see the average', async () => {
    const fan = await asUser();
    expect(
      (
        await call('POST', '/feedback', fan.headers, {
          rating: 5,
          message: 'Great',
          page: '/discover',
        })
      ).status,
    ).toBe(201);
    expect((await call('POST', '/feedback', null, { rating: 2 })).status).toBe(201);
    for (const rating of [0, 6, 2.5, 'five'])
      expect((await call('POST', '/feedback', fan.headers, { rating })).status).toBe(400);
    // the rating is optional: a message alone is stored without one, outside the average
    expect((await call('POST', '/feedback', fan.headers, { message: 'No stars' })).status).toBe(
      201,
    );
    const list = await call('GET', '/admin/feedback');
    expect(list.body.total).toBe(3);
    expect(list.body.averageRating).toBe(3.5);
    expect(list.body.feedback[0]).toMatchObject({ rating: null, message: 'No stars' });
    expect(list.body.feedback[2]).toMatchObject({
      rating: 5,
      page: '/discover',
      user: { id: fan.user.id },
    });
    expect((await call('GET', '/admin/feedback', fan.headers)).status).toBe(403);
  });

  it('rate-limits the contact form', async () => {
    const statuses: number[] = [];
    const body = { name: 'Spam', email: 's@example.com', subject: 'Spam spam', message: 'x' };
    const spammer = await asUser();
    for (let i = 0; i < 6; i++)
      statuses.push((await call('POST', '/contact', spammer.headers, body)).status);
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses[5]).toBe(429);
    void server;
  });
});
