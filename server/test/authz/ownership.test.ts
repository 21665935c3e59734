import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChat } from '../../src/modules/chats/chats.test-kit.ts';
import {
  actor,
  call,
  jpeg,
  postMultipart,
  purchase,
  subscribe,
  vaultImage,
  type Actor,
} from '../../src/modules/posts/posts.test-kit.ts';
import { createAdmin, createUser, tokenFor, bearer } from '../factories.ts';
import { createTestServer, type TestServer } from '../harness.ts';

/**
 * Ownership cases of the authorisation matrix: the owner creator's post, vault item, chat and
 * locked media tried by every kind of actor with the owner's ids in the id slots. `ok` lists
 * who may succeed; everyone else must be refused (no 2xx) and nothing may change.
 */

type Name =
  | 'visitor'
  | 'fan'
  | 'subscriber'
  | 'buyer'
  | 'otherCreator'
  | 'owner'
  | 'adminWithout2fa'
  | 'admin';

let server: TestServer;
const actors = new Map<Name, Actor | null>();
let paidPostId: string;
let subsPostId: string;
let vaultId: string;
let chatId: string;

async function adminActor(with2fa: boolean): Promise<Actor> {
  const user = with2fa
    ? await createAdmin(server.ctx)
    : await createUser(server.ctx, { is_admin: true });
  const token = await tokenFor(server.ctx, user);
  return { user, token, sessionId: '', headers: bearer(token) };
}

beforeAll(async () => {
  server = await createTestServer({ env: { RATE_LIMIT_ENABLED: 'false' } });
  const owner = await actor(server, 'creator');
  actors.set('visitor', null);
  actors.set('fan', await actor(server, 'fan'));
  actors.set('subscriber', await actor(server, 'fan'));
  actors.set('buyer', await actor(server, 'fan'));
  actors.set('otherCreator', await actor(server, 'creator'));
  actors.set('owner', owner);
  actors.set('adminWithout2fa', await adminActor(false));
  actors.set('admin', await adminActor(true));
  const paid = await postMultipart(
    server,
    owner,
    {
      caption: 'paid',
      accessDetails: JSON.stringify({ accessLevel: 'paid', price: 9.99, requiresUnlock: true }),
    },
    { image: await jpeg() },
  );
  expect(paid.status, paid.text).toBe(201);
  paidPostId = paid.body.id;
  const subs = await postMultipart(
    server,
    owner,
    { caption: 'subs', accessDetails: JSON.stringify({ accessLevel: 'subscribers' }) },
    { image: await jpeg() },
  );
  expect(subs.status, subs.text).toBe(201);
  subsPostId = subs.body.id;
  await purchase(server, actors.get('buyer')!, { id: paidPostId });
  await subscribe(server, actors.get('subscriber')!, owner);
  vaultId = (await vaultImage(server, owner)).id;
  chatId = (await openChat(server, actors.get('fan')!, owner)).id;
});
afterAll(() => server.close());

const all = (): Name[] => [...actors.keys()];

async function tryAll(
  method: 'GET' | 'PUT' | 'DELETE',
  url: () => string,
  ok: Name[],
  payload?: Record<string, unknown>,
) {
  const outcome: Record<string, number> = {};
  for (const name of all()) {
    const res = await call(server, actors.get(name) ?? null, method, url(), payload);
    outcome[name] = res.status;
  }
  const successes = all().filter((n) => outcome[n]! < 300);
  expect(successes, JSON.stringify(outcome)).toEqual(ok);
}

describe('ownership: another user’s ids in every id slot', () => {
  it('only the owner edits a post; the caption stays', async () => {
    // the owner goes last among writers so a refused edit cannot hide behind a later one
    const others = all().filter((n) => n !== 'owner');
    for (const name of others) {
      const res = await call(server, actors.get(name) ?? null, 'PUT', `/posts/${paidPostId}`, {
        caption: `hijacked by ${name}`,
      });
      expect(res.status, name).toBeGreaterThanOrEqual(400);
    }
    const post = await call(server, actors.get('owner')!, 'GET', `/posts/${paidPostId}`);
    expect(post.body.caption).toBe('paid');
  });

  it('only the owner reads or deletes a vault item', async () => {
    await tryAll('GET', () => `/media/${vaultId}`, ['owner']);
    const others = all().filter((n) => n !== 'owner');
    for (const name of others) {
      const res = await call(server, actors.get(name) ?? null, 'DELETE', `/media/${vaultId}`);
      expect(res.status, name).toBeGreaterThanOrEqual(400);
    }
    expect((await call(server, actors.get('owner')!, 'GET', `/media/${vaultId}`)).status).toBe(200);
  });

  it('only the two participants read a chat and its messages', async () => {
    await tryAll('GET', () => `/chats/${chatId}`, ['fan', 'owner']);
    await tryAll('GET', () => `/chats/${chatId}/messages`, ['fan', 'owner']);
  });

  it('locked posts unlock for exactly the buyer / subscriber and the owner', async () => {
    for (const [postId, unlocked] of [
      [paidPostId, ['buyer', 'owner']],
      [subsPostId, ['subscriber', 'owner']],
    ] as const) {
      const open: string[] = [];
      for (const name of all()) {
        const res = await call(server, actors.get(name) ?? null, 'GET', `/posts/${postId}`);
        if (res.status === 200 && res.body.isUnlockedForUser) open.push(name);
        if (res.status === 200 && !res.body.isUnlockedForUser)
          expect(JSON.stringify(res.body.media ?? [])).not.toContain('/content?');
      }
      expect(open, postId).toEqual(unlocked);
    }
  });

  it('locked media bytes: 0 bytes to other sessions, even with the buyer’s signed URL', async () => {
    const buyer = actors.get('buyer')!;
    const post = await call(server, buyer, 'GET', `/posts/${paidPostId}`);
    const url = JSON.stringify(post.body).match(/\/api\/media\/[^"]+\/content\?[^"]+/)?.[0];
    expect(url).toBeDefined();
    const fetchAs = (who: Actor | null) =>
      server.app.inject({ method: 'GET', url: url!, headers: who ? who.headers : {} });
    expect((await fetchAs(buyer)).statusCode).toBe(200);
    for (const name of all().filter((n) => n !== 'buyer')) {
      const res = await fetchAs(actors.get(name) ?? null);
      expect(res.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-type'], name).toContain('application/json');
    }
  });
});
