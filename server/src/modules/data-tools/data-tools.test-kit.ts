import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import type { TestServer } from '../../../test/harness.ts';
import { runJobs } from '../auth/auth.test-helpers.ts';
import { openChat, send } from '../chats/chats.test-kit.ts';
import { fund, pay } from '../payments/payments.test-kit.ts';
import {
  actor,
  call,
  follow,
  insertPost,
  subscribe,
  vaultImage,
  type Actor,
} from '../posts/posts.test-kit.ts';

/** Helpers of the data tools tests (not a test file itself). */

export { runJobs, call, actor, type Actor };

/** Every entry of a zip, by name. */
export async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) => {
      void zip
        .openReadStreamPromise(entry)
        .then(async (stream) => {
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        })
        .catch(reject);
    });
    zip.readEntry();
  });
  return files;
}

/** A zip made of the given entries (names are written as given, even unsafe ones). */
export function makeZip(
  entries: Array<{ name: string; bytes: Buffer; compress?: boolean }>,
): Promise<Buffer> {
  const zip = new ZipFile();
  for (const e of entries) zip.addBuffer(e.bytes, e.name, { compress: e.compress ?? true });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** POST /data/import as multipart. */
export async function importFile(
  server: TestServer,
  who: Actor | null,
  bytes: Buffer,
  type: string | null,
  filename = 'import.zip',
) {
  const form = new FormData();
  if (type !== null) form.append('type', type);
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  const response = new Response(form);
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/data/import',
    headers: {
      ...(who?.headers ?? {}),
      'content-type': response.headers.get('content-type') ?? '',
    },
    payload: Buffer.from(await response.arrayBuffer()),
  });
  return { status: res.statusCode, body: res.json(), text: res.body };
}

/** Requests an export, runs the job and downloads the zip. */
export async function exportZip(server: TestServer, who: Actor, type = 'all', format = 'json') {
  const requested = await call(server, who, 'POST', '/data/export', { type, format });
  if (requested.status !== 202) throw new Error(`export refused: ${requested.text}`);
  await runJobs(server);
  const id = (requested.body as { id: string }).id;
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/data/export/${id}/download`,
    headers: who.headers,
  });
  if (res.statusCode !== 200) throw new Error(`download failed ${res.statusCode}: ${res.body}`);
  return { id, res, files: await unzip(res.rawPayload) };
}

/**
 * Two worlds side by side. The creator has vault images (one in a post, one sent in a chat, one
 * only in the vault), a tip from the fan (ledger lines), a follower and a subscriber. The fan
 * also talks to a second creator and owns a vault image of their own; the second creator has
 * posts and media. The creator's export must hold the first and nothing of the second.
 */
export async function seedWorlds(server: TestServer) {
  const creator = await actor(server, 'creator');
  const fan = await actor(server, 'fan');
  const other = await actor(server, 'creator');

  const postImage = await vaultImage(server, creator);
  const chatImage = await vaultImage(server, creator);
  const vaultOnly = await vaultImage(server, creator);
  const post = await insertPost(server, creator.user, { caption: 'Sunset set #golden' });
  await server.ctx.db
    .insertInto('post_media')
    .values({ post_id: post.id, media_id: postImage.id, position: 0 })
    .execute();

  const fanImage = await vaultImage(server, fan);
  const otherImage = await vaultImage(server, other);
  const otherPost = await insertPost(server, other.user, { caption: 'SECRET-OTHER-CAPTION' });
  await server.ctx.db
    .insertInto('post_media')
    .values({ post_id: otherPost.id, media_id: otherImage.id, position: 0 })
    .execute();

  await follow(server, fan, creator);
  await subscribe(server, fan, creator);
  await fund(server, fan, 50);
  const tip = await pay(server, fan, 'POST', '/tips', {
    recipientUserId: creator.user.id,
    amount: 7.5,
    tipType: 'profile',
  });
  if (tip.status !== 200 && tip.status !== 201) throw new Error(`tip failed: ${tip.text}`);

  const chat = await openChat(server, fan, creator);
  await send(server, fan, chat.id, { text: 'Hi Maya, love the sunsets' });
  await send(server, creator, chat.id, { text: 'Thanks! Here is one', mediaItemId: chatImage.id });
  const otherChat = await openChat(server, fan, other);
  await send(server, fan, otherChat.id, { text: 'SECRET-FAN-TO-OTHER' });
  await send(server, other, otherChat.id, { text: 'SECRET-OTHER-REPLY' });

  return {
    creator,
    fan,
    other,
    post,
    postImage,
    chatImage,
    vaultOnly,
    fanImage,
    otherImage,
    otherPost,
    chat,
  };
}

/**
 * One row of every newer family for `owner`, each text tagged with `tag` (so an export can be
 * searched for another user's rows): wishlist item (funded by `fan` through a wishlist tip), Q
 * and A, promotion, promo code, tax document, a note about `fan`, template, widget, automation
 * rule, rights notice, suggestion, site feedback, contact message and support ticket.
 */
export async function seedFamilies(server: TestServer, owner: Actor, fan: Actor, tag: string) {
  const db = server.ctx.db;
  const id = owner.user.id;
  const item = await db
    .insertInto('wishlist_items')
    .values({
      creator_id: id,
      title: `${tag}-WISH`,
      description: `${tag}-WISH-TEXT`,
      goal_cents: 10_000,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const tip = await pay(server, fan, 'POST', '/tips', {
    recipientUserId: id,
    amount: 5,
    tipType: 'wishlist',
    contentId: item.id,
  });
  if (tip.status !== 201) throw new Error(`wishlist tip failed: ${tip.text}`);
  await db
    .insertInto('qanda_items')
    .values({ creator_id: id, question: `${tag}-QUESTION`, answer: `${tag}-ANSWER` })
    .execute();
  await db
    .insertInto('promotions')
    .values({
      creator_id: id,
      kind: 'discount',
      title: `${tag}-PROMO`,
      discount_percent: 20,
      trial_days: null,
      max_uses: null,
      claim_token: `${tag}-claim-${id}`,
    })
    .execute();
  await db
    .insertInto('promo_codes')
    .values({
      creator_id: id,
      code: `${tag}CODE${id.slice(0, 6)}`.toUpperCase(),
      percent_off: 10,
      max_uses: null,
    })
    .execute();
  await db
    .insertInto('tax_documents')
    .values({
      user_id: id,
      year: 2026,
      title: `${tag}-TAXDOC`,
      filename: 'w9.pdf',
      content_type: 'application/pdf',
      size_bytes: 3,
      storage_key: `tax/${id}/${tag}.pdf`,
    })
    .execute();
  await db
    .insertInto('creator_notes')
    .values({ creator_id: id, fan_id: fan.user.id, note: `${tag}-NOTE-ABOUT-FAN` })
    .execute();
  await db
    .insertInto('creator_templates')
    .values({
      user_id: id,
      type: 'message',
      name: `${tag}-TEMPLATE`,
      body: `${tag}-TEMPLATE-BODY`,
      price_cents: null,
    })
    .execute();
  await db
    .updateTable('users')
    .set({
      profile: JSON.stringify({
        widgets: [
          { id: `${tag}-widget`, type: 'about', title: `${tag}-WIDGET`, enabled: true, text: 'hi' },
        ],
      }),
    })
    .where('id', '=', id)
    .execute();
  await db
    .insertInto('automation_rules')
    .values({
      user_id: id,
      name: `${tag}-RULE`,
      trigger: 'new_subscriber',
      action: JSON.stringify({
        type: 'send_message',
        text: `${tag}-RULE-TEXT`,
        lockedCents: null,
        mediaIds: [],
      }),
    })
    .execute();
  await db
    .insertInto('dmca_notices')
    .values({
      user_id: id,
      claimant_name: `${tag}-CLAIMANT`,
      email: `${tag.toLowerCase()}-claims@example.test`,
      copyrighted_work: `${tag}-WORK`,
      statement: `${tag}-STATEMENT`,
      signature: `${tag}-SIGNATURE`,
    })
    .execute();
  await db
    .insertInto('suggestions')
    .values({ user_id: id, title: `${tag}-SUGGESTION` })
    .execute();
  await db
    .insertInto('site_feedback')
    .values({ user_id: id, rating: 4, message: `${tag}-FEEDBACK` })
    .execute();
  await db
    .insertInto('contact_messages')
    .values({
      user_id: id,
      name: `${tag}-CONTACT-NAME`,
      email: `${tag.toLowerCase()}-contact@example.test`,
      subject: `${tag}-CONTACT-SUBJECT`,
      message: `${tag}-CONTACT-MESSAGE`,
    })
    .execute();
  const ticket = await db
    .insertInto('support_tickets')
    .values({ user_id: id, subject: `${tag}-TICKET`, category: 'other' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('support_ticket_messages')
    .values({ ticket_id: ticket.id, author_id: id, body: `${tag}-TICKET-BODY` })
    .execute();
  return { item, tipTransactionId: tip.body.transactionId as string, ticketId: ticket.id };
}
