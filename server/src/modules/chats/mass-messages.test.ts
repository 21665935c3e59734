import type { Chat, MassMessage } from '@fanspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { runJobs } from '../auth/auth.test-helpers.ts';
import { fund, pay } from '../payments/payments.test-kit.ts';
import {
  actor,
  block,
  call,
  follow,
  subscribe,
  vaultImage,
  type Actor,
} from '../posts/posts.test-kit.ts';
import { messagesOf, openChat, send } from './chats.test-kit.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ worker: true });
});
afterAll(() => server.close());

async function chatsOf(who: Actor): Promise<Chat[]> {
  const res = await call(server, who, 'GET', '/chats');
  expect(res.status).toBe(200);
  return res.body.chats as Chat[];
}

async function status(creator: Actor, id: string): Promise<MassMessage> {
  const res = await call(server, creator, 'GET', `/chats/mass-messages/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body.massMessage as MassMessage;
}

describe('mass messages', () => {
  it('sends to followers through the job, reusing chats and skipping blocked users', async () => {
    const creator = await actor(server, 'creator');
    const [a, b, blocker] = [await actor(server), await actor(server), await actor(server)];
    for (const fan of [a, b, blocker]) await follow(server, fan, creator);
    await block(server, blocker, creator);
    const existing = await openChat(server, a, creator);
    await send(server, a, existing.id, { text: 'hi first' });

    const res = await call(server, creator, 'POST', '/chats/mass-messages', {
      text: 'Hello followers',
      segment: 'followers',
    });
    expect(res.status, res.text).toBe(202);
    const queued = res.body.massMessage as MassMessage;
    expect(queued).toMatchObject({ status: 'queued', segment: 'followers', jobId: queued.id });
    await runJobs(server);
    expect(await status(creator, queued.id)).toMatchObject({
      status: 'completed',
      recipientCount: 3,
      sentCount: 2,
      skippedCount: 1,
    });
    const aChats = await chatsOf(a);
    expect(aChats).toHaveLength(1);
    expect(aChats[0]!.id).toBe(existing.id);
    expect((await messagesOf(server, a, existing.id)).messages.map((m) => m.text)).toEqual([
      'hi first',
      'Hello followers',
    ]);
    const bChat = (await chatsOf(b))[0]!;
    expect(bChat.lastMessage).toMatchObject({ text: 'Hello followers', massMessageId: queued.id });
    expect(bChat.unreadCount).toBe(1);
    expect(await chatsOf(blocker)).toEqual([]);
    // running the job again sends nothing twice
    await server.ctx.jobs.enqueue(server.ctx.db, 'chats.mass-message', {
      massMessageId: queued.id,
    });
    await runJobs(server);
    expect((await messagesOf(server, b, bChat.id)).messages).toHaveLength(1);
  });

  it('sells locked media to active subscribers, each unlocking their own copy', async () => {
    const creator = await actor(server, 'creator');
    const [sub1, sub2, lapsed] = [await actor(server), await actor(server), await actor(server)];
    await subscribe(server, sub1, creator);
    await subscribe(server, sub2, creator);
    await subscribe(server, lapsed, creator, new Date(Date.now() - 1000), 'expired');
    const item = await vaultImage(server, creator);
    const res = await call(server, creator, 'POST', '/chats/mass-messages', {
      text: 'New set',
      segment: 'subscribers',
      lockedContent: { price: 4, selectedMediaItems: [item.id] },
    });
    expect(res.status, res.text).toBe(202);
    expect(res.body.massMessage.price).toBe(4);
    await runJobs(server);
    expect(await status(creator, res.body.massMessage.id)).toMatchObject({
      status: 'completed',
      sentCount: 2,
    });
    expect(await chatsOf(lapsed)).toEqual([]);
    const chat1 = (await chatsOf(sub1))[0]!;
    const [locked] = (await messagesOf(server, sub1, chat1.id)).messages;
    expect(locked).toMatchObject({ isUnlocked: false, lockedContent: { price: 4, itemCount: 1 } });
    expect(locked!.mediaItems[0]!.mediaUrl).toBeNull();
    await fund(server, sub1, 10);
    expect((await pay(server, sub1, 'POST', `/chats/messages/${locked!.id}/unlock`)).status).toBe(
      200,
    );
    const chat2 = (await chatsOf(sub2))[0]!;
    expect((await messagesOf(server, sub2, chat2.id)).messages[0]!.isUnlocked).toBe(false);
  });

  it('checks the sender, segment, group and content before queueing', async () => {
    const creator = await actor(server, 'creator');
    const fan = await actor(server);
    const other = await actor(server, 'creator');
    const fanTry = await call(server, fan, 'POST', '/chats/mass-messages', {
      text: 'x',
      segment: 'followers',
    });
    expect(fanTry.status).toBe(403);
    expect(fanTry.body.code).toBe('ONLY_CREATORS');
    const theirs = await call(server, other, 'POST', '/user-groups', { name: 'VIP' });
    expect(theirs.status, theirs.text).toBeLessThan(300);
    const theirGroupId = (theirs.body.group ?? theirs.body).id as string;
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ text: 'x', segment: 'group' }, 400],
      [{ text: 'x', segment: 'group', userGroupId: theirGroupId }, 404],
      [{ text: 'x', segment: 'everyone' }, 400],
      [{ text: '  ', segment: 'followers' }, 400],
      [{ text: 'x', segment: 'followers', lockedContent: { price: 5 } }, 400],
    ];
    for (const [body, code] of cases) {
      const res = await call(server, creator, 'POST', '/chats/mass-messages', body);
      expect(res.status, JSON.stringify(body)).toBe(code);
    }
    expect((await call(server, other, 'GET', '/chats/mass-messages')).body.massMessages).toEqual(
      [],
    );
    const mine = await call(server, creator, 'POST', '/chats/mass-messages', {
      text: 'x',
      segment: 'followers',
    });
    expect(
      (await call(server, other, 'GET', `/chats/mass-messages/${mine.body.massMessage.id}`)).status,
    ).toBe(404);
    await runJobs(server);
    expect(await status(creator, mine.body.massMessage.id)).toMatchObject({
      status: 'completed',
      recipientCount: 0,
    });
  });

  it('sends to the members of one of the creator’s user groups', async () => {
    const creator = await actor(server, 'creator');
    const member = await actor(server);
    const group = await server.ctx.db
      .insertInto('user_groups')
      .values({ owner_id: creator.user.id, name: 'Close friends' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.ctx.db
      .insertInto('user_group_members')
      .values({ group_id: group.id, member_id: member.user.id })
      .execute();
    const res = await call(server, creator, 'POST', '/chats/mass-messages', {
      text: 'Just you',
      segment: 'group',
      userGroupId: group.id,
    });
    expect(res.status).toBe(202);
    await runJobs(server);
    const [chat] = await chatsOf(member);
    expect(chat!.lastMessage!.text).toBe('Just you');
  });
});
