import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, block, type Actor } from '../posts/posts.test-kit.ts';
import { pay } from '../payments/payments.test-kit.ts';

let server: TestServer;
let fan: Actor;
let creator: Actor;
let other: Actor;

beforeAll(async () => {
  server = await createTestServer();
  [fan, creator, other] = await Promise.all([
    actor(server),
    actor(server, 'creator'),
    actor(server, 'creator'),
  ]);
});
afterAll(() => server.close());

describe('Q and A', () => {
  it('adds {question, answer} to the own profile, lists it in order and deletes it', async () => {
    const a = await pay(server, creator, 'POST', '/qanda', {
      question: 'Do you do customs?',
      answer: 'Yes, message me.',
    });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({
      creatorId: creator.user.id,
      question: 'Do you do customs?',
      answer: 'Yes, message me.',
    });
    const b = await pay(server, creator, 'POST', '/qanda', {
      question: 'Where?',
      answer: 'Berlin',
    });
    const list = await pay(server, null, 'GET', `/qanda?userId=${creator.user.id}`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((i: { id: string }) => i.id)).toEqual([a.body.id, b.body.id]);

    const del = await pay(server, creator, 'DELETE', `/qanda/${a.body.id}`);
    expect(del).toMatchObject({ status: 200, body: { ok: true } });
    const after = await pay(server, fan, 'GET', `/qanda?userId=${creator.user.id}`);
    expect(after.body.items.map((i: { id: string }) => i.id)).toEqual([b.body.id]);
    expect((await pay(server, creator, 'DELETE', `/qanda/${a.body.id}`)).status).toBe(404);
  });

  it('validates the body and refuses fans', async () => {
    for (const body of [
      { question: '', answer: 'x' },
      { question: 'x', answer: '  ' },
      { question: 'x' },
      { question: 'x'.repeat(301), answer: 'y' },
    ])
      expect((await pay(server, creator, 'POST', '/qanda', body)).status).toBe(400);
    const res = await pay(server, fan, 'POST', '/qanda', { question: 'q', answer: 'a' });
    expect(res).toMatchObject({ status: 403, body: { code: 'ONLY_CREATORS' } });
  });

  it("cannot delete another creator's item", async () => {
    const item = await pay(server, creator, 'POST', '/qanda', { question: 'q?', answer: 'a' });
    const res = await pay(server, other, 'DELETE', `/qanda/${item.body.id}`);
    expect(res).toMatchObject({ status: 404, body: { code: 'QANDA_NOT_FOUND' } });
    expect((await pay(server, fan, 'DELETE', `/qanda/${item.body.id}`)).status).toBe(404);
    const list = await pay(server, creator, 'GET', '/qanda');
    expect(list.body.items.map((i: { id: string }) => i.id)).toContain(item.body.id);
  });

  it('is hidden from blocked users; a fan has no Q and A', async () => {
    const blocked = await actor(server);
    await block(server, creator, blocked);
    expect((await pay(server, blocked, 'GET', `/qanda?userId=${creator.user.id}`)).status).toBe(
      404,
    );
    expect((await pay(server, null, 'GET', `/qanda?userId=${fan.user.id}`)).status).toBe(404);
  });
});

describe('Q and A reads', () => {
  it('reads one item by id as the list shows it, and takes creatorId for userId', async () => {
    const item = await pay(server, creator, 'POST', '/qanda', { question: 'Why?', answer: 'Art' });
    const list = await pay(server, null, 'GET', `/qanda?creatorId=${creator.user.id}`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual(
      (await pay(server, null, 'GET', `/qanda?userId=${creator.user.id}`)).body,
    );
    // userId wins over creatorId
    const both = await pay(
      server,
      null,
      'GET',
      `/qanda?userId=${creator.user.id}&creatorId=${other.user.id}`,
    );
    expect(both.body).toEqual(list.body);
    const listed = list.body.items.find((i: { id: string }) => i.id === item.body.id);
    for (const who of [null, fan, creator])
      expect(await pay(server, who, 'GET', `/qanda/${item.body.id}`)).toMatchObject({
        status: 200,
        body: listed,
      });
    const blocked = await actor(server);
    await block(server, creator, blocked);
    for (const [who, id] of [
      [blocked, item.body.id],
      [null, 'nope'],
      [null, other.user.id],
    ] as const)
      expect(await pay(server, who, 'GET', `/qanda/${id}`)).toMatchObject({
        status: 404,
        body: { code: 'QANDA_NOT_FOUND', message: 'Question not found' },
      });
  });
});
