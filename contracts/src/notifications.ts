import { Type, type Static } from '@sinclair/typebox';
import { Nullable, PageInfo, SinceParam } from './common.ts';
import { Post } from './posts.ts';
import { PublicUser } from './users.ts';

/**
 * Notifications (SPEC §3 Notification, §4 Notifications, §7 Notifications, §9). Web push
 * (`/push-notifications/*`) is not part of this round.
 */

export const NOTIFICATION_TYPES = [
  'follow',
  'like',
  'comment',
  'mention',
  'subscription',
  'tip',
  'purchase',
  'message',
  'payout',
  'admin',
  'system',
  'collaboration',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * SPEC §3: "A system actor has the fixed id {hash}". Notifications without a user behind them
 * (system, admin broadcasts, payouts) carry this actorId and `actor: null`; compare with this
 * constant, never with a user id.
 */
export const SYSTEM_ACTOR_ID = '{hash}';

/** SPEC §9: the shell polls unread-count / check every 60 s. */
export const NotificationPaging = { defaultLimit: 20, maxLimit: 100, maxNew: 100 } as const;

export const NotificationTypeSchema = Type.Union([
  Type.Literal('follow'),
  Type.Literal('like'),
  Type.Literal('comment'),
  Type.Literal('mention'),
  Type.Literal('subscription'),
  Type.Literal('tip'),
  Type.Literal('purchase'),
  Type.Literal('message'),
  Type.Literal('payout'),
  Type.Literal('admin'),
  Type.Literal('system'),
  Type.Literal('collaboration'),
]);

export const Notification = Type.Object({
  id: Type.String(),
  notificationId: Type.String(),
  type: NotificationTypeSchema,
  /** a user id, or SYSTEM_ACTOR_ID */
  actorId: Type.String(),
  actor: Nullable(PublicUser),
  relatedId: Nullable(Type.String()),
  /** 'post' | 'user' | 'chat' | 'comment' | … */
  relatedType: Nullable(Type.String()),
  data: Type.Record(Type.String(), Type.Unknown()),
  isRead: Type.Boolean(),
  createdAt: Type.String(),
});
export type Notification = Static<typeof Notification>;

export const NotificationListQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  limit: Type.Integer({
    minimum: 1,
    maximum: NotificationPaging.maxLimit,
    default: NotificationPaging.defaultLimit,
  }),
  /** keyset cursor (`nextCursor` of the previous page); when given, `page` is ignored */
  before: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  unreadOnly: Type.Optional(Type.Boolean()),
});
export type NotificationListQuery = Static<typeof NotificationListQuery>;

export const NotificationPage = Type.Object({
  notifications: Type.Array(Notification),
  unreadCount: Type.Integer(),
  nextCursor: Nullable(Type.String()),
  ...PageInfo.properties,
});
export type NotificationPage = Static<typeof NotificationPage>;

export const SinceQuery = Type.Object({ since: Type.Optional(SinceParam) });
export type SinceQuery = Static<typeof SinceQuery>;

export const NotificationCheckResponse = Type.Object({
  hasNew: Type.Boolean(),
  unreadCount: Type.Integer(),
});
export type NotificationCheckResponse = Static<typeof NotificationCheckResponse>;

export const NewNotificationsResponse = Type.Object({
  notifications: Type.Array(Notification),
  /** pass as `since` next time */
  serverTime: Type.String(),
});
export type NewNotificationsResponse = Static<typeof NewNotificationsResponse>;

export const UnreadCountResponse = Type.Object({ count: Type.Integer() });
export type UnreadCountResponse = Static<typeof UnreadCountResponse>;

/**
 * `ids=a,b,c` (comma separated) or repeated `ids=a&ids=b` (a lone value arrives as a one-item
 * array); the server joins then splits them and looks up at most 100.
 */
export const ActorsQuery = Type.Object({
  ids: Type.Array(Type.String({ maxLength: 4000 }), { minItems: 1, maxItems: 100 }),
});
export type ActorsQuery = Static<typeof ActorsQuery>;

export const ActorsResponse = Type.Object({ users: Type.Array(PublicUser) });
export type ActorsResponse = Static<typeof ActorsResponse>;

export const NotificationIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export type NotificationIdParams = Static<typeof NotificationIdParams>;

export const NotificationResponse = Type.Object({ notification: Notification });
export type NotificationResponse = Static<typeof NotificationResponse>;

export const NotificationsChangedResponse = Type.Object({
  ok: Type.Literal(true),
  /** rows marked read or deleted */
  count: Type.Integer(),
});
export type NotificationsChangedResponse = Static<typeof NotificationsChangedResponse>;

/**
 * POST /notifications/related-content: the posts and users a list of notifications points at,
 * by notification ids or by explicit {relatedId, relatedType} pairs.
 */
export const RelatedContentBody = Type.Object(
  {
    ids: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 })),
    items: Type.Optional(
      Type.Array(
        Type.Object({
          relatedId: Type.String({ maxLength: 64 }),
          relatedType: Type.String({ maxLength: 32 }),
        }),
        { maxItems: 100 },
      ),
    ),
  },
  { additionalProperties: false },
);
export type RelatedContentBody = Static<typeof RelatedContentBody>;

export const RelatedContentResponse = Type.Object({
  /** keyed by post id; hidden, deleted or unknown posts are left out */
  posts: Type.Record(Type.String(), Post),
  /** keyed by user id */
  users: Type.Record(Type.String(), PublicUser),
});
export type RelatedContentResponse = Static<typeof RelatedContentResponse>;
