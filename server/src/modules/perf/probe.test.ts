import pg from 'pg';
import { afterAll, beforeAll, it, vi } from 'vitest';
import { TEST_PASSWORD } from '../../../test/factories.ts';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, call } from '../posts/posts.test-kit.ts';
import { fund, paidPost, pay } from '../payments/payments.test-kit.ts';
import { openChat } from '../chats/chats.test-kit.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

async function trace(label: string, fn: () => Promise<unknown>) {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  await fn();
  const sqls = spy.mock.calls.map((c) => String(typeof c[0] === 'string' ? c[0] : (c[0] as { text: string }).text).replace(/\s+/g, ' ').slice(0, 260));
  spy.mockRestore();
  console.log(`=== ${label}: ${sqls.length}\n${sqls.map((s, i) => `${i + 1}. ${s}`).join('\n')}`);
}

it('traces', async () => {
  const fan = await actor(server);
  const creator = await actor(server, 'creator');
  await fund(server, fan, 100);
  const post = await paidPost(server, creator);
  const post2 = await paidPost(server, creator);
  await pay(server, fan, 'POST', `/posts/${post2.id}/unlock`);
  await trace('unlock', () => pay(server, fan, 'POST', `/posts/${post.id}/unlock`));
  await pay(server, fan, 'POST', '/tips', { recipientUserId: creator.user.id, amount: 1, tipType: 'profile' });
  await trace('tip', () =>
    pay(server, fan, 'POST', '/tips', { recipientUserId: creator.user.id, amount: 1, tipType: 'profile' }),
  );
  const chat = await openChat(server, creator, fan);
  await call(server, creator, 'POST', `/chats/${chat.id}/messages`, { text: 'hi' });
  await trace('chat', () => call(server, creator, 'POST', `/chats/${chat.id}/messages`, { text: 'hello' }));
  await trace('login', () =>
    server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: fan.user.email, password: TEST_PASSWORD } }),
  );
});
