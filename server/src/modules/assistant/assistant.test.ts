import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { actor, call, insertPost, type Actor } from '../posts/posts.test-kit.ts';
import { articles, search } from './help-articles.ts';
import { metricsAsked, periodOf } from './assistant.service.ts';

describe('help retrieval', () => {
  it('ships about ten articles and finds the right one', () => {
    expect(articles().length).toBeGreaterThanOrEqual(10);
    expect(search('what is the best time to post for engagement?')[0]?.article.id).toBe(
      'best-time-to-post',
    );
    expect(search('how do payouts work')[0]?.article.id).toBe('earnings-payouts');
    expect(search('who viewed my profile')[0]?.article.id).toBe('profile-viewers');
    expect(search('zzz qqq')).toEqual([]);
  });

  it('reads the period and the figures a question asks for', () => {
    expect(periodOf('how many views did I get this week?')).toBe('7d');
    expect(periodOf('my earnings this year')).toBe('1y');
    expect(periodOf('my likes')).toBe('30d');
    expect(metricsAsked('How many views and likes did my posts get?')).toEqual(['views', 'likes']);
    expect(metricsAsked('how do views work')).toEqual([]);
  });
});

describe('POST /assistant/chat', () => {
  let server: TestServer;
  let creator: Actor;
  let fan: Actor;
  beforeAll(async () => {
    server = await createTestServer();
    creator = await actor(server, 'creator');
    fan = await actor(server);
  });
  afterAll(() => server.close());

  it("answers a creator's numbers question from their analytics, citing it", async () => {
    const post = await insertPost(server, creator.user);
    await call(server, fan, 'POST', `/posts/${post.id}/view`);
    await call(server, fan, 'POST', `/posts/${post.id}/like`);
    const res = await call(server, creator, 'POST', '/assistant/chat', {
      message: 'How many views and likes did I get this week?',
    });
    expect(res.status).toBe(200);
    expect(res.body.mode).toBe('retrieval');
    expect(res.body.reply.content).toContain(
      'In the last 7 days you had 1 post views, 1 likes. [1]',
    );
    expect(res.body.reply.sources[0]).toEqual({
      id: 'analytics-7d',
      kind: 'analytics',
      title: 'Your analytics (last 7 days)',
      url: '/analytics?period=7d',
    });
    expect(res.body.message).toMatchObject({
      role: 'user',
      content: 'How many views and likes did I get this week?',
    });
  });

  it('answers platform questions from the articles only, and says when it does not know', async () => {
    const res = await call(server, fan, 'POST', '/assistant/chat', {
      message: 'How do I schedule a post for later?',
    });
    expect(res.body.reply.sources[0]).toMatchObject({
      kind: 'article',
      id: 'scheduling-posts',
      url: '/help/scheduling-posts',
    });
    expect(res.body.reply.content).toContain('From "Scheduling posts, stories and mass messages"');
    // a fan has no analytics: no numbers, ever
    const mine = await call(server, fan, 'POST', '/assistant/chat', {
      message: 'what are my earnings?',
    });
    expect(mine.body.reply.sources.every((s: { kind: string }) => s.kind === 'article')).toBe(true);
    expect(mine.body.reply.content).not.toMatch(/you had/);
    const none = await call(server, fan, 'POST', '/assistant/chat', { message: 'zzz qqq' });
    expect(none.body.reply.sources).toEqual([]);
    expect(none.body.reply.content).toContain('I could not find that in the help articles');
  });

  it('keeps each user their own history; validates input', async () => {
    const mine = await call(server, fan, 'GET', '/assistant/messages');
    expect(mine.body.messages).toHaveLength(6);
    expect(mine.body.messages[0].role).toBe('user');
    expect((await call(server, creator, 'GET', '/assistant/messages')).body.messages).toHaveLength(
      2,
    );
    expect((await call(server, fan, 'POST', '/assistant/chat', { message: '' })).status).toBe(400);
    expect(
      (await call(server, fan, 'POST', '/assistant/chat', { message: 'x'.repeat(1001) })).status,
    ).toBe(400);
    expect((await call(server, null, 'POST', '/assistant/chat', { message: 'hi' })).status).toBe(
      401,
    );
    expect((await call(server, fan, 'DELETE', '/assistant/messages')).body).toEqual({
      ok: true,
      removed: 6,
    });
    expect((await call(server, creator, 'GET', '/assistant/messages')).body.messages).toHaveLength(
      2,
    );
    expect((await call(server, null, 'GET', '/assistant/articles/insights')).body.title).toBe(
      'AI insights',
    );
    expect((await call(server, null, 'GET', '/assistant/articles/nope')).status).toBe(404);
  });
});

describe('with an OpenAI-compatible endpoint', () => {
  it('the model phrases the reply from the numbered sources; retrieval when it fails', async () => {
    let fail = false;
    let prompt = '';
    const srv = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        prompt = (JSON.parse(raw) as { messages: { content: string }[] }).messages[1]!.content;
        res.writeHead(fail ? 503 : 200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            fail ? {} : { choices: [{ message: { content: 'Use the scheduler [1].' } }] },
          ),
        );
      });
    });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const server = await createTestServer({
      env: {
        AI_BASE_URL: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
        AI_API_KEY: 'k',
        AI_MODEL: 'm',
      },
    });
    try {
      const who = await actor(server);
      const ok = await call(server, who, 'POST', '/assistant/chat', {
        message: 'How do I schedule a post?',
      });
      expect(ok.body).toMatchObject({ mode: 'ai', reply: { content: 'Use the scheduler [1].' } });
      expect(prompt).toContain('[1] Scheduling posts, stories and mass messages');
      fail = true;
      const down = await call(server, who, 'POST', '/assistant/chat', {
        message: 'How do I schedule a post?',
      });
      expect(down.body.mode).toBe('retrieval');
      expect(down.body.reply.content).toContain('From "Scheduling posts');
    } finally {
      await server.close();
      srv.closeAllConnections();
      srv.close();
    }
  });
});
