/**
 * Fan subscriptions (POST /subscriptions, GET /users/me/subscriptions). A subscription is a
 * money call: each attempt carries one Idempotency-Key, so a retry cannot charge twice.
 */
import type { SubscribeResponse, Subscription, SubscriptionList } from '@fanspace/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api/index.ts';
import { useAuthStore } from '../auth/store.ts';
import { postKeys } from '../posts/queries.ts';
import { profileKeys } from './queries.ts';

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  mine: () => [...subscriptionKeys.all, 'mine'] as const,
};

export function fetchMySubscriptions(): Promise<SubscriptionList> {
  return apiClient.get<SubscriptionList>('/users/me/subscriptions');
}

export function subscribeTo(creatorId: string, idempotencyKey: string): Promise<SubscribeResponse> {
  return apiClient.post<SubscribeResponse>(
    '/subscriptions',
    { creatorId },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

/** Paid access runs to the period end, also after a cancel. */
export function hasAccess(subscription: Subscription, now = Date.now()): boolean {
  return (
    subscription.status !== 'expired' && new Date(subscription.currentPeriodEnd).getTime() > now
  );
}

export function useMySubscriptionsQuery() {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  return useQuery({
    queryKey: subscriptionKeys.mine(),
    queryFn: fetchMySubscriptions,
    enabled: signedIn,
    staleTime: 30_000,
  });
}

export function useSubscribeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ creatorId, idempotencyKey }: { creatorId: string; idempotencyKey: string }) =>
      subscribeTo(creatorId, idempotencyKey),
    onSuccess: () =>
      Promise.all([
        // subscriber-only posts unlock, the wallet shrinks and the creator's count grows
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
        queryClient.invalidateQueries({ queryKey: postKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ]),
  });
}
