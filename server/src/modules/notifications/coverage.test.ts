import { SYSTEM_ACTOR_ID, type Notification } from '@fanspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { openChat, send } from '../chats/chats.test-kit.ts';
import { fund, paidPost, pay } from '../payments/payments.test-kit.ts';
import { actor, call, insertPost, type Actor } from '../posts/posts.test-kit.ts';
import { notify } from './notify.ts';

/** Every event SPEC/issue 6 names creates its notification, preferences permitting. */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

async function notificationsOf(who: Actor): Promise<Notification[]> {
  const res = await call(server, who, 'GET', '/notifications?limit=100');
  expect(res.status).toBe(200);
  return res.body.notifications as Notification[];
}
const typesOf = async (who: Actor) => (await notificationsOf(who)).map((n) => n.type).sort();

describe('notification coverage', () => {
  it('follows, likes, comments, mentions in comments and captions', async () => {
    const creator = await actor(server, 'creator');
    const fan = await actor(server);
    const friend = await actor(server);
    expect((await call(server, fan, 'POST', `/users/${creator.user.id}/follow`)).status).toBe(200);
    const post = await insertPost(server, creator.user, { caption: 'free' });
    expect((await call(server, fan, 'POST', `/posts/${post.id}/like`)).status).toBeLessThan(300);
    const comment = await call(server, fan, 'POST', `/posts/${post.id}/comments`, {
      text: `look @${friend.user.username} and @${creator.user.username}`,
    });
    expect(comment.status, comment.text).toBe(201);
    expect(await typesOf(creator)).toEqual(['comment', 'follow', 'like']);
    const [mention] = await notificationsOf(friend);
    expect(mention).toMatchObject({
      type: 'mention',
      actorId: fan.user.id,
      relatedId: post.id,
      relatedType: 'post',
    });

    // editing the comment tells only newly mentioned people
    const other = await actor(server);
    const edited = await call(
      server,
      fan,
      'PUT',
      `/posts/${post.id}/comments/${comment.body.comment?.id ?? comment.body.id}`,
      { text: `look @${friend.user.username} and @${other.user.username}` },
    );
    expect(edited.status, edited.text).toBe(200);
    expect(await typesOf(friend)).toEqual(['mention']);
    expect(await typesOf(other)).toEqual(['mention']);

    const captioned = await call(server, creator, 'POST', '/posts', {
      caption: `hello @${fan.user.username}`,
    });
    expect(captioned.status, captioned.text).toBe(201);
    expect((await notificationsOf(fan)).find((n) => n.type === 'mention')).toMatchObject({
      actorId: creator.user.id,
      relatedType: 'post',
    });
  });

  it('tips, purchases, subscriptions and messages', async () => {
    const creator = await actor(server, 'creator', { subscription_price_cents: 500 });
    const fan = await actor(server);
    await fund(server, fan, 100);
    expect(
      (
        await pay(server, fan, 'POST', '/tips', {
          recipientUserId: creator.user.id,
          amount: 3,
          tipType: 'profile',
        })
      ).status,
    ).toBe(201);
    const post = await paidPost(server, creator, 400);
    expect((await pay(server, fan, 'POST', `/posts/${post.id}/unlock`)).status).toBe(200);
    const sub = await pay(server, fan, 'POST', '/subscriptions', { creatorId: creator.user.id });
    expect(sub.status, sub.text).toBeLessThan(300);
    const chat = await openChat(server, fan, creator);
    await send(server, fan, chat.id, { text: 'hi' });
    const notes = await notificationsOf(creator);
    expect(notes.map((n) => n.type).sort()).toEqual(['message', 'purchase', 'subscription', 'tip']);
    expect(notes.find((n) => n.type === 'tip')!.data).toMatchObject({ amountCents: 300 });
    expect(notes.find((n) => n.type === 'purchase')).toMatchObject({
      relatedId: post.id,
      relatedType: 'post',
      actorId: fan.user.id,
    });
  });

  it('system messages carry the fixed system actor id', async () => {
    const user = await actor(server);
    await notify(server.ctx.db, { userId: user.user.id, type: 'system', data: { message: 'Hi' } });
    const [note] = await notificationsOf(user);
    expect(note).toMatchObject({ type: 'system', actorId: SYSTEM_ACTOR_ID, actor: null });
    expect(SYSTEM_ACTOR_ID).toBe('{hash}');
  });

  it('respects preferences.notifications.<type> === false', async () => {
    const creator = await actor(server, 'creator');
    const fan = await actor(server);
    const res = await call(server, fan, 'PUT', '/users/me', {
      preferences: { notifications: { mention: false } },
    });
    expect(res.status, res.text).toBe(200);
    const post = await call(server, creator, 'POST', '/posts', {
      caption: `hello @${fan.user.username}`,
    });
    expect(post.status).toBe(201);
    await call(server, creator, 'POST', `/users/${fan.user.id}/follow`);
    expect(await typesOf(fan)).toEqual(['follow']);
  });
});
