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
  AdminSortField,
  AdminSortList,
  ReportPriority,
  ReportSource,
  ReportType,
  SortOrder,
} from '@fanspace/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../lib/api/index.ts';

export type ReportStatus = 'pending' | 'resolved' | 'dismissed' | 'all';

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

/** A list's server-side sort: one of its whitelisted fields, and the direction. */
export interface Sort<L extends AdminSortList> {
  sortBy: AdminSortField<L>;
  order: SortOrder;
}
/** Sort params (absent: the list's usual order on the server). */
export type SortParams<L extends AdminSortList> = Partial<Sort<L>>;

export interface ReportListQuery extends SortParams<'reports'> {
  status: ReportStatus;
  page: number;
  type?: ReportType;
  source?: ReportSource;
  priority?: ReportPriority;
}
export interface PostListQuery extends SortParams<'posts'> {
  page: number;
  search: string;
  reported: boolean;
}
export interface WaitlistQuery extends SortParams<'waitlist'> {
  page: number;
  search: string;
  invited?: boolean;
}
export interface TransactionListQuery extends SortParams<'transactions'> {
  page: number;
  kind: string;
  username: string;
}
export interface SupportListQuery extends SortParams<'supportTickets'> {
  status: SupportQueueStatus;
  page: number;
  search: string;
  priority?: 'normal' | 'high';
}
export type VerificationQueue = 'pending' | 'approved' | 'rejected' | 'all';

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
  reportList: (query: ReportListQuery) => [...adminKeys.reports(), query] as const,
  verifications: () => [...adminKeys.all, 'verifications'] as const,
  verificationList: (queue: VerificationQueue, page: number, sort: SortParams<'verifications'>) =>
    [...adminKeys.verifications(), queue, page, sort] as const,
  posts: () => [...adminKeys.all, 'posts'] as const,
  postComments: (postId: string) => [...adminKeys.posts(), 'comments', postId] as const,
  postList: (query: PostListQuery) => [...adminKeys.posts(), query] as const,
  activity: (page: number, action: string, sort: SortParams<'activity'>) =>
    [...adminKeys.all, 'activity', page, action, sort] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
  waitlist: (query: WaitlistQuery) => [...adminKeys.all, 'waitlist', query] as const,
  transactions: (query: TransactionListQuery) => [...adminKeys.all, 'transactions', query] as const,
  earnings: (page: number, sort: SortParams<'earnings'>) =>
    [...adminKeys.all, 'earnings', page, sort] as const,
  payouts: (status: PayoutStatusName | '', page: number, sort: SortParams<'payouts'>) =>
    [...adminKeys.all, 'payouts', status, page, sort] as const,
  logs: (limit: number, level: LogLevel | '') => [...adminKeys.all, 'logs', limit, level] as const,
  support: () => [...adminKeys.all, 'support'] as const,
  supportList: (query: SupportListQuery) => [...adminKeys.support(), 'list', query] as const,
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
      createdFrom: query.createdFrom,
      createdTo: query.createdTo,
      sortBy: query.sortBy,
      order: query.order,
    },
  });
}

export const fetchReports = (query: ReportListQuery) =>
  apiClient.get<AdminReportsResponse>('/admin/reports', { query: { ...query, limit: 20 } });

/** The pending queue (oldest first by default) or every submission, optionally one status. */
export function fetchVerifications(
  queue: VerificationQueue,
  page: number,
  sort: SortParams<'verifications'>,
) {
  const query = { page, limit: 20, ...sort };
  return queue === 'pending'
    ? apiClient.get<AdminVerificationsResponse>('/admin/verifications/pending', { query })
    : apiClient.get<AdminVerificationsResponse>('/admin/verification-submissions', {
        query: { ...query, status: queue === 'all' ? undefined : queue },
      });
}

export const fetchPosts = ({ search, reported, ...rest }: PostListQuery) =>
  apiClient.get<AdminPostsResponse>('/admin/posts', {
    query: { ...rest, limit: 20, search: search || undefined, reported: reported || undefined },
  });

export const fetchActivity = (page: number, action: string, sort: SortParams<'activity'>) =>
  apiClient.get<ActivityResponse>('/admin/activity', {
    query: { page, limit: 50, action: action || undefined, ...sort },
  });

export const fetchSettings = () => apiClient.get<PlatformSettings>('/admin/settings');

export const fetchWaitlist = ({ search, ...rest }: WaitlistQuery) =>
  apiClient.get<WaitlistResponse>('/admin/waitlist', {
    query: { ...rest, limit: 20, search: search || undefined },
  });

export const fetchLogs = (limit: number, level: LogLevel | '') =>
  apiClient.get<{ logs: LogRecord[] }>('/admin/system/logs', {
    query: { limit, level: level || undefined },
  });

export const fetchTransactions = ({ kind, username, ...rest }: TransactionListQuery) =>
  apiClient.get<AdminTransactionsResponse>('/admin/transactions', {
    query: { ...rest, limit: 50, kind: kind || undefined, username: username || undefined },
  });

export const fetchEarnings = (page: number, sort: SortParams<'earnings'>) =>
  apiClient.get<AdminEarningsResponse>('/admin/earnings', { query: { page, limit: 20, ...sort } });

export const inviteFromWaitlist = (id: string) =>
  apiClient.post<{ message: string; email: string; invitedAt: string }>(
    `/admin/waitlist/${encodeURIComponent(id)}/invite`,
  );

export const fetchPayouts = (
  status: PayoutStatusName | '',
  page: number,
  sort: SortParams<'payouts'>,
) =>
  apiClient.get<PayoutsPage>('/admin/payouts', {
    query: { status: status || undefined, page, limit: 20, ...sort },
  });

/** A document behind its short-lived admin URL, as a blob (the route needs the bearer token). */
export function fetchDocument(url: string): Promise<Blob> {
  const path = url.startsWith('/api/') ? url.slice(4) : url;
  return apiClient.get<Blob>(path, { responseType: 'blob' });
}

export async function exportUsers(format: 'csv' | 'json'): Promise<Blob> {
  return apiClient.get<Blob>('/admin/export/users', { query: { format }, responseType: 'blob' });
}

export const fetchSupportTickets = ({ search, ...rest }: SupportListQuery) =>
  apiClient.get<SupportTicketsPage>('/admin/support-tickets', {
    query: { ...rest, limit: 20, search: search.trim() || undefined },
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
