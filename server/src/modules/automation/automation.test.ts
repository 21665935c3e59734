import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { runJobs } from '../auth/auth.test-helpers.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';
import { fund, pay } from '../payments/payments.test-kit.ts';
import { renewDueSubscriptions } from '../payments/renewals.service.ts';
import { actor, call, vaultImage, type Actor } from '../posts/posts.test-kit.ts';
import { runAutomation } from './automation.runner.ts';

let server: TestServer;
let creator: Actor;
beforeAll(async () => {
  server = await createTestServer({ worker: true });
  creator = await actor(server, 'creator', { display_name: 'Ava' });
});
afterAll(async () => {
  expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  await server.close();
});

const rule = (who: Actor, body: Record<string, unknown>) =>
  call(server, who, 'POST', '/automation-rules', body);
const welcome = (text = 'Welcome {username}!') => ({
  name: 'Welcome',
  trigger: 'new_subscriber',
  action: { type: 'send_message', text },
});

/** The messages `from` sent to `to`, oldest first. */
async function messagesBetween(from: Actor, to: Actor) {
  return server.ctx.db
    .selectFrom('messages')
    .innerJoin('chat_participants as cp', 'cp.chat_id', 'messages.chat_id')
    .select(['messages.id', 'messages.text', 'messages.locked_price_cents'])
    .where('messages.sender_id', '=', from.user.id)
    .where('cp.user_id', '=', to.user.id)
    .orderBy('messages.created_at')
    .execute();
}

describe('automation rules CRUD', () => {
  it('creates, lists, edits and deletes rules; other creators get 404', async () => {
    const made = await rule(creator, welcome());
    expect(made).toMatchObject({
      status: 201,
      body: {
        name: 'Welcome',
        trigger: 'new_subscriber',
        enabled: true,
        runCount: 0,
        action: {
          type: 'send_message',
          text: 'Welcome {username}!',
          lockedPrice: null,
          mediaIds: [],
        },
      },
    });
    const id = made.body.id as string;
    const off = await call(server, creator, 'PUT', `/automation-rules/${id}`, { enabled: false });
    expect(off.body.enabled).toBe(false);
    expect((await call(server, creator, 'GET', '/automation-rules')).body.rules).toHaveLength(1);

    // read by id: the list's item; anyone else's or a malformed id is 404
    const listed = (await call(server, creator, 'GET', '/automation-rules')).body.rules[0];
    expect(await call(server, creator, 'GET', `/automation-rules/${id}`)).toMatchObject({
      status: 200,
      body: listed,
    });
    expect((await call(server, creator, 'GET', '/automation-rules/nope')).body).toMatchObject({
      code: 'AUTOMATION_RULE_NOT_FOUND',
      message: 'Automation rule not found',
    });

    const stranger = await actor(server, 'creator');
    expect((await call(server, stranger, 'GET', '/automation-rules')).body.rules).toEqual([]);
    expect((await call(server, stranger, 'GET', `/automation-rules/${id}`)).status).toBe(404);
    const steal = await call(server, stranger, 'PUT', `/automation-rules/${id}`, { enabled: true });
    expect(steal).toMatchObject({ status: 404, body: { code: 'AUTOMATION_RULE_NOT_FOUND' } });
    expect((await call(server, stranger, 'GET', `/automation-rules/${id}/runs`)).status).toBe(404);
    expect((await call(server, stranger, 'DELETE', `/automation-rules/${id}`)).status).toBe(404);
    expect((await call(server, creator, 'DELETE', `/automation-rules/${id}`)).status).toBe(200);
    expect((await call(server, creator, 'GET', '/automation-rules')).body.rules).toEqual([]);
  });

  it('refuses fans, unknown triggers, empty messages and locks without media', async () => {
    const fan = await actor(server);
    expect((await rule(fan, welcome())).body.code).toBe('ONLY_CREATORS');
    // a fan's list is simply empty (no 403): writes stay creator-only
    expect(await call(server, fan, 'GET', '/automation-rules')).toMatchObject({
      status: 200,
      body: { rules: [] },
    });
    expect((await rule(creator, { ...welcome(), trigger: 'birthday' })).status).toBe(400);
    expect((await rule(creator, welcome('  '))).body).toMatchObject({
      field: 'action.text',
    });
    const lockedNoMedia = await rule(creator, {
      ...welcome(),
      action: { type: 'send_message', text: 'Hi', lockedPrice: 5 },
    });
    expect(lockedNoMedia.body).toMatchObject({ field: 'action.mediaIds' });
    const notMine = await rule(creator, {
      ...welcome(),
      action: { type: 'send_message', text: 'Hi', mediaIds: [randomUUID()] },
    });
    expect(notMine).toMatchObject({ status: 404, body: { code: 'MEDIA_NOT_FOUND' } });
    expect((await call(server, creator, 'GET', '/automation-rules')).body.rules).toEqual([]);
  });
});

describe('running rules', () => {
  it('welcomes a new subscriber once, even when the job runs twice', async () => {
    const made = await rule(creator, welcome());
    const fan = await actor(server, 'fan', { display_name: 'Sam' });
    await fund(server, fan, 30);
    const sub = await pay(server, fan, 'POST', '/subscriptions', { creatorId: creator.user.id });
    expect(sub.status).toBe(200);
    await runJobs(server);
    // a duplicate delivery of the same event does nothing more
    await runAutomation(server.ctx, {
      trigger: 'new_subscriber',
      creatorId: creator.user.id,
      fanId: fan.user.id,
      eventKey: sub.body.transactionId,
    });
    const sent = await messagesBetween(creator, fan);
    expect(sent.map((m) => m.text)).toEqual(['Welcome Sam!']);

    const runs = await call(server, creator, 'GET', `/automation-rules/${made.body.id}/runs`);
    expect(runs.body).toMatchObject({ hasMore: false, nextCursor: null });
    expect(runs.body.runs).toHaveLength(1);
    expect(runs.body.runs[0]).toMatchObject({
      status: 'sent',
      trigger: 'new_subscriber',
      fanId: fan.user.id,
      messageId: sent[0]!.id,
    });
    const listed = await call(server, creator, 'GET', '/automation-rules');
    expect(listed.body.rules[0]).toMatchObject({ runCount: 1 });
    await call(server, creator, 'DELETE', `/automation-rules/${made.body.id}`);
  });

  it('thanks tippers with a locked message, and runs on renewals and expiry', async () => {
    const item = await vaultImage(server, creator);
    await rule(creator, {
      name: 'Thanks',
      trigger: 'tip_received',
      action: {
        type: 'send_message',
        text: 'Thank you! A gift:',
        lockedPrice: 3,
        mediaIds: [item.id],
      },
    });
    await rule(creator, {
      name: 'Renewed',
      trigger: 'subscription_renewed',
      action: { type: 'send_message', text: 'Thanks for staying' },
    });
    await rule(creator, {
      name: 'Bye',
      trigger: 'subscription_expired',
      action: { type: 'send_message', text: 'Come back soon' },
    });
    const fan = await actor(server);
    await fund(server, fan, 30);
    const tip = await pay(server, fan, 'POST', '/tips', {
      recipientUserId: creator.user.id,
      amount: 2,
      tipType: 'profile',
    });
    expect(tip.status).toBe(201);
    const sub = await pay(server, fan, 'POST', '/subscriptions', { creatorId: creator.user.id });
    expect(sub.status).toBe(200);
    const row = await server.ctx.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', sub.body.subscription.id)
      .executeTakeFirstOrThrow();
    // renews once (funds for one more period), then cannot pay and expires
    await renewDueSubscriptions(server.ctx, new Date(row.current_period_end.getTime() + 60_000));
    await renewDueSubscriptions(
      server.ctx,
      new Date(row.current_period_end.getTime() + 31 * 86_400_000),
    );
    await runJobs(server);
    const sent = await messagesBetween(creator, fan);
    expect(sent.map((m) => [m.text, m.locked_price_cents])).toEqual([
      ['Thank you! A gift:', 300],
      ['Thanks for staying', null],
      ['Come back soon', null],
    ]);
  });

  it('thanks a tip sent in a chat too', async () => {
    const maker = await actor(server, 'creator');
    await rule(maker, {
      ...welcome('Thanks for the chat tip'),
      trigger: 'tip_received',
      name: 'Chat tips',
    });
    const fan = await actor(server);
    await fund(server, fan, 10);
    const chat = await call(server, fan, 'POST', '/chats', { recipientId: maker.user.id });
    expect(chat.status).toBeLessThan(300);
    const sent = await pay(server, fan, 'POST', `/chats/${chat.body.chat.id}/messages`, {
      text: 'For you',
      tipAmount: 2,
    });
    expect(sent.status).toBe(201);
    await runJobs(server);
    expect((await messagesBetween(maker, fan)).map((m) => m.text)).toEqual([
      'Thanks for the chat tip',
    ]);
  });

  it('skips (and logs) a fan who blocked the creator', async () => {
    const made = await rule(creator, {
      ...welcome('Hello'),
      trigger: 'tip_received',
      name: 'Tip thanks',
    });
    const fan = await actor(server);
    await server.ctx.db
      .insertInto('blocks')
      .values({ blocker_id: fan.user.id, blocked_id: creator.user.id })
      .execute();
    const event = {
      trigger: 'tip_received' as const,
      creatorId: creator.user.id,
      fanId: fan.user.id,
      eventKey: randomUUID(),
    };
    await runAutomation(server.ctx, event);
    await runAutomation(server.ctx, event);
    const runs = await call(
      server,
      creator,
      'GET',
      `/automation-rules/${made.body.id}/runs?limit=1`,
    );
    expect(runs.body.runs).toHaveLength(1);
    expect(runs.body.runs[0]).toMatchObject({
      status: 'skipped',
      reason: 'One of you blocked the other',
    });
    expect(await messagesBetween(creator, fan)).toEqual([]);
  });
});
