import {
  ActorsQuery,
  ActorsResponse,
  ErrorCodes,
  NewNotificationsResponse,
  NotificationCheckResponse,
  NotificationIdParams,
  NotificationListQuery,
  NotificationPage,
  NotificationResponse,
  NotificationsChangedResponse,
  RelatedContentBody,
  RelatedContentResponse,
  routeErrors,
  SinceQuery,
  UnreadCountResponse,
} from '@fanspace/contracts';
import type { App } from '../../platform/http/app.ts';
import { currentUser, perUserLimit } from '../graph/route-helpers.ts';
import { signedInViewer } from '../posts/post-views.ts';
import { bindNotificationDelivery } from './notify.ts';
import {
  actors,
  checkNotifications,
  deleteAllNotifications,
  deleteNotification,
  listNotifications,
  markAllRead,
  markRead,
  newNotifications,
  unreadCount,
} from './notifications.service.ts';
import { relatedContent } from './related-content.service.ts';

const tags = ['notifications'];
const E = ErrorCodes;
const bad = routeErrors(E.VALIDATION_FAILED);
const missing = routeErrors(E.NOTIFICATION_NOT_FOUND);
/** every open tab polls every 60 s (SPEC §9); this leaves room for many tabs and refetches */
const READ_LIMIT = perUserLimit(240, '1 minute');
const WRITE_LIMIT = perUserLimit(120, '1 minute');

/**
 * SPEC §7 Notifications. All routes are the signed-in user's own (SPEC §5: fetching needs
 * authentication); another user's notification id is a 404 like an unknown one.
 */
export async function notificationsRoutes(app: App) {
  const { ctx } = app;
  const { db } = ctx;
  bindNotificationDelivery(ctx);

  app.get(
    '/notifications',
    {
      config: { auth: 'user', rateLimit: READ_LIMIT },
      schema: {
        tags,
        summary: 'Own notifications, newest first (page/limit, or the `before` keyset cursor)',
        querystring: NotificationListQuery,
        response: { 200: NotificationPage, 400: bad },
      },
    },
    async (request) => listNotifications(db, currentUser(request).id, request.query),
  );

  app.get(
    '/notifications/check',
    {
      config: { auth: 'user', rateLimit: READ_LIMIT },
      schema: {
        tags,
        summary: 'Whether anything arrived since `since`, else since the last list fetch',
        querystring: SinceQuery,
        response: { 200: NotificationCheckResponse, 400: bad },
      },
    },
    async (request) => checkNotifications(db, currentUser(request).id, request.query.since),
  );

  app.get(
    '/notifications/new',
    {
      config: { auth: 'user', rateLimit: READ_LIMIT },
      schema: {
        tags,
        summary: 'Notifications created after `since` (at most 100, newest first)',
        querystring: SinceQuery,
        response: { 200: NewNotificationsResponse, 400: bad },
      },
    },
    async (request) => newNotifications(db, currentUser(request).id, request.query.since),
  );

  app.get(
    '/notifications/unread-count',
    {
      config: { auth: 'user', rateLimit: READ_LIMIT },
      schema: { tags, summary: 'Unread notifications', response: { 200: UnreadCountResponse } },
    },
    async (request) => unreadCount(db, currentUser(request).id),
  );

  app.get(
    '/notifications/actors',
    {
      config: { auth: 'user', rateLimit: READ_LIMIT },
      schema: {
        tags,
        summary: 'Public profiles of users by id (`ids=a,b` or `ids=a&ids=b`, at most 100)',
        querystring: ActorsQuery,
        response: { 200: ActorsResponse, 400: bad },
      },
    },
    async (request) => actors(db, currentUser(request).id, request.query.ids),
  );

  app.put(
    '/notifications/mark-all-read',
    {
      config: { auth: 'user', rateLimit: WRITE_LIMIT },
      schema: {
        tags,
        summary: 'Mark every own notification read',
        response: { 200: NotificationsChangedResponse },
      },
    },
    async (request) => markAllRead(db, currentUser(request).id),
  );

  app.put(
    '/notifications/:id/read',
    {
      config: { auth: 'user', rateLimit: WRITE_LIMIT },
      schema: {
        tags,
        summary: 'Mark one own notification read (idempotent)',
        params: NotificationIdParams,
        response: { 200: NotificationResponse, 404: missing },
      },
    },
    async (request) => markRead(db, currentUser(request).id, request.params.id),
  );

  app.delete(
    '/notifications/all',
    {
      config: { auth: 'user', rateLimit: WRITE_LIMIT },
      schema: {
        tags,
        summary: 'Delete every own notification',
        response: { 200: NotificationsChangedResponse },
      },
    },
    async (request) => deleteAllNotifications(db, currentUser(request).id),
  );

  app.delete(
    '/notifications/:id',
    {
      config: { auth: 'user', rateLimit: WRITE_LIMIT },
      schema: {
        tags,
        summary: 'Delete one own notification',
        params: NotificationIdParams,
        response: { 200: NotificationsChangedResponse, 404: missing },
      },
    },
    async (request) => deleteNotification(db, currentUser(request).id, request.params.id),
  );

  app.post(
    '/notifications/related-content',
    {
      config: { auth: 'user', rateLimit: READ_LIMIT },
      schema: {
        tags,
        summary:
          'Posts and users that notifications point at, by notification ids or {relatedId, relatedType} items',
        body: RelatedContentBody,
        response: { 200: RelatedContentResponse, 400: bad },
      },
    },
    async (request) => relatedContent(ctx, signedInViewer(request), request.body),
  );
}
