import type { Message } from '@fanspace/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../test/harness.ts';
import { verifyLedger } from '../ledger/ledger.verify.ts';
import { fund, pay } from '../payments/payments.test-kit.ts';
import { multipartBody } from '../../../test/images.ts';
import { actor, call, jpeg, vaultImage, type Actor } from '../posts/posts.test-kit.ts';
import { listen, TestSocket } from '../realtime/ws-test-client.ts';
import { chatMediaAccess } from './chat-media-access.ts';
import { messagesOf, openChat, send } from './chats.test-kit.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  expect((await verifyLedger(server.ctx.db)).ok).toBe(true);
  await server.close();
});

async function creatorAndFan() {
  const creator = await actor(server, 'creator');
  const fan = await actor(server);
  const chat = await openChat(server, creator, fan);
  return { creator, fan, chat };
}

const balance = async (who: Actor) =>
  (await pay(server, who, 'GET', '/wallet/balance')).body.balanceCents as number;

const notificationsOf = (who: Actor) =>
  server.ctx.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', who.user.id)
    .orderBy('created_at')
    .execute();

async function lockedMessage(creator: Actor, chatId: string, price = 7.5) {
  const item = await vaultImage(server, creator);
  const teaser = await vaultImage(server, creator);
  const message = await send(server, creator, chatId, {
    text: 'something special',
    lockedContent: {
      price,
      teaserMediaId: teaser.id,
      teaserText: 'a peek',
      selectedMediaItems: [item.id],
    },
  });
  return { message, item, teaser };
}

describe('locked messages', () => {
  it('shows the receiver only the teaser until the unlock charges exactly once', async () => {
    const { creator, fan, chat } = await creatorAndFan();
    const { message, item, teaser } = await lockedMessage(creator, chat.id);
    // the sender sees everything
    expect(message).toMatchObject({ isUnlocked: true, isPaid: false });
    expect(message.lockedContent).toMatchObject({ price: 7.5, priceCents: 750, itemCount: 1 });
    expect(message.mediaItems[0]!.mediaUrl).toContain(`/api/media/${item.id}/content`);

    const seen = (await messagesOf(server, fan, chat.id)).messages[0]!;
    expect(seen.isUnlocked).toBe(false);
    expect(seen.lockedContent).toMatchObject({
      price: 7.5,
      itemCount: 1,
      mediaTypes: ['image'],
      teaserText: 'a peek',
      isPaidBy: [],
    });
    expect(seen.lockedContent!.teaser!.id).toBe(teaser.id);
    expect(seen.lockedContent!.teaser!.mediaUrl).toContain(`/api/media/${teaser.id}/content`);
    expect(seen.mediaItems[0]!.mediaUrl).toBeNull();
    // the aliases show a non-buyer no more than mediaItems does (JSON check just below)
    expect(seen.mediaItemId).toBe(item.id);
    expect(seen.mediaCollection).toEqual(seen.mediaItems);
    expect(JSON.stringify(seen)).not.toContain(`/api/media/${item.id}/content`);
    const fanViewer = { userId: fan.user.id };
    expect(await chatMediaAccess(server.ctx.db, fanViewer, item.id)).toBe(false);
    expect(await chatMediaAccess(server.ctx.db, fanViewer, teaser.id)).toBe(true);

    const poor = await pay(server, fan, 'POST', `/chats/messages/${message.id}/unlock`);
    expect(poor.status).toBe(402);
    expect(poor.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds' });

    await fund(server, fan, 20);
    const unlocked = await pay(
      server,
      fan,
      'POST',
      `/chats/messages/${message.id}/unlock`,
      {},
      'k1',
    );
    expect(unlocked.status, unlocked.text).toBe(200);
    expect(unlocked.body).toMatchObject({
      ok: true,
      isUnlocked: true,
      price: 7.5,
      priceCents: 750,
    });
    const opened = unlocked.body.message as Message;
    expect(opened.isUnlocked).toBe(true);
    expect(opened.isPaid).toBe(true);
    expect(opened.mediaItems[0]!.mediaUrl).toContain(`/api/media/${item.id}/content`);
    expect(opened.mediaCollection).toEqual(opened.mediaItems);
    expect(opened.mediaItemId).toBe(item.id);
    expect(await chatMediaAccess(server.ctx.db, fanViewer, item.id)).toBe(true);

    // the same key replays; another request is refused; one charge in all
    const replay = await pay(server, fan, 'POST', `/chats/messages/${message.id}/unlock`, {}, 'k1');
    expect(replay.status).toBe(200);
    expect(replay.body.transactionId).toBe(unlocked.body.transactionId);
    const again = await pay(
      server,
      fan,
      'POST',
      `/chats/messages/${message.id}/unlock`,
      undefined,
      null,
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_UNLOCKED');
    expect(await balance(fan)).toBe(2000 - 750);

    const bySender = (await messagesOf(server, creator, chat.id)).messages[0]!;
    expect(bySender).toMatchObject({ isPaid: true, isUnlocked: true });
    expect(bySender.lockedContent!.isPaidBy).toEqual([fan.user.id]);
    expect(bySender.unlockedAt).not.toBeNull();
    const purchase = (await notificationsOf(creator)).find((n) => n.type === 'purchase');
    expect(purchase).toMatchObject({ actor_id: fan.user.id, related_id: chat.id });
    expect(purchase!.data).toMatchObject({ amountCents: 750, messageId: message.id });

    // a third participant does not exist; a stranger cannot even see the message
    const stranger = await actor(server);
    await fund(server, stranger, 20);
    const foreign = await pay(server, stranger, 'POST', `/chats/messages/${message.id}/unlock`);
    expect(foreign.status).toBe(404);
  });

  it('publishes message_updated without originals to both sides after an unlock', async () => {
    const { creator, fan, chat } = await creatorAndFan();
    const base = await listen(server.app);
    const { socket } = await TestSocket.open(`${base}/realtime?token=${fan.token}`);
    try {
      const { message, item } = await lockedMessage(creator, chat.id, 3);
      const created = await socket.next('message_new');
      expect(created.data).toEqual({ chatId: chat.id, messageId: message.id });
      await fund(server, fan, 10);
      expect((await pay(server, fan, 'POST', `/chats/messages/${message.id}/unlock`)).status).toBe(
        200,
      );
      const updated = await socket.next('message_updated');
      expect(updated.data).toEqual({ chatId: chat.id, messageId: message.id });
      expect(JSON.stringify(socket.history)).not.toContain(item.id);
    } finally {
      await socket.close();
    }
  });

  it("answers an unlock with the viewer's own hide in hiddenBy, as a sync reads it", async () => {
    const { creator, fan, chat } = await creatorAndFan();
    const since = new Date(Date.now() - 60_000).toISOString();
    const { message } = await lockedMessage(creator, chat.id, 3);
    await server.ctx.db
      .insertInto('message_hidden')
      .values({ message_id: message.id, user_id: fan.user.id })
      .execute();
    await fund(server, fan, 10);
    const unlocked = await pay(server, fan, 'POST', `/chats/messages/${message.id}/unlock`);
    expect(unlocked.status, unlocked.text).toBe(200);
    const answered = unlocked.body.message as Message;
    expect(answered.hiddenBy).toEqual([fan.user.id]);
    const synced = await call(server, fan, 'GET', `/messages/updates?since=${since}`);
    expect((synced.body.messages as Message[]).find((m) => m.id === message.id)).toEqual(answered);
  });

  it('enforces who may sell, the price range, and what can be unlocked', async () => {
    const { creator, fan, chat } = await creatorAndFan();
    const item = await vaultImage(server, creator);
    const cases: Array<[Actor, Record<string, unknown>, number, string, string?]> = [
      [
        fan,
        { lockedContent: { price: 5 }, text: 'x' },
        403,
        'ONLY_CREATORS',
        'Only creators can send locked content',
      ],
      [
        creator,
        { lockedContent: { price: 2.99 }, selectedMediaItems: [item.id] },
        400,
        'VALIDATION_FAILED',
        'lockedContent.price must be between 3.00 and 200.00',
      ],
      [
        creator,
        { lockedContent: { price: 200.01 }, selectedMediaItems: [item.id] },
        400,
        'VALIDATION_FAILED',
      ],
      [
        creator,
        { lockedContent: { price: 5 }, text: 'nothing to sell' },
        400,
        'VALIDATION_FAILED',
        'Locked content needs at least one media item to sell',
      ],
      [
        creator,
        {
          lockedContent: { price: 5 },
          offerDetails: { title: 'x' },
          selectedMediaItems: [item.id],
        },
        400,
        'VALIDATION_FAILED',
      ],
    ];
    for (const [who, body, status, code, message] of cases) {
      const res = await call(server, who, 'POST', `/chats/${chat.id}/messages`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.code).toBe(code);
      if (message) expect(res.body.message).toBe(message);
    }
    const plain = await send(server, creator, chat.id, { text: 'free' });
    const notLocked = await pay(server, fan, 'POST', `/chats/messages/${plain.id}/unlock`);
    expect(notLocked.status).toBe(400);
    expect(notLocked.body.code).toBe('NOT_FOR_SALE');
    const { message } = await lockedMessage(creator, chat.id);
    const own = await pay(server, creator, 'POST', `/chats/messages/${message.id}/unlock`);
    expect(own.status).toBe(400);
    expect(own.body.code).toBe('CANNOT_TARGET_SELF');
    expect((await messagesOf(server, fan, chat.id)).messages).toHaveLength(2);
  });
  it('accepts a locked photo and its teaser as multipart files', async () => {
    const { creator, fan, chat } = await creatorAndFan();
    const form = await multipartBody(
      { image: await jpeg(), teaser: await jpeg() },
      { text: 'fresh', lockedContent: JSON.stringify({ price: 5 }) },
    );
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/chats/${chat.id}/messages`,
      headers: { ...creator.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json().message as Message;
    expect(sent.lockedContent).toMatchObject({ price: 5, itemCount: 1, mediaTypes: ['image'] });
    const seen = (await messagesOf(server, fan, chat.id)).messages[0]!;
    expect(seen.isUnlocked).toBe(false);
    expect(seen.imageUrl).toBeNull();
    expect(seen.lockedContent!.teaser!.mediaUrl).toContain('/api/media/');
    expect(seen.lockedContent!.teaser!.id).not.toBe(sent.lockedContent!.mediaItems[0]!.id);

    const stray = await multipartBody({ teaser: await jpeg() }, { text: 'no lock' });
    const refused = await server.app.inject({
      method: 'POST',
      url: `/api/chats/${chat.id}/messages`,
      headers: { ...creator.headers, ...stray.headers },
      payload: stray.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('A teaser file goes with lockedContent');
  });
});

describe('chat tips', () => {
  it('charges the tip with the message, in one transaction', async () => {
    const { creator, fan, chat } = await creatorAndFan();
    const broke = await call(server, fan, 'POST', `/chats/${chat.id}/messages`, {
      text: 'for you',
      tipAmount: 5,
    });
    expect(broke.status).toBe(402);
    expect(broke.body.message).toBe('Insufficient funds');
    expect((await messagesOf(server, fan, chat.id)).messages).toEqual([]);

    await fund(server, fan, 10);
    const res = await pay(
      server,
      fan,
      'POST',
      `/chats/${chat.id}/messages`,
      {
        text: 'for you',
        tipAmount: 5,
      },
      'tip-1',
    );
    expect(res.status, res.text).toBe(201);
    const message = res.body.message as Message;
    expect(message.tipAmount).toBe(5);
    // a retry with the key replays the first message, no second charge
    const retry = await pay(
      server,
      fan,
      'POST',
      `/chats/${chat.id}/messages`,
      {
        text: 'for you',
        tipAmount: 5,
      },
      'tip-1',
    );
    expect(retry.status).toBe(201);
    expect(retry.body.message.id).toBe(message.id);
    expect(await balance(fan)).toBe(500);
    const tips = await server.ctx.db
      .selectFrom('ledger_transactions')
      .select(['metadata'])
      .where('kind', '=', 'tip')
      .where((eb) => eb(eb.ref('metadata', '->>').key('contentId'), '=', message.id))
      .execute();
    expect(tips).toHaveLength(1);
    expect(tips[0]!.metadata).toMatchObject({ tipType: 'chat', chatId: chat.id });
    const tip = (await notificationsOf(creator)).find((n) => n.type === 'tip');
    expect(tip).toMatchObject({ actor_id: fan.user.id });
    expect((await messagesOf(server, creator, chat.id)).messages.map((m) => m.tipAmount)).toEqual([
      5,
    ]);

    for (const amount of [0.99, 200.01]) {
      const bad = await call(server, fan, 'POST', `/chats/${chat.id}/messages`, {
        tipAmount: amount,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('tipAmount must be between 1.00 and 200.00');
    }
  });
});

describe('offers', () => {
  it('moves pending → accepted once, charging the receiver; only the receiver answers', async () => {
    const { creator, fan, chat } = await creatorAndFan();
    const offer = await send(server, creator, chat.id, {
      text: 'custom video?',
      offerDetails: { title: 'Custom video', description: '5 minutes', price: 12 },
    });
    expect(offer.offerDetails).toMatchObject({
      title: 'Custom video',
      price: 12,
      status: 'pending',
    });
    const patch = (who: Actor, status: string) =>
      server.app
        .inject({
          method: 'PATCH',
          url: `/api/chats/messages/${offer.id}/offer`,
          headers: who.headers,
          payload: { status },
        })
        .then((r) => ({ status: r.statusCode, body: r.json() }));
    const bySender = await patch(creator, 'accepted');
    expect(bySender.status).toBe(403);
    expect(bySender.body.message).toBe('Only the receiver can accept or decline an offer');
    expect((await patch(fan, 'accepted')).status).toBe(402);
    await fund(server, fan, 20);
    const accepted = await patch(fan, 'accepted');
    expect(accepted.status).toBe(200);
    expect(accepted.body.message.offerDetails).toMatchObject({ status: 'accepted' });
    expect(accepted.body.message.offerDetails.transactionId).toBeTruthy();
    expect(await balance(fan)).toBe(2000 - 1200);
    const twice = await patch(fan, 'declined');
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'This offer was already accepted',
    });
    expect(await balance(fan)).toBe(800);
  });

  it('lets the sender withdraw, and expires pending offers by time', async () => {
    const { creator, fan, chat } = await creatorAndFan();
    const offer = await send(server, creator, chat.id, { offerDetails: { title: 'Call' } });
    const patch = (who: Actor, id: string, status: string) =>
      server.app.inject({
        method: 'PATCH',
        url: `/api/chats/messages/${id}/offer`,
        headers: who.headers,
        payload: { status },
      });
    expect((await patch(fan, offer.id, 'expired')).statusCode).toBe(403);
    const withdrawn = await patch(creator, offer.id, 'expired');
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().message.offerDetails.status).toBe('expired');
    expect((await patch(fan, offer.id, 'accepted')).statusCode).toBe(409);

    const late = await send(server, creator, chat.id, {
      offerDetails: { title: 'Late', price: 5 },
    });
    await server.ctx.db
      .updateTable('messages')
      .set({
        offer: JSON.stringify({
          ...late.offerDetails,
          priceCents: 500,
          expiresAt: new Date(Date.now() - 1000).toISOString(),
        }),
      })
      .where('id', '=', late.id)
      .execute();
    const seen = (await messagesOf(server, fan, chat.id)).messages.find((m) => m.id === late.id)!;
    expect(seen.offerDetails!.status).toBe('expired');
    const res = await patch(fan, late.id, 'accepted');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This offer has expired');
    const bad = await patch(fan, late.id, 'bogus');
    expect(bad.statusCode).toBe(400);
  });
});

describe('content requests', () => {
  it('runs pending → accepted → delivered, and the requester pays by unlocking the delivery', async () => {
    const { creator, fan, chat } = await creatorAndFan();
    const request = await send(server, fan, chat.id, {
      text: 'please',
      contentRequestDetails: { description: 'A beach photo', price: 15 },
    });
    expect(request.contentRequestDetails).toMatchObject({ status: 'pending', price: 15 });
    const put = (who: Actor, body: Record<string, unknown>) =>
      server.app
        .inject({
          method: 'PUT',
          url: `/api/chats/messages/${request.id}/content-request`,
          headers: who.headers,
          payload: body,
        })
        .then((r) => ({ status: r.statusCode, body: r.json() }));
    expect((await put(fan, { status: 'accepted' })).status).toBe(403);
    const early = await put(creator, { status: 'delivered' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Cannot change a pending content request to delivered');
    const accepted = await put(creator, { status: 'accepted', note: 'on it', price: 20 });
    expect(accepted.status).toBe(200);
    expect(accepted.body.message.contentRequestDetails).toMatchObject({
      status: 'accepted',
      note: 'on it',
      price: 20,
    });
    const photo = await vaultImage(server, creator);
    const delivered = await put(creator, { status: 'delivered', selectedMediaItems: [photo.id] });
    expect(delivered.status).toBe(200);
    const deliveredId = delivered.body.message.contentRequestDetails.deliveredMessageId as string;
    expect(deliveredId).toBeTruthy();
    expect((await put(fan, { status: 'cancelled' })).status).toBe(409);

    const delivery = (await messagesOf(server, fan, chat.id)).messages.find(
      (m) => m.id === deliveredId,
    )!;
    expect(delivery).toMatchObject({ isUnlocked: false, lockedContent: { price: 20 } });
    await fund(server, fan, 30);
    const paid = await pay(server, fan, 'POST', `/chats/messages/${deliveredId}/unlock`);
    expect(paid.status).toBe(200);
    expect(paid.body.message.mediaItems[0].id).toBe(photo.id);
    expect(await balance(fan)).toBe(3000 - 2000);
  });

  it('lets the requester cancel and the creator decline, nothing else', async () => {
    const { creator, fan, chat } = await creatorAndFan();
    const a = await send(server, fan, chat.id, { contentRequestDetails: { description: 'one' } });
    const b = await send(server, fan, chat.id, { contentRequestDetails: { description: 'two' } });
    const put = (who: Actor, id: string, status: string) =>
      server.app.inject({
        method: 'PUT',
        url: `/api/chats/messages/${id}/content-request`,
        headers: who.headers,
        payload: { status },
      });
    expect((await put(creator, a.id, 'cancelled')).statusCode).toBe(403);
    expect((await put(fan, a.id, 'cancelled')).json().message.contentRequestDetails.status).toBe(
      'cancelled',
    );
    expect((await put(creator, a.id, 'accepted')).statusCode).toBe(409);
    expect((await put(creator, b.id, 'declined')).json().message.contentRequestDetails.status).toBe(
      'declined',
    );
    const notARequest = await send(server, fan, chat.id, { text: 'hi' });
    expect((await put(creator, notARequest.id, 'accepted')).statusCode).toBe(400);
  });
});
