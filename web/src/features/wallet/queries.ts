/**
 * Wallet (SPEC §7 Payments): balance, test top-ups and the transaction history. Top-ups are
 * money calls, so each attempt carries one Idempotency-Key.
 */
import type { TransactionsPage, WalletTopUp } from '@fanspace/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api/index.ts';
import { postKeys } from '../posts/queries.ts';

export const TRANSACTIONS_PAGE_SIZE = 20;

export const walletKeys = {
  all: ['wallet'] as const,
  transactions: (page: number) => [...walletKeys.all, 'transactions', page] as const,
};

/** After money moved (unlock, subscription, tip, accepted offer): the balance and history. */
export function refreshWallet(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: postKeys.walletBalance() }),
    client.invalidateQueries({ queryKey: walletKeys.all }),
  ]);
}

export function addTestFunds(amount: number, idempotencyKey: string): Promise<WalletTopUp> {
  return apiClient.post<WalletTopUp>(
    '/stripe/add-test-funds',
    { amount },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

export function fetchTransactions(page: number): Promise<TransactionsPage> {
  return apiClient.get<TransactionsPage>('/users/me/transactions', {
    query: { page, limit: TRANSACTIONS_PAGE_SIZE },
  });
}

export function useTransactionsQuery(page: number) {
  return useQuery({
    queryKey: walletKeys.transactions(page),
    queryFn: () => fetchTransactions(page),
  });
}

export function useAddTestFundsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ amount, idempotencyKey }: { amount: number; idempotencyKey: string }) =>
      addTestFunds(amount, idempotencyKey),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: walletKeys.all }),
        // the unlock and subscribe dialogs read the balance through this key
        queryClient.invalidateQueries({ queryKey: postKeys.walletBalance() }),
      ]),
  });
}
