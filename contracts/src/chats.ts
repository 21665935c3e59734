import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.ts';
import { PresentedMedia } from './media.ts';
import { PublicUser } from './users.ts';

/**
 * Chats and messages (SPEC §3 Message, Chat; §4 Messages; §5; §7 Chats; §9). Paid parts of a
 * message (lockedContent, tipAmount, offerDetails, contentRequestDetails) are accepted by the
 * schema so they are never silently stripped, and refused with FEATURE_UNAVAILABLE until the
 * ledger lands.
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
  /** '' once deleted */
  text: Type.String(),
  quotedMessage: Nullable(QuotedMessage),
  imageUrl: Nullable(Type.String()),
  videoUrl: Nullable(Type.String()),
  voiceUrl: Nullable(Type.String()),
  voiceDuration: Nullable(Type.Number()),
  mediaItems: Type.Array(PresentedMedia),
  updatedAt: Type.String(),
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
});
export type MessagePage = Static<typeof MessagePage>;

const MediaRef = Type.Union([
  Type.String({ maxLength: 64 }),
  Type.Object({ id: Type.String({ maxLength: 64 }) }),
]);

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
    // paid parts: refused with FEATURE_UNAVAILABLE for now (extension point for the ledger)
    lockedContent: Type.Optional(Type.Unknown()),
    tipAmount: Type.Optional(Type.Unknown()),
    offerDetails: Type.Optional(Type.Unknown()),
    contentRequestDetails: Type.Optional(Type.Unknown()),
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

export const MessagesSinceQuery = Type.Object({ since: Type.String({ format: 'date-time' }) });
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
