import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const join = (email: string, userType: string = 'fan') =>
  server.app.inject({
    method: 'POST',
    url: '/api/waitlist/signup',
    payload: { email, userType },
  });

const position = (email: string) =>
  server.app.inject(`/api/waitlist/position?email=${encodeURIComponent(email)}`);

describe('waitlist', () => {
  it('queues emails in order and is idempotent per email', async () => {
    const first = await join('first@example.test', 'creator');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ position: 1, total: 1, alreadyJoined: false });
    expect((await join('second@example.test')).json()).toMatchObject({ position: 2, total: 2 });

    const repeat = await join('FIRST@example.test', 'fan');
    expect(repeat.json()).toMatchObject({ position: 1, total: 2, alreadyJoined: true });
    const rows = await server.ctx.db.selectFrom('waitlist_entries').selectAll().execute();
    expect(rows).toHaveLength(2);
    // the first sign-up's type is kept
    expect(rows.find((r) => r.email === 'first@example.test')?.user_type).toBe('creator');

    expect((await position('second@example.test')).json()).toEqual({ position: 2, total: 2 });
    expect((await position(' First@Example.test ')).statusCode).toBe(400);
    expect((await position('first@example.test')).json()).toEqual({ position: 1, total: 2 });
  });

  it('answers 404 for an email that is not listed and 400 for bad input', async () => {
    const missing = await position('nobody@example.test');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    expect((await join('not-an-email')).statusCode).toBe(400);
    expect((await join('ok@example.test', 'admin')).statusCode).toBe(400);
    expect((await server.app.inject('/api/waitlist/position')).statusCode).toBe(400);
  });

  it('gives concurrent sign-ups of one email a single entry', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => join('race@example.test')));
    const positions = new Set(results.map((r) => r.json().position));
    expect(positions.size).toBe(1);
    expect(results.filter((r) => r.json().alreadyJoined === false)).toHaveLength(1);
  });
});
