/**
 * The back office's calls (SPEC §7 Admin) and their TanStack Query keys. Every route needs an
 * admin account with 2FA; the server answers 403 otherwise and the pages show its message.
 */
import type {
  ActivityResponse,
  AdminCommentsResponse,
  AdminDashboardResponse,
  AdminEarningsResponse,
  AdminFinancials,
  AdminPostsResponse,
  AdminProcessPayoutBody,
  AdminRefundBody,
  AdminReportsResponse,
  AdminTransactionsResponse,
  AdminUpdateUserBody,
  AdminUserResponse,
  AdminUsersQuery,
  AdminUsersResponse,
  AdminVerification,
  AdminVerificationsResponse,
  BulkResolveResponse,
  GrantFreeProBody,
  GrantFreeProResponse,
  GrowthStatsResponse,
  Payout,
  PayoutsPage,
  PayoutStatusName,
  PlatformSettings,
  RefundResponse,
  ReportAction,
  ResolvedReportResponse,
  SystemLogsQuery,
  AdminSupportTicketsQuery,
  SupportThreadResponse,
  SupportTicketsPage,
  SystemNotificationBody,
  UpdatePlatformSettingsBody,
} from '@fanspace/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../lib/api/index.ts';

export type ReportStatus = 'pending' | 'resolved' | 'dismissed';

export interface WaitlistEntry {
  id: string;
  email: string;
  userType: string;
  createdAt: string;
  invitedAt: string | null;
}
export interface WaitlistResponse {
  entries: WaitlistEntry[];
  total: number;
  page: number;
  currentPage: number;
  totalPages: number;
  hasMore: boolean;
}

export type LogLevel = NonNullable<SystemLogsQuery['level']>;
export type SupportQueueStatus = NonNullable<AdminSupportTicketsQuery['status']>;
export type LogRecord = Record<string, unknown>;

export const adminKeys = {
  all: ['admin'] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  financials: () => [...adminKeys.all, 'financials'] as const,
  growth: (days: number) => [...adminKeys.all, 'growth', days] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (query: Partial<AdminUsersQuery>) => [...adminKeys.users(), query] as const,
  reports: () => [...adminKeys.all, 'reports'] as const,
  reportList: (status: ReportStatus, page: number) =>
    [...adminKeys.reports(), status, page] as const,
  verifications: () => [...adminKeys.all, 'verifications'] as const,
  verificationList: (queue: string, page: number) =>
    [...adminKeys.verifications(), queue, page] as const,
  posts: () => [...adminKeys.all, 'posts'] as const,
  postComments: (postId: string) => [...adminKeys.posts(), 'comments', postId] as const,
  postList: (page: number, search: string, reported: boolean) =>
    [...adminKeys.posts(), page, search, reported] as const,
  activity: (page: number, action: string) => [...adminKeys.all, 'activity', page, action] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
  waitlist: (page: number) => [...adminKeys.all, 'waitlist', page] as const,
  transactions: (page: number, kind: string) =>
    [...adminKeys.all, 'transactions', page, kind] as const,
  earnings: (page: number) => [...adminKeys.all, 'earnings', page] as const,
  payouts: (status: PayoutStatusName, page: number) =>
    [...adminKeys.all, 'payouts', status, page] as const,
  logs: (limit: number, level: LogLevel | '') => [...adminKeys.all, 'logs', limit, level] as const,
  support: () => [...adminKeys.all, 'support'] as const,
  supportList: (status: SupportQueueStatus, page: number, search: string) =>
    [...adminKeys.support(), 'list', status, page, search] as const,
  supportTicket: (id: string) => [...adminKeys.support(), 'ticket', id] as const,
};

// ---- reads ----

export const fetchDashboard = () => apiClient.get<AdminDashboardResponse>('/admin/dashboard');
export const fetchFinancials = () => apiClient.get<AdminFinancials>('/admin/financials');
export const fetchGrowth = (days: number) =>
  apiClient.get<GrowthStatsResponse>('/admin/growth-stats', { query: { days } });

export function fetchUsers(query: Partial<AdminUsersQuery>) {
  return apiClient.get<AdminUsersResponse>('/admin/users', {
    query: {
      page: query.page,
      limit: query.limit ?? 20,
      search: query.search || undefined,
      role: query.role,
      status: query.status,
      sort: query.sort,
    },
  });
}

export const fetchReports = (status: ReportStatus, page: number) =>
  apiClient.get<AdminReportsResponse>('/admin/reports', { query: { status, page, limit: 20 } });

export function fetchVerifications(queue: 'pending' | 'all', page: number) {
  return queue === 'pending'
    ? apiClient.get<AdminVerificationsResponse>('/admin/verifications/pending', {
        query: { page, limit: 20 },
      })
    : apiClient.get<AdminVerificationsResponse>('/admin/verification-submissions', {
        query: { page, limit: 20 },
      });
}

export const fetchPosts = (page: number, search: string, reported: boolean) =>
  apiClient.get<AdminPostsResponse>('/admin/posts', {
    query: { page, limit: 20, search: search || undefined, reported: reported || undefined },
  });

export const fetchActivity = (page: number, action: string) =>
  apiClient.get<ActivityResponse>('/admin/activity', {
    query: { page, limit: 50, action: action || undefined },
  });

export const fetchSettings = () => apiClient.get<PlatformSettings>('/admin/settings');

export const fetchWaitlist = (page: number) =>
  apiClient.get<WaitlistResponse>('/admin/waitlist', { query: { page, limit: 20 } });

export const fetchLogs = (limit: number, level: LogLevel | '') =>
  apiClient.get<{ logs: LogRecord[] }>('/admin/system/logs', {
    query: { limit, level: level || undefined },
  });

export const fetchTransactions = (page: number, kind: string) =>
  apiClient.get<AdminTransactionsResponse>('/admin/transactions', {
    query: { page, limit: 50, kind: kind || undefined },
  });

export const fetchEarnings = (page: number) =>
  apiClient.get<AdminEarningsResponse>('/admin/earnings', { query: { page, limit: 20 } });

export const inviteFromWaitlist = (id: string) =>
  apiClient.post<{ message: string; email: string; invitedAt: string }>(
    `/admin/waitlist/${encodeURIComponent(id)}/invite`,
  );

export const fetchPayouts = (status: PayoutStatusName, page: number) =>
  apiClient.get<PayoutsPage>('/admin/payouts', { query: { status, page, limit: 20 } });

/** A document behind its short-lived admin URL, as a blob (the route needs the bearer token). */
export function fetchDocument(url: string): Promise<Blob> {
  const path = url.startsWith('/api/') ? url.slice(4) : url;
  return apiClient.get<Blob>(path, { responseType: 'blob' });
}

export async function exportUsers(format: 'csv' | 'json'): Promise<Blob> {
  return apiClient.get<Blob>('/admin/export/users', { query: { format }, responseType: 'blob' });
}

export const fetchSupportTickets = (status: SupportQueueStatus, page: number, search: string) =>
  apiClient.get<SupportTicketsPage>('/admin/support-tickets', {
    query: { status, page, limit: 20, search: search.trim() || undefined },
  });

export const fetchSupportTicket = (id: string) =>
  apiClient.get<SupportThreadResponse>(`/admin/support-tickets/${encodeURIComponent(id)}`);

// ---- writes ----

export type UserAction =
  'ban' | 'unban' | 'suspend' | 'unsuspend' | 'warn' | 'verify' | 'promote' | 'cancel-promotion';

export const userAction = (id: string, action: UserAction, body: Record<string, unknown>) =>
  apiClient.post<AdminUserResponse>(`/admin/users/${id}/${action}`, body);

export const updateUser = (id: string, body: AdminUpdateUserBody) =>
  apiClient.put<AdminUserResponse>(`/admin/users/${id}`, body);

export const deleteUser = (id: string, reason?: string) =>
  apiClient.delete<{ ok: true; message: string }>(`/admin/users/${id}`, {
    body: reason ? { reason } : {},
  });

export const bulkResolveReports = (reportIds: string[], action: ReportAction) =>
  apiClient.post<BulkResolveResponse>('/admin/reports/bulk-resolve', { reportIds, action });

export const resolveReport = (id: string, action: ReportAction, notes?: string) =>
  apiClient.post<ResolvedReportResponse>(`/admin/reports/${id}/resolve`, {
    action,
    ...(notes ? { notes } : {}),
  });

export const approveVerification = (id: string) =>
  apiClient.post<{ verification: AdminVerification; message: string }>(
    `/admin/verifications/${id}/approve`,
  );

export const rejectVerification = (id: string, reason: string) =>
  apiClient.post<{ verification: AdminVerification; message: string }>(
    `/admin/verifications/${id}/reject`,
    { reason },
  );

export const fetchPostComments = (postId: string) =>
  apiClient.get<AdminCommentsResponse>(`/admin/posts/${encodeURIComponent(postId)}/comments`);

export const deleteComment = (postId: string, commentId: string) =>
  apiClient.delete<{ ok: true; message: string }>(
    `/admin/posts/${encodeURIComponent(postId)}/comments/${encodeURIComponent(commentId)}`,
  );

export const deletePost = (id: string, reason?: string) =>
  apiClient.delete<{ ok: true; postId: string; message: string }>(`/admin/posts/${id}`, {
    body: reason ? { reason } : {},
  });

export const saveSettings = (body: UpdatePlatformSettingsBody) =>
  apiClient.put<PlatformSettings>('/admin/settings', body);

export const sendSystemNotification = (body: SystemNotificationBody) =>
  apiClient.post<{ message: string; recipients: number }>('/admin/notifications/system', body);

export const processPayout = (id: string, body: AdminProcessPayoutBody) =>
  apiClient.post<Payout>(`/admin/payouts/${id}/process`, body);

export const refundTransaction = (id: string, body: AdminRefundBody, idempotencyKey: string) =>
  apiClient.post<RefundResponse>(`/admin/transactions/${id}/refund`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const replySupportTicket = (id: string, message: string) =>
  apiClient.post<SupportThreadResponse>(`/admin/support-tickets/${encodeURIComponent(id)}/reply`, {
    message,
  });

export const closeSupportTicket = (id: string, reason?: string) =>
  apiClient.post<SupportThreadResponse>(
    `/admin/support-tickets/${encodeURIComponent(id)}/close`,
    reason ? { reason } : {},
  );

export const grantFreePro = (body: GrantFreeProBody) =>
  apiClient.post<GrantFreeProResponse>('/admin/grant-free-pro', body);

export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

// ---- hooks ----

export const useDashboardQuery = () =>
  useQuery({ queryKey: adminKeys.dashboard(), queryFn: fetchDashboard });
export const useFinancialsQuery = () =>
  useQuery({ queryKey: adminKeys.financials(), queryFn: fetchFinancials });
export const useGrowthQuery = (days: number) =>
  useQuery({
    queryKey: adminKeys.growth(days),
    queryFn: () => fetchGrowth(days),
    placeholderData: keepPreviousData,
  });
