import type {
  ContentRequestView,
  LockedContentView,
  Message,
  OfferView,
  PresentedMedia,
  QuotedMessage,
} from '@fanspace/contracts';
import { units } from '../ledger/money.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbHandle } from '../../platform/db/database.ts';
import type { MediaItemRow, MessageRow, UserRow } from '../../platform/db/schema.ts';
import type { PresentableMedia } from '../media/media.presenter.ts';
import { presentMedia } from '../media/media.service.ts';
import type { Viewer } from '../posts/post-views.ts';
import { presentPublicUser, type PublicUserRow } from '../users/users.presenter.ts';
import { factsByMessage, findMessagesById } from './chats.queries.ts';

/**
 * Every response holding messages goes through `presentMessages`: a fixed number of batched
 * queries per page (senders, likes, favorites, reads, the viewer's hides, quotes, media), then
 * the pure `presentMessage`. A deleted message keeps only its identity and state: no text,
 * mentions, quote or media, so nothing later (a like, a read, a realtime update) can bring them
 * back.
 */

export type ChatsCtx = Pick<AppContext, 'db' | 'config'>;

export interface MessagePurchaseFact {
  buyer_id: string;
  created_at: Date;
  ledger_transaction_id: string | null;
  reason: 'unlock' | 'offer';
}

/** The columns of a quoted message its quote presents (`presentQuote`). */
export const QUOTED_COLUMNS = [
  'id',
  'sender_id',
  'text',
  'deleted_at',
  'image_media_id',
  'video_media_id',
  'voice_media_id',
  'created_at',
] as const satisfies ReadonlyArray<keyof MessageRow>;

export type QuotedRow = Pick<MessageRow, (typeof QUOTED_COLUMNS)[number]>;

export interface MessageFacts {
  sender: PublicUserRow | undefined;
  likedBy: string[];
  favoritedBy: string[];
  readBy: string[];
  /** who hid the message, as far as the viewer may know: [viewer] or [] (default []) */
  hiddenBy?: string[];
  quoted: QuotedRow | undefined;
  /** presented for this viewer: locked items carry no original (see `isUnlockedFor`) */
  media: {
    image: PresentedMedia | null;
    video: PresentedMedia | null;
    voice: PresentedMedia | null;
    items: PresentedMedia[];
  };
  teaser?: PresentedMedia | null;
  purchases?: MessagePurchaseFact[];
  now?: Date;
}

/** A locked message is open to its sender and to whoever bought it. */
export function isUnlockedFor(
  row: Pick<MessageRow, 'locked_price_cents' | 'sender_id'>,
  viewerId: string,
  purchases: Pick<MessagePurchaseFact, 'buyer_id' | 'reason'>[],
): boolean {
  if (row.locked_price_cents === null) return true;
  if (row.sender_id === viewerId) return true;
  return purchases.some((p) => p.buyer_id === viewerId && p.reason === 'unlock');
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const numOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const iso = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const stringIds = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** A pending offer past its expiry reads as expired (stored lazily on the next PATCH). */
export function effectiveOfferStatus(row: MessageRow, now = new Date()): OfferView['status'] {
  const status = row.offer_status ?? 'pending';
  const expiresAt = iso(row.offer?.expiresAt);
  if (status === 'pending' && expiresAt && new Date(expiresAt).getTime() <= now.getTime())
    return 'expired';
  return status;
}

function presentOffer(row: MessageRow, now: Date): OfferView | null {
  if (!row.offer) return null;
  const cents = numOrNull(row.offer.priceCents);
  return {
    title: str(row.offer.title),
    description: str(row.offer.description),
    price: cents === null ? null : units(cents),
    priceCents: cents,
    status: effectiveOfferStatus(row, now),
    expiresAt: iso(row.offer.expiresAt),
    respondedAt: iso(row.offer.respondedAt),
    transactionId: iso(row.offer.transactionId),
  };
}

function presentContentRequest(row: MessageRow): ContentRequestView | null {
  if (!row.content_request) return null;
  const cents = numOrNull(row.content_request.priceCents);
  return {
    description: str(row.content_request.description),
    price: cents === null ? null : units(cents),
    priceCents: cents,
    status: row.content_request_status ?? 'pending',
    note: str(row.content_request.note),
    deadline: iso(row.content_request.deadline),
    deliveredMessageId: iso(row.content_request.deliveredMessageId),
    respondedAt: iso(row.content_request.respondedAt),
  };
}

function presentQuote(row: QuotedRow): QuotedMessage {
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
  const purchases = facts.purchases ?? [];
  const unlocked = isUnlockedFor(row, viewerId, purchases);
  const isSender = row.sender_id === viewerId;
  const mine = purchases.filter((p) => isSender || p.buyer_id === viewerId);
  const unlocks = mine.filter((p) => p.reason === 'unlock');
  let lockedContent: LockedContentView | null = null;
  if (row.locked_price_cents !== null && !deleted) {
    const sold = [facts.media.image, facts.media.video, ...facts.media.items].filter(
      (m): m is PresentedMedia => m !== null,
    );
    lockedContent = {
      price: units(row.locked_price_cents),
      priceCents: row.locked_price_cents,
      teaser: facts.teaser ?? null,
      teaserText: row.teaser_text ?? '',
      itemCount: sold.length + (facts.media.voice ? 1 : 0),
      mediaTypes: [...sold, ...(facts.media.voice ? [facts.media.voice] : [])].map(
        (m) => m.mediaType,
      ),
      mediaItems: sold,
      isPaidBy: unlocks.map((p) => p.buyer_id),
    };
  }
  // presented for this viewer like any item: a locked message's items carry no original
  const mediaItems = deleted ? [] : facts.media.items;
  return {
    id: row.id,
    messageId: row.id,
    chatId: row.chat_id,
    senderId: row.sender_id,
    sender: facts.sender ? presentPublicUser(facts.sender, undefined, viewerId) : null,
    timestamp: row.created_at.toISOString(),
    status: deleted ? 'deleted' : 'sent',
    isDeleted: deleted,
    read: row.sender_id === viewerId ? readBy.length > 0 : readBy.includes(viewerId),
    readBy,
    likedBy: deleted ? [] : facts.likedBy,
    favoritedBy: deleted ? [] : facts.favoritedBy,
    isFavorited: !deleted && facts.favoritedBy.includes(viewerId),
    // only the viewer's own hide is the viewer's to know
    hiddenBy: (facts.hiddenBy ?? []).filter((id) => id === viewerId),
    mentions: deleted ? [] : stringIds(row.mentions),
    text: deleted ? '' : row.text,
    quotedMessage: !deleted && facts.quoted ? presentQuote(facts.quoted) : null,
    imageUrl: deleted ? null : (facts.media.image?.mediaUrl ?? null),
    videoUrl: deleted ? null : (facts.media.video?.mediaUrl ?? null),
    voiceUrl: deleted ? null : (facts.media.voice?.mediaUrl ?? null),
    voiceDuration: deleted ? null : row.voice_duration,
    mediaItems,
    mediaItemId: mediaItems[0]?.id ?? null,
    mediaCollection: mediaItems,
    updatedAt: row.updated_at.toISOString(),
    isUnlocked: unlocked,
    isPaid: mine.length > 0,
    unlockedAt: mine[0]?.created_at.toISOString() ?? null,
    lockedContent,
    tipAmount: row.tip_cents === null ? null : units(row.tip_cents),
    offerDetails: deleted ? null : presentOffer(row, facts.now ?? new Date()),
    contentRequestDetails: deleted ? null : presentContentRequest(row),
    massMessageId: row.mass_message_id,
  };
}

async function loadMedia(db: DbHandle, rows: MessageRow[]) {
  const live = rows.filter((r) => r.deleted_at === null);
  const ids = live.map((r) => r.id);
  const slotIds = live.flatMap((r) =>
    [r.image_media_id, r.video_media_id, r.voice_media_id, r.teaser_media_id].filter(
      (x): x is string => !!x,
    ),
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

/**
 * What presenting one message reads besides its row: `presentMessages` batches it per page,
 * the unlock reads it in its checks statement (message-unlock.queries.ts).
 */
export interface LoadedFacts {
  sender: PublicUserRow | undefined;
  likedBy: string[];
  favoritedBy: string[];
  readBy: string[];
  /** [viewer] when the viewer hid the message, else [] */
  hiddenBy: string[];
  quoted: QuotedRow | undefined;
  /** the live media items of the image, video, voice and teaser slots, by id */
  slots: ReadonlyMap<string, PresentableMedia>;
  /** the live attached items in position order */
  items: PresentableMedia[];
  purchases: MessagePurchaseFact[];
}

/** One message for `viewer` from what was read about it. */
export function presentLoadedMessage(
  ctx: ChatsCtx,
  viewer: Viewer,
  row: MessageRow,
  loaded: LoadedFacts,
  now = new Date(),
): Message {
  const mediaViewer = { userId: viewer.id, sessionId: viewer.sessionId };
  // a locked message's originals reach only its sender and its buyers
  const unlocked = isUnlockedFor(row, viewer.id, loaded.purchases);
  const show = (item: PresentableMedia | undefined, open = unlocked) =>
    item ? presentMedia(ctx, item, { unlocked: open, viewer: mediaViewer }) : null;
  const slot = (id: string | null) => (id ? show(loaded.slots.get(id)) : null);
  return presentMessage(row, viewer.id, {
    sender: loaded.sender,
    likedBy: loaded.likedBy,
    favoritedBy: loaded.favoritedBy,
    readBy: loaded.readBy,
    hiddenBy: loaded.hiddenBy,
    quoted: loaded.quoted,
    media: {
      image: slot(row.image_media_id),
      video: slot(row.video_media_id),
      voice: slot(row.voice_media_id),
      items: loaded.items.map((m) => presentMedia(ctx, m, { unlocked, viewer: mediaViewer })),
    },
    teaser: row.teaser_media_id ? show(loaded.slots.get(row.teaser_media_id), true) : null,
    purchases: loaded.purchases,
    now,
  });
}

/** The messages among `messageIds` that `userId` hid (message_hidden). */
async function hiddenByViewer(db: DbHandle, userId: string, messageIds: string[]) {
  const rows = await db
    .selectFrom('message_hidden')
    .select('message_id')
    .where('user_id', '=', userId)
    .where('message_id', 'in', messageIds)
    .execute();
  return new Set(rows.map((r) => r.message_id));
}

export interface PresentOptions {
  /** the rows were read without the messages the viewer hid (`messagePage`): no lookup */
  hiddenLeftOut?: boolean;
}

/** Presents a page of messages for `viewer` with a fixed number of queries. */
export async function presentMessages(
  ctx: ChatsCtx,
  viewer: Viewer,
  rows: MessageRow[],
  db: DbHandle = ctx.db,
  options: PresentOptions = {},
): Promise<Message[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const quotedIds = rows.flatMap((r) => (r.quoted_message_id ? [r.quoted_message_id] : []));
  const senderIds = [...new Set(rows.map((r) => r.sender_id))];
  const paidIds = rows.filter((r) => r.locked_price_cents !== null || r.offer !== null);
  const [senders, likes, favorites, reads, hidden, quotes, media, purchases] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', 'in', senderIds).execute(),
    factsByMessage(db, 'message_likes', ids),
    factsByMessage(db, 'message_favorites', ids),
    factsByMessage(db, 'message_reads', ids),
    options.hiddenLeftOut ? Promise.resolve(new Set<string>()) : hiddenByViewer(db, viewer.id, ids),
    findMessagesById(db, quotedIds),
    loadMedia(db, rows),
    paidIds.length > 0
      ? db
          .selectFrom('message_purchases')
          .select(['message_id', 'buyer_id', 'created_at', 'ledger_transaction_id', 'reason'])
          .where(
            'message_id',
            'in',
            paidIds.map((r) => r.id),
          )
          .orderBy('created_at')
          .execute()
      : Promise.resolve([]),
  ]);
  const senderById = new Map(senders.map((u) => [u.id, u]));
  const quoteById = new Map(quotes.map((m) => [m.id, m]));
  const now = new Date();
  return rows.map((row) =>
    presentLoadedMessage(
      ctx,
      viewer,
      row,
      {
        sender: senderById.get(row.sender_id),
        likedBy: likes.get(row.id) ?? [],
        favoritedBy: favorites.get(row.id) ?? [],
        readBy: reads.get(row.id) ?? [],
        hiddenBy: hidden.has(row.id) ? [viewer.id] : [],
        quoted: row.quoted_message_id ? quoteById.get(row.quoted_message_id) : undefined,
        slots: media.slots,
        items: media.attached.filter((m) => m.message_id === row.id),
        purchases: purchases.filter((p) => p.message_id === row.id),
      },
      now,
    ),
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

/** What a send already holds about the message it just wrote. */
export interface SentMessageFacts {
  sender: UserRow;
  image: MediaItemRow | null;
  video: MediaItemRow | null;
  voice: MediaItemRow | null;
  /** attached items in their stored order, each once */
  items: MediaItemRow[];
  teaser: MediaItemRow | null;
  quoted: MessageRow | null;
}

/**
 * The sender's view of a message it just wrote, without a query: nobody can have liked, read,
 * favorited, hidden or bought it yet, and its sender sees its media unlocked. Presents exactly
 * what `presentOneMessage` would read back (messages.test.ts compares the two).
 */
export function presentSentMessage(
  ctx: ChatsCtx,
  viewer: Viewer,
  row: MessageRow,
  facts: SentMessageFacts,
): Message {
  const mediaViewer = { userId: viewer.id, sessionId: viewer.sessionId };
  const show = (item: MediaItemRow | null) =>
    item && item.deleted_at === null
      ? presentMedia(ctx, item, { unlocked: true, viewer: mediaViewer })
      : null;
  return presentMessage(row, viewer.id, {
    sender: facts.sender,
    likedBy: [],
    favoritedBy: [],
    readBy: [],
    quoted: facts.quoted ?? undefined,
    media: {
      image: show(facts.image),
      video: show(facts.video),
      voice: show(facts.voice),
      items: facts.items.map(show).filter((m): m is PresentedMedia => m !== null),
    },
    teaser: show(facts.teaser),
    purchases: [],
  });
}
