/** Spec §7 Notifications and push calls. Every call needs a signed-in user (spec §5). */
import type {
  ActorsResponse,
  NewNotificationsResponse,
  NotificationCheckResponse,
  NotificationPage,
  NotificationResponse,
  NotificationsChangedResponse,
  PushPublicKeyResponse,
  PushSubscribeResponse,
  PushTestResponse,
  PushUnsubscribeResponse,
  RelatedContentBody,
  RelatedContentResponse,
  UnreadCountResponse,
} from '@fanspace/contracts';
import { apiClient } from '../../lib/api/index.ts';

export const NOTIFICATION_PAGE_SIZE = 20;

export function fetchNotificationPage(
  options: { before?: string | null; limit?: number } = {},
): Promise<NotificationPage> {
  return apiClient.get<NotificationPage>('/notifications', {
    query: {
      limit: options.limit ?? NOTIFICATION_PAGE_SIZE,
      before: options.before ?? undefined,
    },
  });
}

export function checkNotifications(since?: string | null): Promise<NotificationCheckResponse> {
  return apiClient.get<NotificationCheckResponse>('/notifications/check', {
    query: { since: since ?? undefined },
  });
}

export function fetchNewNotifications(since?: string | null): Promise<NewNotificationsResponse> {
  return apiClient.get<NewNotificationsResponse>('/notifications/new', {
    query: { since: since ?? undefined },
  });
}

export function fetchUnreadCount(): Promise<UnreadCountResponse> {
  return apiClient.get<UnreadCountResponse>('/notifications/unread-count');
}

export function fetchActors(ids: string[]): Promise<ActorsResponse> {
  return apiClient.get<ActorsResponse>('/notifications/actors', {
    query: { ids: ids.join(',') },
  });
}

export function markNotificationRead(id: string): Promise<NotificationResponse> {
  return apiClient.put<NotificationResponse>(`/notifications/${encodeURIComponent(id)}/read`);
}

export function markAllNotificationsRead(): Promise<NotificationsChangedResponse> {
  return apiClient.put<NotificationsChangedResponse>('/notifications/mark-all-read');
}

export function deleteNotification(id: string): Promise<NotificationsChangedResponse> {
  return apiClient.delete<NotificationsChangedResponse>(`/notifications/${encodeURIComponent(id)}`);
}

export function deleteAllNotifications(): Promise<NotificationsChangedResponse> {
  return apiClient.delete<NotificationsChangedResponse>('/notifications/all');
}

export function fetchRelatedContent(body: RelatedContentBody): Promise<RelatedContentResponse> {
  return apiClient.post<RelatedContentResponse>('/notifications/related-content', body);
}

// ---- web push ----

export function fetchPushPublicKey(): Promise<PushPublicKeyResponse> {
  return apiClient.get<PushPublicKeyResponse>('/push-notifications/public-key');
}

/** The browser's `PushSubscription.toJSON()`, as is. */
export function savePushSubscription(
  subscription: PushSubscriptionJSON,
): Promise<PushSubscribeResponse> {
  return apiClient.post<PushSubscribeResponse>('/push-notifications/subscribe', subscription);
}

export function removePushSubscription(endpoint: string): Promise<PushUnsubscribeResponse> {
  return apiClient.post<PushUnsubscribeResponse>('/push-notifications/unsubscribe', { endpoint });
}

export function sendTestPush(): Promise<PushTestResponse> {
  return apiClient.post<PushTestResponse>('/push-notifications/test');
}
