/**
 * Referrals (issue 9): my code, link, counts, the people I referred (keyset pages) and my
 * referral earnings; and the public check of a code a visitor arrived with.
 */
import type { AdminUserReferrals, ReferralCodeCheck, ReferralsOverview } from '@fanspace/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api/index.ts';

export const REFERRALS_PAGE_SIZE = 20;

export const referralKeys = {
  all: ['referrals'] as const,
  overview: () => [...referralKeys.all, 'overview'] as const,
  code: (code: string) => [...referralKeys.all, 'code', code] as const,
};

export function fetchReferrals(cursor: string | null): Promise<ReferralsOverview> {
  return apiClient.get<ReferralsOverview>('/referrals', {
    query: { limit: REFERRALS_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
  });
}

export function checkReferralCode(code: string): Promise<ReferralCodeCheck> {
  return apiClient.get<ReferralCodeCheck>(`/referrals/code/${encodeURIComponent(code)}`, {
    token: null,
  });
}

/** Pages of the overview: the first page's code, counts and earnings; later pages add people. */
export function useReferralsQuery() {
  return useInfiniteQuery({
    queryKey: referralKeys.overview(),
    queryFn: ({ pageParam }) => fetchReferrals(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : null),
  });
}

/** A 404 is an answer (the code is unknown), not something to retry. */
export function useReferralCodeQuery(code: string | null) {
  return useQuery({
    queryKey: referralKeys.code(code ?? ''),
    queryFn: () => checkReferralCode(code ?? ''),
    enabled: code !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

export function fetchAdminUserReferrals(userId: string): Promise<AdminUserReferrals> {
  return apiClient.get<AdminUserReferrals>(`/admin/users/${encodeURIComponent(userId)}/referrals`);
}

/** The back office's referral facts of one account (user detail drawer). */
export function useAdminUserReferralsQuery(userId: string) {
  return useQuery({
    queryKey: [...referralKeys.all, 'admin', userId] as const,
    queryFn: () => fetchAdminUserReferrals(userId),
  });
}
