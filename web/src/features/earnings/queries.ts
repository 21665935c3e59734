/**
 * Creator earnings and payouts (SPEC §7 Payments and earnings): the overview, payout requests
 * (a money POST: one Idempotency-Key per attempt), the payout history and the schedule.
 */
import type {
  EarningsOverviewDetailed,
  PayoutResponse,
  PayoutScheduleName,
  PayoutScheduleView,
  PayoutsPage,
} from '@fanspace/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api/index.ts';

export const PAYOUTS_PAGE_SIZE = 10;

export const earningsKeys = {
  all: ['earnings'] as const,
  overview: () => [...earningsKeys.all, 'overview'] as const,
  payouts: (page: number) => [...earningsKeys.all, 'payouts', page] as const,
  schedule: () => [...earningsKeys.all, 'schedule'] as const,
};

export function fetchEarningsOverview(): Promise<EarningsOverviewDetailed> {
  return apiClient.get<EarningsOverviewDetailed>('/earnings/overview');
}

export function fetchPayouts(page: number): Promise<PayoutsPage> {
  return apiClient.get<PayoutsPage>('/earnings/payouts', {
    query: { page, limit: PAYOUTS_PAGE_SIZE },
  });
}

export function requestPayout(amount: number, idempotencyKey: string): Promise<PayoutResponse> {
  return apiClient.post<PayoutResponse>(
    '/earnings/payout',
    { amount },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

export function fetchPayoutSchedule(): Promise<PayoutScheduleView> {
  return apiClient.get<PayoutScheduleView>('/payments/payouts/schedule');
}

export function savePayoutSchedule(schedule: PayoutScheduleName): Promise<PayoutScheduleView> {
  return apiClient.put<PayoutScheduleView>('/payments/payouts/schedule', { schedule });
}

export function useEarningsOverviewQuery(enabled = true) {
  return useQuery({ queryKey: earningsKeys.overview(), queryFn: fetchEarningsOverview, enabled });
}

export function usePayoutsQuery(page: number) {
  return useQuery({ queryKey: earningsKeys.payouts(page), queryFn: () => fetchPayouts(page) });
}

export function usePayoutScheduleQuery() {
  return useQuery({ queryKey: earningsKeys.schedule(), queryFn: fetchPayoutSchedule });
}

export function useRequestPayoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ amount, idempotencyKey }: { amount: number; idempotencyKey: string }) =>
      requestPayout(amount, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: earningsKeys.all }),
  });
}

export function useSavePayoutScheduleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutSchedule,
    onSuccess: (view) => queryClient.setQueryData(earningsKeys.schedule(), view),
  });
}
