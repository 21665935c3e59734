/**
 * Card provider calls (SPEC §7 "{card-provider}" = stripe): provider config, saved payment
 * methods, payout onboarding (connect) and the pro pack. Money calls carry one
 * Idempotency-Key per attempt, so a retry cannot charge twice.
 */
import type {
  CardProviderConfig,
  CheckoutResponse,
  ConnectResponse,
  ConnectStatus,
  PaymentMethod,
  PaymentMethodList,
  ProPackActionResponse,
  ProPackStatus,
  ProPackTransactions,
} from '@fanspace/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { validateSession } from '../auth/session.ts';
import { apiClient } from '../../lib/api/index.ts';
import { postKeys } from '../posts/queries.ts';

export const cardKeys = {
  all: ['card-provider'] as const,
  config: () => [...cardKeys.all, 'config'] as const,
  methods: () => [...cardKeys.all, 'methods'] as const,
  connect: () => [...cardKeys.all, 'connect'] as const,
  proPack: () => [...cardKeys.all, 'pro-pack'] as const,
  proPackHistory: () => [...cardKeys.all, 'pro-pack', 'history'] as const,
};

export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `pay-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function useCardProviderConfig() {
  return useQuery({
    queryKey: cardKeys.config(),
    queryFn: () => apiClient.get<CardProviderConfig>('/stripe/config'),
    staleTime: 5 * 60_000,
  });
}

// ---- payment methods ----

export function usePaymentMethods() {
  return useQuery({
    queryKey: cardKeys.methods(),
    queryFn: () => apiClient.get<PaymentMethodList>('/payments/payment-methods'),
  });
}

function useInvalidateMethods() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: cardKeys.methods() });
}

export function useAddPaymentMethod() {
  const invalidate = useInvalidateMethods();
  return useMutation({
    mutationFn: (input: { paymentMethodId: string; setAsDefault?: boolean }) =>
      apiClient.post<PaymentMethod>('/payments/payment-methods', input),
    onSuccess: invalidate,
  });
}

export function useRemovePaymentMethod() {
  const invalidate = useInvalidateMethods();
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.delete<{ ok: true }>(`/payments/payment-methods/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

export function useSetDefaultPaymentMethod() {
  const invalidate = useInvalidateMethods();
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.put<PaymentMethod>(`/payments/payment-methods/${encodeURIComponent(id)}/default`),
    onSuccess: invalidate,
  });
}

// ---- connect (creator payouts) ----

export function useConnectStatus(enabled: boolean) {
  return useQuery({
    queryKey: cardKeys.connect(),
    queryFn: () => apiClient.get<ConnectStatus>('/stripe/connect/status'),
    enabled,
  });
}

export function useConnect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<ConnectResponse>('/stripe/connect'),
    onSuccess: () => client.invalidateQueries({ queryKey: cardKeys.connect() }),
  });
}

export function useConnectLogin() {
  return useMutation({
    mutationFn: () => apiClient.post<{ url: string }>('/stripe/connect/login'),
  });
}

// ---- pro pack ----

export function useProPack() {
  return useQuery({
    queryKey: cardKeys.proPack(),
    queryFn: () => apiClient.get<ProPackStatus>('/pro-pack'),
  });
}

export function useProPackHistory() {
  return useQuery({
    queryKey: cardKeys.proPackHistory(),
    queryFn: () => apiClient.get<ProPackTransactions>('/stripe/pro-pack-transactions'),
  });
}

function useAfterProPackChange() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: cardKeys.all }),
      client.invalidateQueries({ queryKey: postKeys.walletBalance() }),
      client.invalidateQueries({ queryKey: ['wallet'] }),
      // the pro pack fields of the signed-in user (SPEC §3) come from /users/me
      validateSession(),
    ]);
}

export function useBuyProPack() {
  const after = useAfterProPackChange();
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      apiClient.post<CheckoutResponse>(
        '/stripe/create-subscription-checkout',
        { productType: 'pro_pack' },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    onSuccess: (result) => (result.completed ? after() : undefined),
  });
}

export function useCancelProPack() {
  const after = useAfterProPackChange();
  return useMutation({
    mutationFn: () =>
      apiClient.post<ProPackActionResponse>('/stripe/cancel-subscription', {
        productType: 'pro_pack',
      }),
    onSuccess: after,
  });
}

export function useRenewProPack() {
  const after = useAfterProPackChange();
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      apiClient.post<ProPackActionResponse>(
        '/stripe/renew-subscription',
        { productType: 'pro_pack' },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    onSuccess: after,
  });
}
