/**
 * The chat client's message model (SPEC §3 Message). The server's Message plus what only the
 * client knows: the 'sending' status of an optimistic message, upload progress and local blob
 * previews. Paid parts are optional so the UI works against any server that sends them.
 */
import type { Message, PresentedMedia, PublicUser } from '@fanspace/contracts';

export type MessageStatus = 'sending' | 'sent' | 'deleted';

export const TEMP_PREFIX = 'temp-';
export const REALTIME_PREFIX = 'realtime-';

/** SPEC §3: a locked media item has id, title (default 'Media Item'), mediaType (default unknown). */
export interface LockedMediaItem {
  id: string;
  title: string;
  mediaType: string;
  mediaUrl: string | null;
  thumbnailUrl: string | null;
  teaserUrl: string | null;
}

export interface LockedContent {
  price: number;
  /** teaser image (blurred preview) */
  teaserImageUrl: string | null;
  /** video teaser snippet */
  teaserVideoUrl: string | null;
  teaserText: string | null;
  mediaItems: LockedMediaItem[];
  /** how many items are sold (the server may list fewer while locked) */
  itemCount: number;
  mediaTypes: string[];
  isPaidBy: string[];
}

export type OfferStatus = 'pending' | 'accepted' | 'declined' | 'expired' | string;

export interface OfferDetails {
  title: string;
  description: string;
  /** null: a free offer */
  price: number | null;
  status: OfferStatus;
  expiresAt: string | null;
}

export interface ContentRequestDetails {
  description: string;
  /** paid on delivery; null: free */
  price: number | null;
  status: string;
  note: string;
  deadline: string | null;
  deliveredMessageId: string | null;
}

export interface ChatMessage {
  id: string;
  chatId: string;
  senderId: string;
  sender: PublicUser | null;
  timestamp: string;
  status: MessageStatus;
  isDeleted: boolean;
  read: boolean;
  readBy: string[];
  likedBy: string[];
  favoritedBy: string[];
  isFavorited: boolean;
  /** who hid the message as far as the viewer may know: [viewer] or [] */
  hiddenBy: string[];
  /** ids of the accounts the text @mentions (resolved by the server when it was sent) */
  mentions: string[];
  text: string;
  quotedMessage: Message['quotedMessage'];
  imageUrl: string | null;
  videoUrl: string | null;
  voiceUrl: string | null;
  voiceDuration: number | null;
  mediaItems: PresentedMedia[];
  /** the first media item's id (null: none) */
  mediaItemId: string | null;
  /** SPEC §3's other name of mediaItems: the same items */
  mediaCollection: PresentedMedia[];
  updatedAt: string;
  lockedContent: LockedContent | null;
  isUnlocked: boolean;
  /** sender: someone bought it; buyer: the viewer bought it */
  isPaid: boolean;
  tipAmount: number | null;
  offerDetails: OfferDetails | null;
  contentRequestDetails: ContentRequestDetails | null;
  /** client only: 0–100 while a file goes out */
  uploadProgress?: number;
  /** client only: blob: URLs of local previews, revoked 1 s after the send */
  localPreviewUrls?: string[];
}

export function isTempId(id: string): boolean {
  return id.startsWith(TEMP_PREFIX);
}

export function isRealtimeId(id: string): boolean {
  return id.startsWith(REALTIME_PREFIX);
}

/** A message that exists on the server under this id (and so can be read, liked, deleted). */
export function isServerId(id: string): boolean {
  return !isTempId(id) && !isRealtimeId(id);
}

let counter = 0;
export function localId(prefix: typeof TEMP_PREFIX | typeof REALTIME_PREFIX): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

type Raw = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const obj = (v: unknown): Raw | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Raw) : null;

function lockedItem(raw: unknown): LockedMediaItem | null {
  if (typeof raw === 'string') {
    return {
      id: raw,
      title: 'Media Item',
      mediaType: 'unknown',
      mediaUrl: null,
      thumbnailUrl: null,
      teaserUrl: null,
    };
  }
  const o = obj(raw);
  const id = o && (str(o.id) ?? str(o.mediaItemId));
  if (!o || !id) return null;
  return {
    id,
    title: str(o.title) ?? 'Media Item',
    mediaType: str(o.mediaType) ?? 'unknown',
    mediaUrl: str(o.mediaUrl),
    thumbnailUrl: str(o.thumbnailUrl),
    teaserUrl: str(o.teaserUrl),
  };
}

export function normalizeLockedContent(
  raw: unknown,
  fallbackPrice: number | null,
): LockedContent | null {
  const o = obj(raw);
  if (!o) return null;
  const items = (Array.isArray(o.mediaItems) ? o.mediaItems.map(lockedItem) : []).filter(
    (i): i is LockedMediaItem => i !== null,
  );
  // the server's teaser is a presented media item (image or video snippet)
  const teaser = obj(o.teaser);
  const teaserIsVideo = teaser !== null && teaser.mediaType === 'video';
  const teaserImage = teaser
    ? teaserIsVideo
      ? (str(teaser.thumbnailUrl) ?? str(teaser.teaserUrl))
      : (str(teaser.mediaUrl) ?? str(teaser.teaserUrl) ?? str(teaser.thumbnailUrl))
    : null;
  const mediaTypes = strings(o.mediaTypes);
  return {
    price: num(o.price) ?? fallbackPrice ?? 0,
    teaserImageUrl: str(o.teaserImageUrl) ?? str(o.teaserImage) ?? teaserImage,
    teaserVideoUrl:
      str(o.teaserVideoUrl) ??
      str(o.videoTeaserSnippet) ??
      (teaserIsVideo ? str(teaser.mediaUrl) : null),
    teaserText: str(o.teaserText) ?? null,
    mediaItems: items,
    itemCount: num(o.itemCount) ?? Math.max(items.length, mediaTypes.length),
    mediaTypes: mediaTypes.length ? mediaTypes : items.map((i) => i.mediaType),
    isPaidBy: strings(o.isPaidBy ?? o.paidBy),
  };
}

function offer(raw: unknown): OfferDetails | null {
  const o = obj(raw);
  if (!o) return null;
  return {
    title: str(o.title) ?? 'Offer',
    description: str(o.description) ?? '',
    price: num(o.price) ?? num(o.amount),
    status: str(o.status) ?? 'pending',
    expiresAt: str(o.expiresAt),
  };
}

function contentRequest(raw: unknown): ContentRequestDetails | null {
  const o = obj(raw);
  if (!o) return null;
  return {
    description: str(o.description) ?? str(o.text) ?? '',
    price: num(o.price) ?? num(o.amount),
    status: str(o.status) ?? 'pending',
    note: str(o.note) ?? '',
    deadline: str(o.deadline),
    deliveredMessageId: str(o.deliveredMessageId),
  };
}

/**
 * Any message-shaped value → ChatMessage. The id comes from messageId, id or uuid; without one
 * it gets a temporary id ('temp-…'), or 'realtime-…' when it came from the socket (SPEC §3).
 */
export function normalizeMessage(
  raw: unknown,
  options: {
    viewerId?: string | null;
    source?: 'server' | 'realtime' | 'local';
    chatId?: string;
  } = {},
): ChatMessage {
  const o = obj(raw) ?? {};
  const sender = obj(o.sender) as PublicUser | null;
  const id =
    str(o.messageId) ??
    str(o.id) ??
    str(o.uuid) ??
    localId(options.source === 'realtime' ? REALTIME_PREFIX : TEMP_PREFIX);
  const isDeleted = o.isDeleted === true || o.status === 'deleted';
  const favoritedBy = strings(o.favoritedBy);
  const viewer = options.viewerId ?? null;
  const status: MessageStatus = isDeleted ? 'deleted' : o.status === 'sending' ? 'sending' : 'sent';
  const timestamp = str(o.timestamp) ?? str(o.createdAt) ?? new Date().toISOString();
  const price = num(o.price);
  const locked = normalizeLockedContent(o.lockedContent, price);
  const mediaItems = isDeleted
    ? []
    : Array.isArray(o.mediaItems)
      ? (o.mediaItems as PresentedMedia[])
      : [];
  return {
    id,
    chatId: str(o.chatId) ?? options.chatId ?? '',
    senderId: str(o.senderId) ?? (sender ? (str(sender.id) ?? str(sender.userId) ?? '') : ''),
    sender,
    timestamp,
    status,
    isDeleted,
    read: o.read === true,
    readBy: strings(o.readBy),
    likedBy: strings(o.likedBy),
    favoritedBy,
    isFavorited: viewer ? favoritedBy.includes(viewer) : o.isFavorited === true,
    hiddenBy: strings(o.hiddenBy),
    mentions: isDeleted ? [] : strings(o.mentions),
    text: isDeleted ? '' : typeof o.text === 'string' ? o.text : '',
    quotedMessage: (obj(o.quotedMessage) as ChatMessage['quotedMessage']) ?? null,
    imageUrl: str(o.imageUrl),
    videoUrl: str(o.videoUrl),
    voiceUrl: str(o.voiceUrl),
    voiceDuration: num(o.voiceDuration),
    mediaItems,
    // without them (an older server, a local copy) they follow from mediaItems
    mediaItemId: isDeleted ? null : (str(o.mediaItemId) ?? str(mediaItems[0]?.id)),
    mediaCollection: isDeleted
      ? []
      : Array.isArray(o.mediaCollection)
        ? (o.mediaCollection as PresentedMedia[])
        : mediaItems,
    updatedAt: str(o.updatedAt) ?? timestamp,
    lockedContent: locked,
    isUnlocked:
      locked === null ||
      o.isUnlocked === true ||
      (viewer !== null && (locked.isPaidBy.includes(viewer) || str(o.senderId) === viewer)),
    isPaid: o.isPaid === true || (locked !== null && locked.isPaidBy.length > 0),
    tipAmount: num(o.tipAmount),
    offerDetails: offer(o.offerDetails),
    contentRequestDetails: contentRequest(o.contentRequestDetails),
  };
}

/** SPEC §3 Comment/Message: what a deleted message shows. */
export const DELETED_TEXT = '[message deleted]';
