import {
  ErrorCodes,
  type DeleteMessageResponse,
  type Message,
  type MessageListQuery,
  type MessagePage,
  type SendMessageBody,
} from '@fanspace/contracts';
import { automationEvent } from '../automation/automation.runner.ts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type DbHandle, type Tx } from '../../platform/db/database.ts';
import type { MediaItemRow, MessageRow, UserRow } from '../../platform/db/schema.ts';
import { BadRequestError, ForbiddenError } from '../../platform/errors.ts';
import { publishAfterCommit } from '../../platform/realtime/publish.ts';
import { getOwnedMedia, ingestMedia, type IngestInput } from '../media/media.service.ts';
import { idOr404, isUuid } from '../../platform/ids.ts';
import { chargeToCreator } from '../ledger/charges.ts';
import { runIdempotent } from '../ledger/idempotency.ts';
import { notify } from '../notifications/notify.ts';
import type { Viewer } from '../posts/post-views.ts';
import { mediaIdFromUrl } from '../posts/posts.service.ts';
import { cleanText } from '../users/profile-rules.ts';
import {
  assertDeleteParams,
  canDeleteMessage,
  chatNotFound,
  messageNotFound,
} from './chats.policy.ts';
import {
  latestLiveMessageId,
  lockChats,
  messagePage,
  otherParticipantIds,
} from './chats.queries.ts';
import { sendTarget, writeMessage } from './send.queries.ts';
import { textSends } from './text-sends.ts';
import { blockedError, requireChat } from './chats.service.ts';
import { presentMessages, presentOneMessage, presentSentMessage } from './message-views.ts';
import { readPaidParts, type PaidCtx, type PaidParts } from './paid-parts.ts';
import { autoFlag, flaggedTermsIn } from '../admin/auto-flag.ts';

/**
 * Listing, sending and deleting messages. Likes, favorites, reads and reports: message-actions;
 * the rules of paid parts: paid-parts.ts; unlocks, offers, content requests: message-payments.
 */

/** ingestMedia needs the whole context (storage config, jobs). */
type Ctx = AppContext;

const field = (name: string, message: string) =>
  new BadRequestError(message, ErrorCodes.VALIDATION_FAILED, { field: name });

/** GET /chats/{chatId}/messages: a page older than `before`, returned oldest first. */
export async function listMessages(
  ctx: Ctx,
  viewer: Viewer,
  chatId: string,
  query: MessageListQuery,
): Promise<MessagePage> {
  const { chat } = await requireChat(ctx.db, viewer.id, chatId);
  let beforeId: string | undefined;
  if (query.before) {
    const cursor = isUuid(query.before)
      ? await ctx.db
          .selectFrom('messages')
          .select('id')
          .where('id', '=', query.before.toLowerCase())
          .where('chat_id', '=', chat.id)
          .executeTakeFirst()
      : undefined;
    if (!cursor) throw field('before', 'Invalid cursor');
    beforeId = cursor.id;
  }
  const rows = await messagePage(ctx.db, chat.id, viewer.id, query.limit + 1, beforeId);
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit).reverse();
  const cursors = {
    hasMore,
    nextCursor: hasMore ? (page[0]?.id ?? null) : null,
    prevCursor: page[page.length - 1]?.id ?? null,
  };
  // the page leaves out what the viewer hid: no hides to look up
  const messages = await presentMessages(ctx, viewer, page, ctx.db, { hiddenLeftOut: true });
  return { messages, ...cursors, pagination: cursors };
}

const refId = (ref: string | { id: string }) => (typeof ref === 'string' ? ref : ref.id);

export interface MessageMedia {
  image: MediaItemRow | null;
  video: MediaItemRow | null;
  voice: MediaItemRow | null;
  items: MediaItemRow[];
}

/** Picked media: our own URLs and vault ids of the sender, checked before any file is stored. */
async function pickedMedia(ctx: Ctx, senderId: string, body: SendMessageBody) {
  const slots = { image: 'imageUrl', video: 'videoUrl', voice: 'voiceUrl' } as const;
  const expected = { image: 'image', video: 'video', voice: 'audio' } as const;
  const media: MessageMedia = { image: null, video: null, voice: null, items: [] };
  for (const slot of ['image', 'video', 'voice'] as const) {
    const url = body[slots[slot]];
    if (!url) continue;
    const [item] = await getOwnedMedia(ctx.db, senderId, [
      mediaIdFromUrl(slots[slot], url, ctx.config.PUBLIC_URL),
    ]);
    if (item!.media_type !== expected[slot])
      throw field(slots[slot], `${slots[slot]} must name ${expected[slot]} media`);
    media[slot] = item!;
  }
  const ids = [
    ...(body.mediaItemId ? [body.mediaItemId] : []),
    ...(body.selectedMediaItems ?? []).map(refId),
    ...(body.lockedContent?.mediaItems ?? []).map(refId),
    ...(body.lockedContent?.selectedMediaItems ?? []).map(refId),
  ].map((id) => id.toLowerCase());
  if (ids.length > 0) media.items = await getOwnedMedia(ctx.db, senderId, ids);
  return media;
}

/** The media attached as items (not in a slot), each once, in the order they were picked. */
export function attachedItems(media: Pick<MessageMedia, 'items'>): MediaItemRow[] {
  return [...new Map(media.items.map((m) => [m.id, m])).values()];
}

/** Uploaded files land in the sender's vault, then in the first free slot of their type. */
function placeUploads(media: MessageMedia, uploaded: MediaItemRow[]) {
  for (const item of uploaded) {
    const slot = item.media_type === 'audio' ? 'voice' : item.media_type;
    if (media[slot] === null) media[slot] = item;
    else media.items.push(item);
  }
}

/** The quoted message (the whole row: the response presents it). */
async function checkQuote(tx: Tx, chatId: string, quoted: SendMessageBody['quotedMessage']) {
  if (quoted === undefined || quoted === null) return null;
  const id = refId(quoted);
  const row = isUuid(id)
    ? await tx
        .selectFrom('messages')
        .selectAll()
        .where('id', '=', id.toLowerCase())
        .where('chat_id', '=', chatId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw field('quotedMessage', 'quotedMessage must be a message of this chat');
  return row;
}

/** An Idempotency-Key sent with a message: a repeat replays the first response. */
export interface SendIdempotency {
  key: string;
  fingerprint: string;
}

/**
 * POST /chats/{chatId}/messages. Refusals (membership, blocks, foreign media, paid-part rules,
 * an empty message) come before any file is stored. The message, its tip charge, counters and
 * the chat's last message change in one transaction; realtime events and the notification
 * follow the commit. With an Idempotency-Key the response is stored with the transaction.
 */
export async function sendMessage(
  ctx: Ctx,
  viewer: Viewer,
  chatId: string,
  body: SendMessageBody,
  allFiles: Array<IngestInput & { field?: string }>,
  idempotency?: SendIdempotency,
  /** the sender's row as the session read it: lets the response skip reading it back */
  sender?: UserRow,
): Promise<Message> {
  if (!idempotency && allFiles.length === 0 && sender && isPlainText(body)) {
    const sent = await sendText(ctx, viewer, chatId, body, sender);
    if (sent) return sent;
  }
  const teaserFile = allFiles.find((f) => f.field === 'teaser');
  const files = allFiles.filter((f) => f !== teaserFile);
  // membership, the other participants, blocks and their account states: one statement
  const target = await sendTarget(ctx.db, idOr404(chatId, chatNotFound), viewer.id);
  if (!target) throw chatNotFound();
  const { others } = target;
  if (body.receiverId && !others.includes(body.receiverId.toLowerCase()))
    throw field('receiverId', 'receiverId is not the other participant of this chat');
  if (target.blocked) throw blockedError();
  // history stays readable, but a deleted or banned account receives nothing new
  if (target.gone || others.length === 0)
    throw new ForbiddenError(ErrorCodes.FORBIDDEN, 'This account cannot receive messages');
  const text = cleanText(body.text ?? '').trim();
  const media = await pickedMedia(ctx, viewer.id, body);
  const paid = await readPaidParts(ctx, viewer.id, others, body);
  const pickedCount =
    media.items.length + [media.image, media.video, media.voice].filter(Boolean).length;
  const hasPaidPart = paid.tipCents !== null || paid.offer !== null || paid.contentRequest !== null;
  if (text === '' && pickedCount + files.length === 0 && !hasPaidPart)
    throw field('text', 'A message needs text or media');
  if (paid.lockedCents !== null && pickedCount + files.length === 0)
    throw field('lockedContent', 'Locked content needs at least one media item to sell');

  if (teaserFile && paid.lockedCents === null)
    throw field('teaser', 'A teaser file goes with lockedContent');
  if (teaserFile && paid.teaser)
    throw field('teaser', 'Send the teaser as a file or as lockedContent.teaser*, not both');
  if (teaserFile && !/^(image|video)\//.test(teaserFile.mimetype))
    throw field('teaser', 'A teaser must be an image or a video');

  const uploaded: MediaItemRow[] = [];
  for (const file of files) uploaded.push(await ingestMedia(ctx, viewer.id, file));
  placeUploads(media, uploaded);
  if (teaserFile) paid.teaser = await ingestMedia(ctx, viewer.id, teaserFile);

  const write = async (tx: Tx) => {
    const quoted = await checkQuote(tx, target.chatId, body.quotedMessage);
    const voiceDuration = media.voice
      ? (body.voiceDuration ?? media.voice.duration_seconds ?? null)
      : null;
    const row = await insertMessage(ctx, tx, {
      chatId: target.chatId,
      senderId: viewer.id,
      others,
      text,
      quotedId: quoted?.id ?? null,
      media,
      voiceDuration,
      paid,
    });
    return { row, quoted };
  };
  // the response is presented from what the send knows (a new message has no likes, reads or
  // purchases yet): no queries; without the sender's row it is read back like any message
  const present = ({ row, quoted }: Awaited<ReturnType<typeof write>>, db: DbHandle) =>
    sender
      ? presentSentMessage(ctx, viewer, row, {
          sender,
          image: media.image,
          video: media.video,
          voice: media.voice,
          items: attachedItems(media),
          teaser: paid.teaser,
          quoted,
        })
      : presentOneMessage(ctx, viewer, row, db);
  if (idempotency) {
    const result = await runIdempotent(
      ctx.db,
      viewer.id,
      idempotency.key,
      idempotency.fingerprint,
      async (tx) => ({ status: 201, body: await present(await write(tx), tx) }),
    );
    return result.body;
  }
  return present(await withTransaction(ctx.db, write), ctx.db);
}

/** Body fields a plain text message leaves out (or null): everything but text and receiverId. */
const NOT_PLAIN = [
  'imageUrl',
  'videoUrl',
  'voiceUrl',
  'voiceDuration',
  'quotedMessage',
  'mediaItemId',
  'selectedMediaItems',
  'lockedContent',
  'tipAmount',
  'offerDetails',
  'contentRequestDetails',
] as const satisfies ReadonlyArray<keyof SendMessageBody>;

const isPlainText = (body: SendMessageBody) =>
  cleanText(body.text ?? '').trim() !== '' &&
  NOT_PLAIN.every((name) => body[name] === undefined || body[name] === null);

/**
 * The common send, a plain text message, in one statement and no transaction of its own
 * (`sendTextMessages`: the checks, the chat's lock and the write are atomic as one statement,
 * which it shares with the text sends to other chats around it: text-sends.ts, group commit):
 * the same refusals in the same order as `sendMessage`, the same rows. A receiver without an
 * unread notice about the chat gets one right after, in a short transaction under the chat's
 * lock (so concurrent sends still coalesce into one notice); `message_new` follows. Answers
 * undefined when the text hits a flagged term: the transactional path files the report with
 * the message.
 */
async function sendText(
  ctx: Ctx,
  viewer: Viewer,
  rawChatId: string,
  body: SendMessageBody,
  sender: UserRow,
): Promise<Message | undefined> {
  const text = cleanText(body.text ?? '').trim();
  const chatId = idOr404(rawChatId, chatNotFound);
  if ((await flaggedTermsIn(ctx.db, text)).length > 0) return undefined;
  const receiverId = body.receiverId?.toLowerCase() ?? null;
  const sent = await textSends(ctx.db).send({ chatId, senderId: viewer.id, text, receiverId });
  if (!sent) throw chatNotFound();
  const { target, message } = sent;
  if (!message) {
    if (receiverId !== null && !target.others.includes(receiverId))
      throw field('receiverId', 'receiverId is not the other participant of this chat');
    if (target.blocked) throw blockedError();
    throw new ForbiddenError(ErrorCodes.FORBIDDEN, 'This account cannot receive messages');
  }
  const { row, notifyIds } = message;
  if (notifyIds.length > 0)
    await withTransaction(ctx.db, async (tx) => {
      await lockChats(tx, [chatId]);
      await notifyReceivers(tx, notifyIds, { chatId, senderId: viewer.id, row, locked: false });
    });
  publishAfterCommit(ctx, ctx.db, { userIds: [viewer.id, ...target.others] }, 'message_new', {
    chatId,
    messageId: row.id,
  });
  return presentSentMessage(ctx, viewer, row, {
    sender,
    image: null,
    video: null,
    voice: null,
    items: [],
    teaser: null,
    quoted: null,
  });
}

/** A message request does not ping its restricter; one unread notice per chat is enough. */
async function notifyReceivers(
  tx: Tx,
  userIds: string[],
  m: { chatId: string; senderId: string; row: MessageRow; locked: boolean },
) {
  for (const userId of userIds)
    await notify(tx, {
      userId,
      type: 'message',
      actorId: m.senderId,
      relatedId: m.chatId,
      relatedType: 'chat',
      data: {
        chatId: m.chatId,
        messageId: m.row.id,
        preview: m.row.text.slice(0, 100),
        ...(m.locked ? { locked: true } : {}),
      },
      coalesce: true,
    });
}

export interface NewMessage {
  chatId: string;
  senderId: string;
  /** the other participants (already checked: not blocked, able to receive) */
  others: string[];
  text: string;
  quotedId: string | null;
  media: MessageMedia;
  voiceDuration: number | null;
  paid: PaidParts;
  massMessageId?: string | null;
}

/**
 * Writes one message inside the caller's transaction: the row, its media, the chat's last
 * message, unread counters and request folders in one statement that takes the chat's write lock
 * first (`writeMessage`; a caller that took it already keeps it), then the tip charge, the
 * receivers' notification (one statement each) and the `message_new` event after commit.
 */
export async function insertMessage(ctx: PaidCtx, tx: Tx, input: NewMessage) {
  const { media, paid } = input;
  const { row: message, notifyIds } = await writeMessage(tx, {
    chatId: input.chatId,
    senderId: input.senderId,
    others: input.others,
    text: input.text,
    quotedId: input.quotedId,
    imageId: media.image?.id ?? null,
    videoId: media.video?.id ?? null,
    voiceId: media.voice?.id ?? null,
    voiceDuration: input.voiceDuration,
    itemIds: attachedItems(media).map((m) => m.id),
    lockedCents: paid.lockedCents,
    teaserId: paid.teaser?.id ?? null,
    teaserText: paid.teaserText,
    tipCents: paid.tipCents,
    offer: paid.offer,
    contentRequest: paid.contentRequest,
    massMessageId: input.massMessageId ?? null,
  });
  await autoFlag(tx, {
    type: 'message',
    targetId: message.id,
    authorId: input.senderId,
    text: input.text,
    chatId: input.chatId,
  });
  let row = message;
  if (paid.tipCents !== null) {
    const charge = await chargeToCreator(ctx, tx, {
      kind: 'tip',
      payerId: input.senderId,
      creatorId: input.others[0]!,
      grossCents: paid.tipCents,
      details: { tipType: 'chat', contentId: message.id, chatId: input.chatId },
    });
    await automationEvent(ctx, tx, {
      trigger: 'tip_received',
      creatorId: input.others[0]!,
      fanId: input.senderId,
      eventKey: charge.transactionId,
    });
    row = await tx
      .updateTable('messages')
      .set({ tip_transaction_id: charge.transactionId })
      .where('id', '=', message.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  await notifyReceivers(tx, notifyIds, {
    chatId: input.chatId,
    senderId: input.senderId,
    row: message,
    locked: paid.lockedCents !== null,
  });
  publishAfterCommit(ctx, tx, { userIds: [input.senderId, ...input.others] }, 'message_new', {
    chatId: input.chatId,
    messageId: message.id,
  });
  return row;
}

/**
 * DELETE /chats/{chatId}/messages/{messageId}: soft and final. The text, quote and media go;
 * unread counts and the chat's last message are corrected; `message_deleted` follows the commit.
 * Deleting again answers the same deleted message without a second event.
 */
export async function deleteMessage(
  ctx: Ctx,
  viewer: Viewer,
  rawChatId: string | undefined,
  rawMessageId: string | undefined,
): Promise<DeleteMessageResponse> {
  assertDeleteParams(rawChatId, rawMessageId);
  const messageId = idOr404(rawMessageId!, messageNotFound);
  const row = await withTransaction(ctx.db, async (tx) => {
    const { chat } = await requireChat(tx, viewer.id, rawChatId!, true);
    const message = await tx
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', messageId)
      .where('chat_id', '=', chat.id)
      .forUpdate()
      .executeTakeFirst();
    if (!message) throw messageNotFound();
    if (!canDeleteMessage(viewer.id, message))
      throw new ForbiddenError(ErrorCodes.FORBIDDEN, 'You can only delete your own messages');
    if (message.deleted_at) return message;
    const deleted = await tx
      .updateTable('messages')
      .set({
        status: 'deleted',
        deleted_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
        text: '',
        mentions: '[]',
        quoted_message_id: null,
        image_media_id: null,
        video_media_id: null,
        voice_media_id: null,
        voice_duration: null,
      })
      .where('id', '=', message.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx.deleteFrom('message_media').where('message_id', '=', message.id).execute();
    // whoever had not read it no longer has it waiting
    await tx
      .updateTable('chat_participants')
      .set({ unread_count: sql<number>`greatest(unread_count - 1, 0)` })
      .where('chat_id', '=', chat.id)
      .where('user_id', '!=', message.sender_id)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('message_reads as r')
              .select('r.user_id')
              .where('r.message_id', '=', message.id)
              .whereRef('r.user_id', '=', 'chat_participants.user_id'),
          ),
        ),
      )
      .execute();
    if (chat.last_message_id === message.id)
      await tx
        .updateTable('chats')
        .set({ last_message_id: await latestLiveMessageId(tx, chat.id) })
        .where('id', '=', chat.id)
        .execute();
    const audience = [viewer.id, ...(await otherParticipantIds(tx, chat.id, viewer.id))];
    publishAfterCommit(ctx, tx, { userIds: audience }, 'message_deleted', {
      chatId: chat.id,
      messageId: message.id,
    });
    return deleted;
  });
  return { ok: true, message: await presentOneMessage(ctx, viewer, row) };
}
