import type { Message, PresentedMedia, QuotedMessage } from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { DbHandle } from '../../platform/db/database.ts';
import type { MediaItemRow, MessageRow, UserRow } from '../../platform/db/schema.ts';
import { presentMedia } from '../media/media.service.ts';
import type { Viewer } from '../posts/post-views.ts';
import { presentPublicUser } from '../users/users.presenter.ts';
import { factsByMessage, findMessagesById } from './chats.queries.ts';

/**
 * Every response holding messages goes through `presentMessages`: a fixed number of batched
 * queries per page (senders, likes, favorites, reads, quotes, media), then the pure
 * `presentMessage`. A deleted message keeps only its identity and state: no text, quote or
 * media, so nothing later (a like, a read, a realtime update) can bring them back.
 */

export type ChatsCtx = Pick<AppContext, 'db' | 'config'>;

export interface MessageFacts {
  sender: UserRow | undefined;
  likedBy: string[];
  favoritedBy: string[];
  readBy: string[];
  quoted: MessageRow | undefined;
  media: {
    image: PresentedMedia | null;
    video: PresentedMedia | null;
    voice: PresentedMedia | null;
    items: PresentedMedia[];
  };
}

function presentQuote(row: MessageRow): QuotedMessage {
  const deleted = row.deleted_at !== null;
  return {
    id: row.id,
    senderId: row.sender_id,
    text: deleted ? '' : row.text.slice(0, 200),
    isDeleted: deleted,
    hasMedia: !deleted && (row.image_media_id ?? row.video_media_id ?? row.voice_media_id) !== null,
    timestamp: row.created_at.toISOString(),
  };
}

export function presentMessage(row: MessageRow, viewerId: string, facts: MessageFacts): Message {
  const deleted = row.deleted_at !== null;
  const readBy = facts.readBy.filter((id) => id !== row.sender_id);
  return {
    id: row.id,
    messageId: row.id,
    chatId: row.chat_id,
    senderId: row.sender_id,
    sender: facts.sender ? presentPublicUser(facts.sender) : null,
    timestamp: row.created_at.toISOString(),
    status: deleted ? 'deleted' : 'sent',
    isDeleted: deleted,
    read: row.sender_id === viewerId ? readBy.length > 0 : readBy.includes(viewerId),
    readBy,
    likedBy: deleted ? [] : facts.likedBy,
    favoritedBy: deleted ? [] : facts.favoritedBy,
    isFavorited: !deleted && facts.favoritedBy.includes(viewerId),
    text: deleted ? '' : row.text,
    quotedMessage: !deleted && facts.quoted ? presentQuote(facts.quoted) : null,
    imageUrl: deleted ? null : (facts.media.image?.mediaUrl ?? null),
    videoUrl: deleted ? null : (facts.media.video?.mediaUrl ?? null),
    voiceUrl: deleted ? null : (facts.media.voice?.mediaUrl ?? null),
    voiceDuration: deleted ? null : row.voice_duration,
    mediaItems: deleted ? [] : facts.media.items,
    updatedAt: row.updated_at.toISOString(),
  };
}

async function loadMedia(db: DbHandle, rows: MessageRow[]) {
  const live = rows.filter((r) => r.deleted_at === null);
  const ids = live.map((r) => r.id);
  const slotIds = live.flatMap((r) =>
    [r.image_media_id, r.video_media_id, r.voice_media_id].filter((x): x is string => !!x),
  );
  const [slotItems, attached] = await Promise.all([
    slotIds.length > 0
      ? db
          .selectFrom('media_items')
          .selectAll()
          .where('id', 'in', slotIds)
          .where('deleted_at', 'is', null)
          .execute()
      : Promise.resolve([] as MediaItemRow[]),
    ids.length > 0
      ? db
          .selectFrom('message_media')
          .innerJoin('media_items', 'media_items.id', 'message_media.media_id')
          .selectAll('media_items')
          .select('message_media.message_id')
          .where('message_media.message_id', 'in', ids)
          .where('media_items.deleted_at', 'is', null)
          .orderBy('message_media.position')
          .execute()
      : Promise.resolve([] as Array<MediaItemRow & { message_id: string }>),
  ]);
  return { slots: new Map(slotItems.map((m) => [m.id, m])), attached };
}

/** Presents a page of messages for `viewer` with a fixed number of queries. */
export async function presentMessages(
  ctx: ChatsCtx,
  viewer: Viewer,
  rows: MessageRow[],
  db: DbHandle = ctx.db,
): Promise<Message[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const quotedIds = rows.flatMap((r) => (r.quoted_message_id ? [r.quoted_message_id] : []));
  const senderIds = [...new Set(rows.map((r) => r.sender_id))];
  const [senders, likes, favorites, reads, quotes, media] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', 'in', senderIds).execute(),
    factsByMessage(db, 'message_likes', ids),
    factsByMessage(db, 'message_favorites', ids),
    factsByMessage(db, 'message_reads', ids),
    findMessagesById(db, quotedIds),
    loadMedia(db, rows),
  ]);
  const senderById = new Map(senders.map((u) => [u.id, u]));
  const quoteById = new Map(quotes.map((m) => [m.id, m]));
  const mediaViewer = { userId: viewer.id, sessionId: viewer.sessionId };
  // no paid message parts yet, so every attached item is presented unlocked to participants
  const show = (item: MediaItemRow | undefined) =>
    item ? presentMedia(ctx, item, { unlocked: true, viewer: mediaViewer }) : null;
  const slot = (id: string | null) => (id ? show(media.slots.get(id)) : null);
  return rows.map((row) =>
    presentMessage(row, viewer.id, {
      sender: senderById.get(row.sender_id),
      likedBy: likes.get(row.id) ?? [],
      favoritedBy: favorites.get(row.id) ?? [],
      readBy: reads.get(row.id) ?? [],
      quoted: row.quoted_message_id ? quoteById.get(row.quoted_message_id) : undefined,
      media: {
        image: slot(row.image_media_id),
        video: slot(row.video_media_id),
        voice: slot(row.voice_media_id),
        items: media.attached
          .filter((m) => m.message_id === row.id)
          .map((m) => presentMedia(ctx, m, { unlocked: true, viewer: mediaViewer })),
      },
    }),
  );
}

export async function presentOneMessage(
  ctx: ChatsCtx,
  viewer: Viewer,
  row: MessageRow,
  db: DbHandle = ctx.db,
): Promise<Message> {
  const [message] = await presentMessages(ctx, viewer, [row], db);
  return message!;
}
