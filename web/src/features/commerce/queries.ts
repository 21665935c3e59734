/** Query keys and hooks of the commerce extras; every mutation refreshes its own list. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from './api.ts';

export const commerceKeys = {
  all: ['commerce'] as const,
  wishlist: (userId: string) => [...commerceKeys.all, 'wishlist', userId] as const,
  qanda: (userId: string) => [...commerceKeys.all, 'qanda', userId] as const,
  promotions: () => [...commerceKeys.all, 'promotions'] as const,
  discounts: (creatorId: string) => [...commerceKeys.all, 'discounts', creatorId] as const,
  claim: (token: string) => [...commerceKeys.all, 'claim', token] as const,
  promoCodes: () => [...commerceKeys.all, 'promo-codes'] as const,
  taxDocuments: () => [...commerceKeys.all, 'tax-documents'] as const,
  statements: () => [...commerceKeys.all, 'statements'] as const,
};

export const useWishlistQuery = (userId: string) =>
  useQuery({ queryKey: commerceKeys.wishlist(userId), queryFn: () => api.fetchWishlist(userId) });
export const useQandaQuery = (userId: string) =>
  useQuery({ queryKey: commerceKeys.qanda(userId), queryFn: () => api.fetchQanda(userId) });
export const usePromotionsQuery = () =>
  useQuery({ queryKey: commerceKeys.promotions(), queryFn: api.fetchPromotions });
/** A creator's public offers (the profile page, and its prefetch: profile/prefetch.ts). */
export const discountsQueryOptions = (creatorId: string) =>
  queryOptions({
    queryKey: commerceKeys.discounts(creatorId),
    queryFn: () => api.fetchDiscounts(creatorId),
  });
export const useDiscountsQuery = (creatorId: string, enabled = true) =>
  useQuery({ ...discountsQueryOptions(creatorId), enabled });
export const useClaimQuery = (token: string) =>
  useQuery({ queryKey: commerceKeys.claim(token), queryFn: () => api.fetchClaim(token) });
export const usePromoCodesQuery = () =>
  useQuery({ queryKey: commerceKeys.promoCodes(), queryFn: api.fetchPromoCodes });
export const useTaxDocumentsQuery = () =>
  useQuery({ queryKey: commerceKeys.taxDocuments(), queryFn: api.fetchTaxDocuments });
export const useStatementsQuery = () =>
  useQuery({ queryKey: commerceKeys.statements(), queryFn: api.fetchStatements });

/** A mutation that refreshes every commerce list when it succeeds. */
export function useCommerceMutation<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: commerceKeys.all }),
  });
}
