import {
  ErrorCodes,
  PAID_MESSAGES_UNAVAILABLE_MESSAGE,
  type DeleteMessageResponse,
  type Message,
  type MessageListQuery,
  type MessagePage,
  type SendMessageBody,
} from '@fanspace/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction, type Tx } from '../../platform/db/database.ts';
import type { MediaItemRow } from '../../platform/db/schema.ts';
import { BadRequestError, ForbiddenError } from '../../platform/errors.ts';
import { publishAfterCommit } from '../../platform/realtime/publish.ts';
import { blockedEitherWay, isRestrictedBy } from '../graph/graph.relations.ts';
import { getOwnedMedia, ingestMedia, type IngestInput } from '../media/media.service.ts';
import { isUuid } from '../media/media.policy.ts';
import { notify } from '../notifications/notify.ts';
import type { Viewer } from '../posts/post-views.ts';
import { mediaIdFromUrl } from '../posts/posts.service.ts';
import { cleanText } from '../users/profile-rules.ts';
import { assertDeleteParams, canDeleteMessage, idOr404, messageNotFound } from './chats.policy.ts';
import {
  latestLiveMessageId,
  lockChats,
  messagePage,
  otherParticipantIds,
} from './chats.queries.ts';
import { blockedError, requireChat } from './chats.service.ts';
import { presentMessages, presentOneMessage } from './message-views.ts';

/** Listing, sending and deleting messages. Likes, favorites, reads and reports: message-actions. */

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
  let before: { createdAt: Date; id: string } | undefined;
  if (query.before) {
    const cursor = isUuid(query.before)
      ? await ctx.db
          .selectFrom('messages')
          .select(['id', 'created_at'])
          .where('id', '=', query.before.toLowerCase())
          .where('chat_id', '=', chat.id)
          .executeTakeFirst()
      : undefined;
    if (!cursor) throw field('before', 'Invalid cursor');
    before = { createdAt: cursor.created_at, id: cursor.id };
  }
  const rows = await messagePage(ctx.db, chat.id, viewer.id, query.limit + 1, before);
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit).reverse();
  return {
    messages: await presentMessages(ctx, viewer, page),
    hasMore,
    nextCursor: hasMore ? (page[0]?.id ?? null) : null,
    prevCursor: page[page.length - 1]?.id ?? null,
  };
}

/** The paid parts of SPEC §7; the ledger issue replaces this refusal with its handlers. */
function refusePaidParts(body: SendMessageBody) {
  const paid = ['lockedContent', 'tipAmount', 'offerDetails', 'contentRequestDetails'] as const;
  const sent = paid.find((name) => body[name] !== undefined && body[name] !== null);
  if (sent)
    throw new BadRequestError(PAID_MESSAGES_UNAVAILABLE_MESSAGE, ErrorCodes.FEATURE_UNAVAILABLE, {
      field: sent,
    });
}

const refId = (ref: string | { id: string }) => (typeof ref === 'string' ? ref : ref.id);

interface MessageMedia {
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
  ].map((id) => id.toLowerCase());
  if (ids.length > 0) media.items = await getOwnedMedia(ctx.db, senderId, ids);
  return media;
}

/** Uploaded files land in the sender's vault, then in the first free slot of their type. */
function placeUploads(media: MessageMedia, uploaded: MediaItemRow[]) {
  for (const item of uploaded) {
    const slot = item.media_type === 'audio' ? 'voice' : item.media_type;
    if (media[slot] === null) media[slot] = item;
    else media.items.push(item);
  }
}

async function checkQuote(tx: Tx, chatId: string, quoted: SendMessageBody['quotedMessage']) {
  if (quoted === undefined || quoted === null) return null;
  const id = refId(quoted);
  const row = isUuid(id)
    ? await tx
        .selectFrom('messages')
        .select('id')
        .where('id', '=', id.toLowerCase())
        .where('chat_id', '=', chatId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw field('quotedMessage', 'quotedMessage must be a message of this chat');
  return row.id;
}

/**
 * POST /chats/{chatId}/messages. Refusals (paid parts, membership, blocks, foreign media, an
 * empty message) come before any file is stored. The message, counters and the chat's last
 * message change in one transaction; realtime events and the notification follow the commit.
 */
export async function sendMessage(
  ctx: Ctx,
  viewer: Viewer,
  chatId: string,
  body: SendMessageBody,
  files: IngestInput[],
): Promise<Message> {
  refusePaidParts(body);
  const { chat } = await requireChat(ctx.db, viewer.id, chatId);
  const others = await otherParticipantIds(ctx.db, chat.id, viewer.id);
  if (body.receiverId && !others.includes(body.receiverId.toLowerCase()))
    throw field('receiverId', 'receiverId is not the other participant of this chat');
  for (const other of others)
    if (await blockedEitherWay(ctx.db, viewer.id, other)) throw blockedError();
  const gone = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', others.length > 0 ? others : [viewer.id])
    .where('status', 'in', ['deleted', 'banned'])
    .executeTakeFirst();
  // history stays readable, but a deleted or banned account receives nothing new
  if (gone || others.length === 0)
    throw new ForbiddenError(ErrorCodes.FORBIDDEN, 'This account cannot receive messages');
  const text = cleanText(body.text ?? '').trim();
  const media = await pickedMedia(ctx, viewer.id, body);
  const pickedCount =
    media.items.length + [media.image, media.video, media.voice].filter(Boolean).length;
  if (text === '' && pickedCount + files.length === 0)
    throw field('text', 'A message needs text or media');

  const uploaded: MediaItemRow[] = [];
  for (const file of files) uploaded.push(await ingestMedia(ctx, viewer.id, file));
  placeUploads(media, uploaded);

  const row = await withTransaction(ctx.db, async (tx) => {
    await lockChats(tx, [chat.id]);
    const quotedId = await checkQuote(tx, chat.id, body.quotedMessage);
    const message = await tx
      .insertInto('messages')
      .values({
        chat_id: chat.id,
        sender_id: viewer.id,
        text,
        quoted_message_id: quotedId,
        image_media_id: media.image?.id ?? null,
        video_media_id: media.video?.id ?? null,
        voice_media_id: media.voice?.id ?? null,
        voice_duration: media.voice
          ? (body.voiceDuration ?? media.voice.duration_seconds ?? null)
          : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const items = [...new Map(media.items.map((m) => [m.id, m])).values()];
    if (items.length > 0)
      await tx
        .insertInto('message_media')
        .values(items.map((m, position) => ({ message_id: message.id, media_id: m.id, position })))
        .execute();
    await tx
      .updateTable('chats')
      .set({ last_message_id: message.id, last_activity_at: message.created_at })
      .where('id', '=', chat.id)
      .execute();
    // writing in a chat files it in one's inbox and brings it back if one had hidden it
    await tx
      .updateTable('chat_participants')
      .set({ hidden_at: null, folder: 'inbox', last_read_at: message.created_at })
      .where('chat_id', '=', chat.id)
      .where('user_id', '=', viewer.id)
      .execute();
    for (const other of others) {
      const restricted = await isRestrictedBy(tx, other, viewer.id);
      await tx
        .updateTable('chat_participants')
        .set((eb) => ({
          unread_count: eb('unread_count', '+', 1),
          hidden_at: null,
          ...(restricted ? { folder: 'requests' as const } : {}),
        }))
        .where('chat_id', '=', chat.id)
        .where('user_id', '=', other)
        .execute();
      // a message request does not ping its restricter; one unread notice per chat is enough
      if (!restricted)
        await notify(tx, {
          userId: other,
          type: 'message',
          actorId: viewer.id,
          relatedId: chat.id,
          relatedType: 'chat',
          data: { chatId: chat.id, messageId: message.id, preview: text.slice(0, 100) },
          coalesce: true,
        });
    }
    publishAfterCommit(ctx, tx, { userIds: [viewer.id, ...others] }, 'message_new', {
      chatId: chat.id,
      messageId: message.id,
    });
    return message;
  });
  return presentOneMessage(ctx, viewer, row);
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
