/**
 * Fan subscriptions (POST /subscriptions, GET /users/me/subscriptions). A subscription is a
 * money call: each attempt carries one Idempotency-Key, so a retry cannot charge twice.
 */
import type { SubscribeResponse, Subscription, SubscriptionList } from '@fanspace/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api/index.ts';
import { requirePayer } from '../auth/require-payer.ts';
import { useAuthStore } from '../auth/store.ts';
import { postKeys } from '../posts/queries.ts';
import { refreshWallet } from '../wallet/queries.ts';
import { profileKeys } from './queries.ts';

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  mine: () => [...subscriptionKeys.all, 'mine'] as const,
};

export function fetchMySubscriptions(): Promise<SubscriptionList> {
  return apiClient.get<SubscriptionList>('/users/me/subscriptions');
}

export function subscribeTo(
  creatorId: string,
  idempotencyKey: string,
  promoCode?: string,
): Promise<SubscribeResponse> {
  return apiClient.post<SubscribeResponse>(
    '/subscriptions',
    { creatorId, ...(promoCode ? { promoCode } : {}) },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

/** Paid access runs to the period end, also after a cancel. */
export function hasAccess(subscription: Subscription, now = Date.now()): boolean {
  return (
    subscription.status !== 'expired' && new Date(subscription.currentPeriodEnd).getTime() > now
  );
}

/** The caller's subscriptions (Subscribe / Subscribed buttons; a profile's prefetch). */
export const mySubscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.mine(),
    queryFn: fetchMySubscriptions,
    staleTime: 30_000,
  });

export function useMySubscriptionsQuery() {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  return useQuery({ ...mySubscriptionsQueryOptions(), enabled: signedIn });
}

export function useSubscribeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      creatorId,
      idempotencyKey,
      promoCode,
    }: {
      creatorId: string;
      idempotencyKey: string;
      promoCode?: string;
    }) => {
      // SPEC §5: no session, no payment ('You must be logged in to make a payment.')
      requirePayer();
      return subscribeTo(creatorId, idempotencyKey, promoCode);
    },
    onSuccess: () =>
      Promise.all([
        // subscriber-only posts unlock, the wallet shrinks and the creator's count grows
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
        queryClient.invalidateQueries({ queryKey: postKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
        refreshWallet(queryClient),
      ]),
  });
}

/** DELETE /subscriptions/{id}: no renewal, no refund, access to the end of the paid period. */
export function cancelSubscription(id: string): Promise<Subscription> {
  return apiClient.delete<Subscription>(`/subscriptions/${encodeURIComponent(id)}`);
}

/** PUT /subscriptions/{id}/recurring: turning renewal back on also undoes a cancel. */
export function setRecurring(id: string, isRecurring: boolean): Promise<Subscription> {
  return apiClient.put<Subscription>(`/subscriptions/${encodeURIComponent(id)}/recurring`, {
    isRecurring,
  });
}

/** Cancel or switch renewal; the list is updated from the server's answer. */
export function useSubscriptionChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: string; action: 'cancel' | 'renew-on' | 'renew-off' }) =>
      change.action === 'cancel'
        ? cancelSubscription(change.id)
        : setRecurring(change.id, change.action === 'renew-on'),
    onSuccess: (updated) => {
      queryClient.setQueryData<SubscriptionList>(subscriptionKeys.mine(), (list) =>
        list
          ? {
              subscriptions: list.subscriptions.map((s) =>
                s.id === updated.id ? { ...s, ...updated, creator: s.creator } : s,
              ),
            }
          : list,
      );
      return queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
    },
  });
}
