import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { withTransaction } from '../../platform/db/database.ts';
import { AUTOMATION_JOB } from '../automation/automation.runner.ts';
import { openChat, send } from '../chats/chats.test-kit.ts';
import { chargeToCreator, releaseJob } from '../ledger/charges.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';
import { actor, vaultImage, type Actor } from '../posts/posts.test-kit.ts';
import { fund, paidPost, pay } from './payments.test-kit.ts';

/**
 * A charge's release job and the creator's notification ride in the charge's ledger statement
 * (ledger/charges.ts), and a tip's automation job with them: each sale kind – tip, post
 * unlock, subscription, paid message – must still write both, and a rolled-back charge none.
 */

let server: TestServer;
let fan: Actor;

beforeAll(async () => {
  server = await createTestServer();
  fan = await actor(server);
  await fund(server, fan, 200);
});
afterAll(async () => {
  expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  await server.close();
});

/** The release job of the hour a charge's held share falls due. */
async function releaseJobOf(transactionId: string) {
  const charge = await server.ctx.db
    .selectFrom('ledger_transactions')
    .select('metadata')
    .where('id', '=', transactionId)
    .executeTakeFirstOrThrow();
  const availableAt = new Date(String(charge.metadata.availableAt));
  const { dedupeKey, runAt } = releaseJob(availableAt).options;
  const job = await server.ctx.db
    .selectFrom('jobs')
    .select(['type', 'run_at'])
    .where('dedupe_key', '=', dedupeKey)
    .executeTakeFirst();
  return { job, runAt };
}

async function expectReleaseJob(transactionId: string) {
  const { job, runAt } = await releaseJobOf(transactionId);
  expect(job?.type).toBe('ledger.release-pending');
  expect(job?.run_at.getTime()).toBe(runAt.getTime());
}

const noticesOf = (creator: Actor, type: string) =>
  server.ctx.db
    .selectFrom('notifications')
    .select(['actor_id', 'related_id', 'related_type', 'data'])
    .where('user_id', '=', creator.user.id)
    .where('type', '=', type as 'tip')
    .execute();

describe('what a sale writes with its charge', () => {
  it('a tip: the release job, the notification and the automation job', async () => {
    const creator = await actor(server, 'creator');
    await server.ctx.db
      .insertInto('automation_rules')
      .values({
        user_id: creator.user.id,
        name: 'thanks',
        trigger: 'tip_received',
        action: JSON.stringify({
          type: 'send_message',
          text: 'thanks!',
          lockedCents: null,
          mediaIds: [],
        }),
      })
      .execute();
    const res = await pay(server, fan, 'POST', '/tips', {
      recipientUserId: creator.user.id,
      amount: 3,
      tipType: 'profile',
    });
    expect(res.status, res.text).toBe(201);
    await expectReleaseJob(res.body.transactionId);
    expect(await noticesOf(creator, 'tip')).toEqual([
      expect.objectContaining({
        actor_id: fan.user.id,
        data: expect.objectContaining({ amountCents: 300 }),
      }),
    ]);
    const automation = await server.ctx.db
      .selectFrom('jobs')
      .select(['type', 'payload'])
      .where('dedupe_key', '=', `${AUTOMATION_JOB}:tip_received:${res.body.transactionId}`)
      .executeTakeFirst();
    expect(automation?.payload).toMatchObject({
      trigger: 'tip_received',
      creatorId: creator.user.id,
      fanId: fan.user.id,
      eventKey: res.body.transactionId,
    });
  });

  it('a tip to a creator without rules writes no automation job', async () => {
    const creator = await actor(server, 'creator');
    const res = await pay(server, fan, 'POST', '/tips', {
      recipientUserId: creator.user.id,
      amount: 2,
      tipType: 'profile',
    });
    expect(res.status, res.text).toBe(201);
    const automation = await server.ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('dedupe_key', '=', `${AUTOMATION_JOB}:tip_received:${res.body.transactionId}`)
      .executeTakeFirst();
    expect(automation).toBeUndefined();
  });

  it('a post unlock: the release job, the notification and the purchase linked', async () => {
    const creator = await actor(server, 'creator');
    const post = await paidPost(server, creator, 400);
    const res = await pay(server, fan, 'POST', `/posts/${post.id}/unlock`);
    expect(res.status, res.text).toBe(200);
    await expectReleaseJob(res.body.transactionId);
    expect(await noticesOf(creator, 'purchase')).toEqual([
      expect.objectContaining({ actor_id: fan.user.id, related_id: post.id, related_type: 'post' }),
    ]);
    const bought = await server.ctx.db
      .selectFrom('content_purchases')
      .select('ledger_transaction_id')
      .where('post_id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(bought.ledger_transaction_id).toBe(res.body.transactionId);
  });

  it('a subscription: the release job and the notification', async () => {
    const creator = await actor(server, 'creator');
    const res = await pay(server, fan, 'POST', '/subscriptions', { creatorId: creator.user.id });
    expect(res.status, res.text).toBe(200);
    const charge = await server.ctx.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('kind', '=', 'subscription')
      .where((eb) => eb(eb.ref('metadata', '->>').key('creatorId'), '=', creator.user.id))
      .executeTakeFirstOrThrow();
    await expectReleaseJob(charge.id);
    expect(await noticesOf(creator, 'subscription')).toEqual([
      expect.objectContaining({ actor_id: fan.user.id }),
    ]);
  });

  it('a paid message: the release job and the notification', async () => {
    const creator = await actor(server, 'creator');
    const chat = await openChat(server, creator, fan);
    const [item, teaser] = [await vaultImage(server, creator), await vaultImage(server, creator)];
    const message = await send(server, creator, chat.id, {
      text: 'for you',
      lockedContent: {
        price: 5,
        teaserMediaId: teaser.id,
        teaserText: 'a peek',
        selectedMediaItems: [item.id],
      },
    });
    const res = await pay(server, fan, 'POST', `/chats/messages/${message.id}/unlock`, {});
    expect(res.status, res.text).toBe(200);
    const charge = await server.ctx.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('kind', '=', 'unlock')
      .where((eb) => eb(eb.ref('metadata', '->>').key('messageId'), '=', message.id))
      .executeTakeFirstOrThrow();
    await expectReleaseJob(charge.id);
    expect(await noticesOf(creator, 'purchase')).toEqual([
      expect.objectContaining({
        actor_id: fan.user.id,
        data: expect.objectContaining({ messageId: message.id, amountCents: 500 }),
      }),
    ]);
  });

  it('a rolled-back charge leaves no job and no notification; a committed one both', async () => {
    const creator = await actor(server, 'creator');
    // an hour of its own, so no other charge shares the release job
    const now = new Date('2031-03-04T05:06:07Z');
    const charge = (fail: boolean) =>
      withTransaction(server.ctx.db, async (tx) => {
        const made = await chargeToCreator(server.ctx, tx, {
          kind: 'tip',
          payerId: fan.user.id,
          creatorId: creator.user.id,
          grossCents: 250,
          details: { tipType: 'profile', contentId: null },
          now,
        });
        if (fail) throw new Error('rolled back on purpose');
        return made;
      });
    const { dedupeKey } = releaseJob(new Date(now.getTime() + 7 * 86_400_000)).options;
    const job = () =>
      server.ctx.db
        .selectFrom('jobs')
        .select('id')
        .where('dedupe_key', '=', dedupeKey)
        .executeTakeFirst();
    await expect(charge(true)).rejects.toThrow('rolled back on purpose');
    expect(await job()).toBeUndefined();
    expect(await noticesOf(creator, 'tip')).toEqual([]);
    const made = await charge(false);
    expect(made.availableAt.getTime()).toBe(now.getTime() + 7 * 86_400_000);
    expect(await job()).toBeDefined();
    expect(await noticesOf(creator, 'tip')).toHaveLength(1);
  });
});
