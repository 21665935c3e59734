import { Type, type Static } from '@sinclair/typebox';
import { Nullable, SinceParam } from './common.ts';
import { PresentedMedia } from './media.ts';
import { PublicUser } from './users.ts';

/**
 * Chats and messages (SPEC §3 Message, Chat; §4 Messages; §5; §7 Chats; §9), with the paid
 * parts of a message: locked content (unlock), chat tips, offers and content requests, all
 * charged through the ledger; and creator mass messages.
 */

/** SPEC §9: message page size 50. */
export const MessagePaging = { defaultLimit: 50, maxLimit: 100, maxSince: 200 } as const;
export const MESSAGE_TEXT_MAX = 5000;
export const MESSAGE_MEDIA_MAX = 20;
/** SPEC §5, word for word. */
export const INVALID_PARAMETERS_MESSAGE = 'Invalid parameters';
export const PAID_MESSAGES_UNAVAILABLE_MESSAGE = 'Paid messages are not available yet';

export const ChatFolder = Type.Union([Type.Literal('inbox'), Type.Literal('requests')]);
export type ChatFolder = Static<typeof ChatFolder>;

export const QuotedMessage = Type.Object({
  id: Type.String(),
  senderId: Type.String(),
  text: Type.String(),
  isDeleted: Type.Boolean(),
  hasMedia: Type.Boolean(),
  timestamp: Type.String(),
});
export type QuotedMessage = Static<typeof QuotedMessage>;

/** SPEC §9-style price limits of paid chat parts, in cents (as post unlocks: 3.00–200.00). */
export const CHAT_PRICE_CENTS = { min: 300, max: 20_000 } as const;
/** chat tips: 1.00–200.00, as other tips */
export const CHAT_TIP_CENTS = { min: 100, max: 20_000 } as const;
export const OFFER_DEFAULT_HOURS = 72;
export const ONLY_CREATORS_LOCKED_MESSAGE = 'Only creators can send locked content';

export const OfferStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('accepted'),
  Type.Literal('declined'),
  Type.Literal('expired'),
]);
export type OfferStatus = Static<typeof OfferStatus>;

export const ContentRequestStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('accepted'),
  Type.Literal('delivered'),
  Type.Literal('declined'),
  Type.Literal('cancelled'),
]);
export type ContentRequestStatus = Static<typeof ContentRequestStatus>;

/**
 * A locked message as the viewer sees it. Until the viewer unlocks it (or sent it), every item
 * in `mediaItems` is presented locked: `mediaUrl` null, only the blurred `teaserUrl`; the
 * sender's chosen `teaser` (image or video snippet) is always shown.
 */
export const LockedContentView = Type.Object({
  price: Type.Number(),
  priceCents: Type.Integer(),
  teaser: Nullable(PresentedMedia),
  teaserText: Type.String(),
  itemCount: Type.Integer(),
  /** the item types, in order ('image' | 'video' | 'audio') */
  mediaTypes: Type.Array(Type.String()),
  mediaItems: Type.Array(PresentedMedia),
  /** buyer ids: all of them for the sender, [viewer] for a buyer, [] otherwise */
  isPaidBy: Type.Array(Type.String()),
});
export type LockedContentView = Static<typeof LockedContentView>;

export const OfferView = Type.Object({
  title: Type.String(),
  description: Type.String(),
  /** null: a free offer */
  price: Nullable(Type.Number()),
  priceCents: Nullable(Type.Integer()),
  /** 'expired' once expiresAt passed while pending */
  status: OfferStatus,
  expiresAt: Nullable(Type.String()),
  respondedAt: Nullable(Type.String()),
  transactionId: Nullable(Type.String()),
});
export type OfferView = Static<typeof OfferView>;

export const ContentRequestView = Type.Object({
  description: Type.String(),
  /** what the requester will pay on delivery (null: free) */
  price: Nullable(Type.Number()),
  priceCents: Nullable(Type.Integer()),
  status: ContentRequestStatus,
  note: Type.String(),
  deadline: Nullable(Type.String()),
  /** the locked message that delivered the content */
  deliveredMessageId: Nullable(Type.String()),
  respondedAt: Nullable(Type.String()),
});
export type ContentRequestView = Static<typeof ContentRequestView>;

export const Message = Type.Object({
  id: Type.String(),
  messageId: Type.String(),
  chatId: Type.String(),
  senderId: Type.String(),
  sender: Nullable(PublicUser),
  timestamp: Type.String(),
  status: Type.Union([Type.Literal('sent'), Type.Literal('deleted')]),
  isDeleted: Type.Boolean(),
  /** for the sender: someone else read it; for the others: the viewer read it */
  read: Type.Boolean(),
  readBy: Type.Array(Type.String()),
  likedBy: Type.Array(Type.String()),
  favoritedBy: Type.Array(Type.String()),
  isFavorited: Type.Boolean(),
  /**
   * who hid the message, as far as the viewer may know: [viewer] when the viewer hid it, else []
   * (a page leaves out what the viewer hid; a sync or a chat's last message may still show it)
   */
  hiddenBy: Type.Array(Type.String()),
  /**
   * ids of the accounts @mentioned in the text, resolved when it was sent as comment mentions are
   * (existing, visible, neither blocking the other with the sender), in text order; [] once deleted
   */
  mentions: Type.Array(Type.String()),
  /** '' once deleted */
  text: Type.String(),
  quotedMessage: Nullable(QuotedMessage),
  imageUrl: Nullable(Type.String()),
  videoUrl: Nullable(Type.String()),
  voiceUrl: Nullable(Type.String()),
  voiceDuration: Nullable(Type.Number()),
  mediaItems: Type.Array(PresentedMedia),
  /** the id of the first of `mediaItems` (null: none) */
  mediaItemId: Nullable(Type.String()),
  /** SPEC §3's other name of `mediaItems`: the same items, presented the same way */
  mediaCollection: Type.Array(PresentedMedia),
  updatedAt: Type.String(),
  /** false only for a locked message the viewer did not send and has not bought */
  isUnlocked: Type.Boolean(),
  /** sender: someone bought it; buyer: the viewer bought it (unlock or accepted offer) */
  isPaid: Type.Boolean(),
  /** buyer: when the viewer bought it; sender: the first purchase */
  unlockedAt: Nullable(Type.String()),
  lockedContent: Nullable(LockedContentView),
  /** a chat tip the sender paid with this message (currency units) */
  tipAmount: Nullable(Type.Number()),
  offerDetails: Nullable(OfferView),
  contentRequestDetails: Nullable(ContentRequestView),
  /** set when the message was sent by a creator's mass message */
  massMessageId: Nullable(Type.String()),
});
export type Message = Static<typeof Message>;

export const ChatParticipant = Type.Object({
  userId: Type.String(),
  unreadCount: Type.Integer(),
  user: Nullable(PublicUser),
});
export type ChatParticipant = Static<typeof ChatParticipant>;

export const Chat = Type.Object({
  id: Type.String(),
  chatId: Type.String(),
  participants: Type.Array(ChatParticipant),
  participantIds: Type.Array(Type.String()),
  /** the viewer's unread messages */
  unreadCount: Type.Integer(),
  /** the viewer's folder: a chat opened by someone the viewer restricted is a request */
  folder: ChatFolder,
  /** the latest message that is not deleted */
  lastMessage: Nullable(Message),
  /**
   * whether the viewer's text send would be taken: false while either side blocks the other or
   * the other account is deleted or banned (the sends' 403s)
   */
  canReply: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Chat = Static<typeof Chat>;

export const ChatListQuery = Type.Object({
  folder: Type.Optional(ChatFolder),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  /** `nextCursor` of the previous page */
  before: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
export type ChatListQuery = Static<typeof ChatListQuery>;

export const ChatList = Type.Object({
  chats: Type.Array(Chat),
  hasMore: Type.Boolean(),
  nextCursor: Nullable(Type.String()),
});
export type ChatList = Static<typeof ChatList>;

export const OpenChatBody = Type.Object(
  { recipientId: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type OpenChatBody = Static<typeof OpenChatBody>;

export const ChatResponse = Type.Object({ chat: Chat });
export type ChatResponse = Static<typeof ChatResponse>;

/** Plain strings: 'undefined' and malformed ids must reach the service (400 / 404), not Ajv. */
export const ChatParams = Type.Object({ chatId: Type.String({ maxLength: 64 }) });
export type ChatParams = Static<typeof ChatParams>;
export const ChatMessageParams = Type.Object({
  chatId: Type.String({ maxLength: 64 }),
  messageId: Type.String({ maxLength: 64 }),
});
export type ChatMessageParams = Static<typeof ChatMessageParams>;
export const MessageIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export type MessageIdParams = Static<typeof MessageIdParams>;

export const MessageListQuery = Type.Object({
  limit: Type.Integer({
    minimum: 1,
    maximum: MessagePaging.maxLimit,
    default: MessagePaging.defaultLimit,
  }),
  /** a message id (`nextCursor`): older messages than that one */
  before: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
export type MessageListQuery = Static<typeof MessageListQuery>;

export const MessagePage = Type.Object({
  /** oldest first */
  messages: Type.Array(Message),
  hasMore: Type.Boolean(),
  /** pass as `before` for older messages; null when there are none */
  nextCursor: Nullable(Type.String()),
  /** the newest message of this page */
  prevCursor: Nullable(Type.String()),
  /** the same three cursors as one object (the spec's "messages and pagination") */
  pagination: Type.Object({
    hasMore: Type.Boolean(),
    nextCursor: Nullable(Type.String()),
    prevCursor: Nullable(Type.String()),
  }),
});
export type MessagePage = Static<typeof MessagePage>;

const MediaRef = Type.Union([
  Type.String({ maxLength: 64 }),
  Type.Object({ id: Type.String({ maxLength: 64 }) }),
]);

/**
 * lockedContent of a send: price in currency units; the sold items are `mediaItems` /
 * `selectedMediaItems` (vault ids of the sender) plus any imageUrl/videoUrl/file of the message;
 * the teaser is a vault item by id or by our own media URL.
 */
export const LockedContentInput = Type.Object({
  price: Type.Number(),
  teaserMediaId: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  teaserImageUrl: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
  teaserVideoUrl: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
  teaserText: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  mediaItems: Type.Optional(Type.Array(MediaRef, { maxItems: MESSAGE_MEDIA_MAX })),
  selectedMediaItems: Type.Optional(Type.Array(MediaRef, { maxItems: MESSAGE_MEDIA_MAX })),
});
export type LockedContentInput = Static<typeof LockedContentInput>;

/** An offer: accepted by the receiver (paying `price` if set), declined, or withdrawn. */
export const OfferInput = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 200 })),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  price: Type.Optional(Nullable(Type.Number())),
  expiresAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  /** alternative to expiresAt; default OFFER_DEFAULT_HOURS */
  expiresInHours: Type.Optional(Type.Number({ minimum: 1, maximum: 24 * 30 })),
});
export type OfferInput = Static<typeof OfferInput>;

/** A fan asks the (creator) receiver for custom content, paying `price` on delivery. */
export const ContentRequestInput = Type.Object({
  description: Type.String({ minLength: 1, maxLength: 2000 }),
  price: Type.Optional(Nullable(Type.Number())),
  deadline: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
});
export type ContentRequestInput = Static<typeof ContentRequestInput>;

/**
 * POST /chats/{chatId}/messages as JSON, and the form a multipart request is converted to.
 * imageUrl/videoUrl/voiceUrl must be our own media URLs naming the sender's vault items.
 */
export const SendMessageBody = Type.Object(
  {
    text: Type.Optional(Type.String({ maxLength: MESSAGE_TEXT_MAX })),
    receiverId: Type.Optional(Type.String({ maxLength: 64 })),
    imageUrl: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
    videoUrl: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
    voiceUrl: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
    voiceDuration: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 86_400 }))),
    /** the quoted message's id (or the quoted message itself, of which only `id` is read) */
    quotedMessage: Type.Optional(Nullable(MediaRef)),
    mediaItemId: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
    selectedMediaItems: Type.Optional(Type.Array(MediaRef, { maxItems: MESSAGE_MEDIA_MAX })),
    /** creators only: the message's media is sold at `price` (3.00–200.00) */
    lockedContent: Type.Optional(Nullable(LockedContentInput)),
    /** 1.00–200.00 charged to the sender for the (creator) receiver, with the message */
    tipAmount: Type.Optional(Nullable(Type.Number())),
    offerDetails: Type.Optional(Nullable(OfferInput)),
    contentRequestDetails: Type.Optional(Nullable(ContentRequestInput)),
  },
  { additionalProperties: false },
);
export type SendMessageBody = Static<typeof SendMessageBody>;

export const SentMessageResponse = Type.Object({ message: Message });
export type SentMessageResponse = Static<typeof SentMessageResponse>;

export const DeleteMessageResponse = Type.Object({
  ok: Type.Literal(true),
  message: Message,
});
export type DeleteMessageResponse = Static<typeof DeleteMessageResponse>;

export const LikeMessageResponse = Type.Object({
  messageId: Type.String(),
  liked: Type.Boolean(),
  likedBy: Type.Array(Type.String()),
});
export type LikeMessageResponse = Static<typeof LikeMessageResponse>;

export const FavoriteMessageResponse = Type.Object({
  messageId: Type.String(),
  isFavorited: Type.Boolean(),
  favoritedBy: Type.Array(Type.String()),
});
export type FavoriteMessageResponse = Static<typeof FavoriteMessageResponse>;

export const ReadMessageResponse = Type.Object({
  messageId: Type.String(),
  read: Type.Boolean(),
  readBy: Type.Array(Type.String()),
});
export type ReadMessageResponse = Static<typeof ReadMessageResponse>;

export const ReadAllResponse = Type.Object({
  ok: Type.Literal(true),
  chatId: Type.String(),
  /** messages newly marked read */
  messageIds: Type.Array(Type.String()),
  unreadCount: Type.Integer(),
});
export type ReadAllResponse = Static<typeof ReadAllResponse>;

export const ReadMessagesBody = Type.Object(
  { messageIds: Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 200 }) },
  { additionalProperties: false },
);
export type ReadMessagesBody = Static<typeof ReadMessagesBody>;

export const ReadMessagesResponse = Type.Object({
  ok: Type.Literal(true),
  messageIds: Type.Array(Type.String()),
});
export type ReadMessagesResponse = Static<typeof ReadMessagesResponse>;

export const ReportMessageBody = Type.Object(
  {
    reason: Type.String({ minLength: 1, maxLength: 200 }),
    details: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type ReportMessageBody = Static<typeof ReportMessageBody>;

export const ReportResponse = Type.Object({
  ok: Type.Literal(true),
  reportId: Type.String(),
  status: Type.Literal('pending'),
});
export type ReportResponse = Static<typeof ReportResponse>;

export const MessagesSinceQuery = Type.Object({ since: SinceParam });
export type MessagesSinceQuery = Static<typeof MessagesSinceQuery>;

export const MessagesSinceResponse = Type.Object({
  messages: Type.Array(Message),
  /** pass as `since` next time */
  serverTime: Type.String(),
  hasMore: Type.Boolean(),
});
export type MessagesSinceResponse = Static<typeof MessagesSinceResponse>;

export const HideChatResponse = Type.Object({ ok: Type.Literal(true), chatId: Type.String() });
export type HideChatResponse = Static<typeof HideChatResponse>;

/** POST /chats/messages/{id}/unlock (Idempotency-Key honoured when sent). */
export const UnlockMessageResponse = Type.Object({
  ok: Type.Literal(true),
  messageId: Type.String(),
  isUnlocked: Type.Literal(true),
  price: Type.Number(),
  priceCents: Type.Integer(),
  transactionId: Type.String(),
  unlockedAt: Type.String(),
  /** the message as the buyer now sees it: originals included */
  message: Message,
});
export type UnlockMessageResponse = Static<typeof UnlockMessageResponse>;

/** PATCH /chats/messages/{id}/offer: receiver accepts/declines; sender withdraws (expired). */
export const OfferStatusBody = Type.Object(
  {
    status: Type.Union([
      Type.Literal('accepted'),
      Type.Literal('declined'),
      Type.Literal('expired'),
    ]),
  },
  { additionalProperties: false },
);
export type OfferStatusBody = Static<typeof OfferStatusBody>;

/**
 * PUT /chats/messages/{id}/content-request. Receiver (creator): accepted (optional new `price`,
 * `note`), declined, delivered (`deliveredMessageId` of a message they sent in this chat, or
 * `selectedMediaItems` from their vault, sent as a message locked at the request price).
 * Requester: cancelled.
 */
export const ContentRequestStatusBody = Type.Object(
  {
    status: Type.Union([
      Type.Literal('accepted'),
      Type.Literal('declined'),
      Type.Literal('delivered'),
      Type.Literal('cancelled'),
    ]),
    price: Type.Optional(Nullable(Type.Number())),
    note: Type.Optional(Type.String({ maxLength: 1000 })),
    deliveredMessageId: Type.Optional(Type.String({ maxLength: 64 })),
    selectedMediaItems: Type.Optional(Type.Array(MediaRef, { maxItems: MESSAGE_MEDIA_MAX })),
    text: Type.Optional(Type.String({ maxLength: MESSAGE_TEXT_MAX })),
  },
  { additionalProperties: false },
);
export type ContentRequestStatusBody = Static<typeof ContentRequestStatusBody>;

export const ChatMessageResponse = Type.Object({ message: Message });
export type ChatMessageResponse = Static<typeof ChatMessageResponse>;

export const MassMessageSegment = Type.Union([
  Type.Literal('subscribers'),
  Type.Literal('followers'),
  Type.Literal('group'),
]);
export type MassMessageSegment = Static<typeof MassMessageSegment>;

/**
 * POST /chats/mass-messages (creators): one 1:1 message to every member of a segment — active
 * subscribers, followers, or one of the caller's user groups (`userGroupId`) — sent by a
 * background job; blocked users are skipped. Optional lockedContent sells the media to each.
 */
export const MassMessageBody = Type.Object(
  {
    text: Type.Optional(Type.String({ maxLength: MESSAGE_TEXT_MAX })),
    segment: MassMessageSegment,
    userGroupId: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
    lockedContent: Type.Optional(Nullable(LockedContentInput)),
    selectedMediaItems: Type.Optional(Type.Array(MediaRef, { maxItems: MESSAGE_MEDIA_MAX })),
  },
  { additionalProperties: false },
);
export type MassMessageBody = Static<typeof MassMessageBody>;

export const MassMessage = Type.Object({
  id: Type.String(),
  /** the job id to poll: GET /chats/mass-messages/{id} */
  jobId: Type.String(),
  status: Type.Union([
    Type.Literal('queued'),
    Type.Literal('running'),
    Type.Literal('completed'),
    Type.Literal('failed'),
  ]),
  segment: MassMessageSegment,
  userGroupId: Nullable(Type.String()),
  text: Type.String(),
  price: Nullable(Type.Number()),
  recipientCount: Type.Integer(),
  sentCount: Type.Integer(),
  skippedCount: Type.Integer(),
  error: Nullable(Type.String()),
  createdAt: Type.String(),
  finishedAt: Nullable(Type.String()),
});
export type MassMessage = Static<typeof MassMessage>;

export const MassMessageResponse = Type.Object({ massMessage: MassMessage });
export type MassMessageResponse = Static<typeof MassMessageResponse>;
