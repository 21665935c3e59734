import { Type, type Static } from '@sinclair/typebox';
import { LiteralUnion, Nullable } from './common.ts';
import { PayoutsQuery } from './payouts.ts';

/**
 * The back office (SPEC §6 admin abilities, §7 Admin, §8 admin toasts, §9 page sizes). Every
 * route is under /api/admin, needs an admin account with 2FA (auth level 'admin'), and every
 * action is written to the append-only audit log shown as the activity section.
 */
export const AdminPaging = { users: 20, posts: 20, reports: 20, activity: 50, max: 100 } as const;

export const ADMIN_TOASTS = {
  userUpdated: 'User updated successfully!',
  userUpdateFailed: 'Failed to update user.',
  postDeleted: 'Post deleted by admin.',
  postDeleteFailed: 'Failed to delete post.',
  reportResolved: (action: string) => `Report ${action} successfully`,
  reportFailed: 'Failed to resolve report',
  proGranted: (username: string) => `Pro access granted to ${username}`,
  proFailed: 'Failed to grant pro access',
} as const;

const page = (defaultLimit: number) => ({
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: AdminPaging.max, default: defaultLimit }),
});

/** A list's sort direction. */
export const SortOrder = Type.Union([Type.Literal('asc'), Type.Literal('desc')]);
export type SortOrder = Static<typeof SortOrder>;

/**
 * The fields each back-office list sorts by, server side before paging (so the order holds
 * across pages). Anything else is refused with a 400. Without `sortBy` a list keeps its usual
 * order (named in each route's summary); `order` defaults to desc, except where noted.
 */
export const ADMIN_SORT_FIELDS = {
  users: ['createdAt', 'username', 'lastLoginAt', 'followersCount', 'postsCount'],
  posts: ['createdAt', 'likeCount', 'commentCount', 'openReports'],
  reports: ['createdAt', 'type', 'status', 'reporterCount'],
  verifications: ['submittedAt', 'reviewedAt', 'username'],
  transactions: ['createdAt', 'amount', 'kind'],
  earnings: ['gross', 'fees', 'net', 'pending', 'available', 'owed', 'paidOut', 'username'],
  activity: ['createdAt', 'action'],
  waitlist: ['createdAt', 'email', 'invitedAt'],
  supportTickets: ['createdAt', 'updatedAt', 'priority', 'status'],
  payouts: ['requestedAt', 'amount'],
} as const;
export type AdminSortList = keyof typeof ADMIN_SORT_FIELDS;
export type AdminSortField<L extends AdminSortList> = (typeof ADMIN_SORT_FIELDS)[L][number];

/**
 * The querystring of a sortable list: `sortBy` (a whitelist of field names) and `order`. Free of
 * side effects, like LiteralUnion, so unused list schemas tree-shake away in the web build.
 */
/* @__NO_SIDE_EFFECTS__ */
export function sortParams<const K extends readonly string[]>(fields: K) {
  return {
    sortBy: Type.Optional(LiteralUnion<K[number]>(fields)),
    order: Type.Optional(SortOrder),
  };
}

export const AdminPageInfo = {
  total: Type.Integer(),
  page: Type.Integer(),
  currentPage: Type.Integer(),
  totalPages: Type.Integer(),
  hasMore: Type.Boolean(),
};

export const AdminUserStatus = Type.Union([
  Type.Literal('active'),
  Type.Literal('banned'),
  Type.Literal('suspended'),
  Type.Literal('deleted'),
]);

export const AdminUser = Type.Object({
  id: Type.String(),
  username: Type.String(),
  displayName: Nullable(Type.String()),
  email: Type.String(),
  avatarUrl: Nullable(Type.String()),
  accountType: Type.Union([Type.Literal('fan'), Type.Literal('creator')]),
  isCreator: Type.Boolean(),
  isAdmin: Type.Boolean(),
  status: AdminUserStatus,
  statusReason: Nullable(Type.String()),
  suspendedUntil: Nullable(Type.String()),
  identityStatus: Type.String(),
  isVerified: Type.Boolean(),
  emailVerified: Type.Boolean(),
  twoFactorEnabled: Type.Boolean(),
  promotedUntil: Nullable(Type.String()),
  isPromoted: Type.Boolean(),
  followersCount: Type.Integer(),
  postsCount: Type.Integer(),
  warningsCount: Type.Integer(),
  createdAt: Type.String(),
  lastLoginAt: Nullable(Type.String()),
});
export type AdminUser = Static<typeof AdminUser>;

export const AdminUsersQuery = Type.Object({
  ...page(AdminPaging.users),
  role: Type.Optional(
    Type.Union([Type.Literal('fan'), Type.Literal('creator'), Type.Literal('admin')]),
  ),
  status: Type.Optional(AdminUserStatus),
  search: Type.Optional(Type.String({ maxLength: 100 })),
  createdFrom: Type.Optional(Type.String({ format: 'date-time' })),
  createdTo: Type.Optional(Type.String({ format: 'date-time' })),
  /** the older switch, kept: newest = sortBy createdAt desc, oldest = asc */
  sort: Type.Optional(Type.Union([Type.Literal('newest'), Type.Literal('oldest')])),
  ...sortParams(ADMIN_SORT_FIELDS.users),
});
export type AdminUsersQuery = Static<typeof AdminUsersQuery>;

export const AdminUsersResponse = Type.Object({ users: Type.Array(AdminUser), ...AdminPageInfo });
export type AdminUsersResponse = Static<typeof AdminUsersResponse>;

export const AdminUserResponse = Type.Object({ user: AdminUser, message: Type.String() });
export type AdminUserResponse = Static<typeof AdminUserResponse>;

export const AdminReasonBody = Type.Object({
  reason: Type.Optional(Type.String({ maxLength: 500 })),
});
export type AdminReasonBody = Static<typeof AdminReasonBody>;

export const AdminRequiredReasonBody = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: 500 }),
});
export type AdminRequiredReasonBody = Static<typeof AdminRequiredReasonBody>;

/** `hours`, or `duration` as hours or a string such as '12h', '7d', '2w'. */
export const SuspendBody = Type.Object({
  hours: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 24 * 365 })),
  duration: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 20 })])),
  reason: Type.Optional(Type.String({ maxLength: 500 })),
});
export type SuspendBody = Static<typeof SuspendBody>;

export const PromoteBody = Type.Object({
  hours: Type.Number({ exclusiveMinimum: 0, maximum: 24 * 365 }),
});
export type PromoteBody = Static<typeof PromoteBody>;

export const AdminUpdateUserBody = Type.Object({
  displayName: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
  bio: Type.Optional(Type.String({ maxLength: 1000 })),
  email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
  username: Type.Optional(Type.String({ minLength: 3, maxLength: 30 })),
  accountType: Type.Optional(Type.Union([Type.Literal('fan'), Type.Literal('creator')])),
  isAdmin: Type.Optional(Type.Boolean()),
  reason: Type.Optional(Type.String({ maxLength: 500 })),
});
export type AdminUpdateUserBody = Static<typeof AdminUpdateUserBody>;

export const ExportUsersQuery = Type.Object({
  format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('json')])),
});

// ---- verifications ----

export const AdminVerification = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  username: Type.String(),
  displayName: Nullable(Type.String()),
  email: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
  submittedAt: Type.String(),
  reviewedAt: Nullable(Type.String()),
  rejectionReason: Nullable(Type.String()),
  /** short-lived, admin-only URLs of the documents (each view is audit-logged) */
  documents: Type.Record(Type.String(), Type.String()),
});
export type AdminVerification = Static<typeof AdminVerification>;

export const AdminVerificationsQuery = Type.Object({
  ...page(20),
  status: Type.Optional(
    Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
  ),
  /** default submittedAt: oldest first in the pending queue, newest first otherwise */
  ...sortParams(ADMIN_SORT_FIELDS.verifications),
});
export type AdminVerificationsQuery = Static<typeof AdminVerificationsQuery>;

export const AdminVerificationsResponse = Type.Object({
  submissions: Type.Array(AdminVerification),
  verifications: Type.Array(AdminVerification),
  ...AdminPageInfo,
});
export type AdminVerificationsResponse = Static<typeof AdminVerificationsResponse>;

export const ReviewSubmissionBody = Type.Object({
  status: Type.Union([Type.Literal('approved'), Type.Literal('rejected')]),
  reason: Type.Optional(Type.String({ maxLength: 500 })),
});
export type ReviewSubmissionBody = Static<typeof ReviewSubmissionBody>;

export const AdminVerificationResponse = Type.Object({
  verification: AdminVerification,
  message: Type.String(),
});

export const DocumentParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  field: Type.String({ maxLength: 30 }),
});

// ---- posts and comments ----

export const AdminPost = Type.Object({
  id: Type.String(),
  caption: Type.String(),
  type: Type.String(),
  accessLevel: Type.String(),
  price: Nullable(Type.Number()),
  likeCount: Type.Integer(),
  commentCount: Type.Integer(),
  mediaCount: Type.Integer(),
  openReports: Type.Integer(),
  user: Type.Object({ id: Type.String(), username: Type.String() }),
  createdAt: Type.String(),
});
export type AdminPost = Static<typeof AdminPost>;

export const AdminPostsQuery = Type.Object({
  ...page(AdminPaging.posts),
  search: Type.Optional(Type.String({ maxLength: 100 })),
  userId: Type.Optional(Type.String({ format: 'uuid' })),
  reported: Type.Optional(Type.Boolean()),
  ...sortParams(ADMIN_SORT_FIELDS.posts),
});
export type AdminPostsQuery = Static<typeof AdminPostsQuery>;

export const AdminPostsResponse = Type.Object({ posts: Type.Array(AdminPost), ...AdminPageInfo });
export type AdminPostsResponse = Static<typeof AdminPostsResponse>;

export const AdminComment = Type.Object({
  id: Type.String(),
  text: Type.String(),
  user: Type.Object({ id: Type.String(), username: Type.String() }),
  replyToCommentId: Nullable(Type.String()),
  isDeleted: Type.Boolean(),
  openReports: Type.Integer(),
  createdAt: Type.String(),
});
export type AdminComment = Static<typeof AdminComment>;

export const AdminCommentsResponse = Type.Object({ comments: Type.Array(AdminComment) });
export type AdminCommentsResponse = Static<typeof AdminCommentsResponse>;

export const AdminCommentParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  commentId: Type.String({ format: 'uuid' }),
});

// ---- reports ----

export const REPORT_TYPES = ['post', 'user', 'comment', 'message'] as const;
export const ReportType = Type.Union([
  Type.Literal('post'),
  Type.Literal('user'),
  Type.Literal('comment'),
  Type.Literal('message'),
]);
export type ReportType = Static<typeof ReportType>;

const reportedId = Type.Optional(Type.String({ format: 'uuid' }));

/**
 * What is reported is named by `targetId`, or by SPEC §3's Report fields: `id`, or the id field of
 * the type (`postId`, `userId`, `commentId`, `messageId`); the first of those present is taken.
 * `chatId` may come along with a message's id (it is read from the message either way).
 */
export const CreateReportBody = Type.Object({
  type: ReportType,
  targetId: reportedId,
  id: reportedId,
  postId: reportedId,
  userId: reportedId,
  commentId: reportedId,
  messageId: reportedId,
  chatId: reportedId,
  reason: Type.String({ minLength: 1, maxLength: 100 }),
  details: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type CreateReportBody = Static<typeof CreateReportBody>;

/** POST /reports: the report as SPEC §3 names it (`id` = `reportId`), pending when made. */
export const CreateReportResponse = Type.Object({
  ok: Type.Literal(true),
  reportId: Type.String(),
  id: Type.String(),
  type: ReportType,
  targetId: Type.String(),
  reason: Type.String(),
  details: Nullable(Type.String()),
  postId: Nullable(Type.String()),
  chatId: Nullable(Type.String()),
  status: Type.Literal('pending'),
});
export type CreateReportResponse = Static<typeof CreateReportResponse>;

/** What resolving does: dismiss it, or act on the target (then the report is resolved). */
export const REPORT_ACTIONS = [
  'dismiss',
  'resolve',
  'delete_content',
  'warn_user',
  'suspend_user',
  'ban_user',
] as const;
export const ReportAction = Type.Union([
  Type.Literal('dismiss'),
  Type.Literal('resolve'),
  Type.Literal('delete_content'),
  Type.Literal('warn_user'),
  Type.Literal('suspend_user'),
  Type.Literal('ban_user'),
]);
export type ReportAction = Static<typeof ReportAction>;

export const ResolveReportBody = Type.Object({
  action: ReportAction,
  notes: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type ResolveReportBody = Static<typeof ResolveReportBody>;

/** Who filed a report: a user, or the automatic flagging of flagged terms (no reporter). */
export const ReportSource = Type.Union([Type.Literal('user'), Type.Literal('auto')]);
export type ReportSource = Static<typeof ReportSource>;
export const ReportPriority = Type.Union([Type.Literal('normal'), Type.Literal('high')]);
export type ReportPriority = Static<typeof ReportPriority>;

export const Report = Type.Object({
  id: Type.String(),
  type: ReportType,
  source: ReportSource,
  targetId: Type.String(),
  reason: Type.String(),
  details: Nullable(Type.String()),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('resolved'),
    Type.Literal('dismissed'),
  ]),
  /** null for automatic flags */
  reporter: Nullable(Type.Object({ id: Type.String(), username: Type.String() })),
  /** distinct users who reported the same target (open reports; closed ones: closed together) */
  reporterCount: Type.Integer(),
  /** high once reporterCount reaches the platform's report threshold */
  priority: ReportPriority,
  /** the account the reported thing belongs to */
  targetUser: Nullable(Type.Object({ id: Type.String(), username: Type.String() })),
  postId: Nullable(Type.String()),
  chatId: Nullable(Type.String()),
  action: Nullable(Type.String()),
  notes: Nullable(Type.String()),
  createdAt: Type.String(),
  resolvedAt: Nullable(Type.String()),
});
export type Report = Static<typeof Report>;

/** POST /admin/reports/bulk-resolve: the moderation queue's approve (dismiss) / reject (remove) in bulk. */
export const BulkResolveBody = Type.Object({
  reportIds: Type.Array(Type.String({ format: 'uuid' }), { minItems: 1, maxItems: 100 }),
  action: ReportAction,
  notes: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type BulkResolveBody = Static<typeof BulkResolveBody>;

export const BulkResolveResponse = Type.Object({
  message: Type.String(),
  resolved: Type.Integer(),
  failed: Type.Array(Type.Object({ id: Type.String(), message: Type.String() })),
});
export type BulkResolveResponse = Static<typeof BulkResolveResponse>;

export const ResolvedReportResponse = Type.Object({ report: Report, message: Type.String() });
export type ResolvedReportResponse = Static<typeof ResolvedReportResponse>;

export const AdminReportsQuery = Type.Object({
  ...page(AdminPaging.reports),
  status: Type.Optional(
    Type.Union([
      Type.Literal('pending'),
      Type.Literal('resolved'),
      Type.Literal('dismissed'),
      Type.Literal('all'),
    ]),
  ),
  type: Type.Optional(ReportType),
  source: Type.Optional(ReportSource),
  priority: Type.Optional(ReportPriority),
  ...sortParams(ADMIN_SORT_FIELDS.reports),
});
export type AdminReportsQuery = Static<typeof AdminReportsQuery>;

export const AdminReportsResponse = Type.Object({ reports: Type.Array(Report), ...AdminPageInfo });
export type AdminReportsResponse = Static<typeof AdminReportsResponse>;

// ---- platform ----

/** Switches an admin can turn off; everything is on by default. */
export const FeatureFlags = Type.Object({
  /** new accounts can sign up (off: 403 SIGNUPS_CLOSED, the waitlist stays open) */
  registrationsOpen: Type.Boolean(),
  /** tips on posts, profiles and in chats */
  tips: Type.Boolean(),
  /** locked (pay-to-unlock) chat messages */
  paidMessages: Type.Boolean(),
  /** creators' mass messages */
  massMessages: Type.Boolean(),
});
export type FeatureFlags = Static<typeof FeatureFlags>;

export const PlatformLimits = Type.Object({
  /** mass messages one creator may send per UTC day */
  massMessagesPerDay: Type.Integer({ minimum: 0, maximum: 100 }),
});
export type PlatformLimits = Static<typeof PlatformLimits>;

/** Limits of the moderation settings. */
export const ModerationLimits = { maxTerms: 500, maxTermLength: 100, defaultThreshold: 3 } as const;

/** Automatic moderation: flagged terms and the report threshold. */
export const ModerationSettings = Type.Object({
  /**
   * Words or phrases matched whole-word and case-insensitively in new or edited posts, comments
   * and chat messages; a match files an automatic report (the content stays up until a
   * moderator acts).
   */
  flaggedTerms: Type.Array(
    Type.String({ minLength: 1, maxLength: ModerationLimits.maxTermLength }),
    {
      maxItems: ModerationLimits.maxTerms,
    },
  ),
  /** content or a user reported by this many distinct users is high priority in the queue */
  reportThreshold: Type.Integer({ minimum: 1, maximum: 100 }),
});
export type ModerationSettings = Static<typeof ModerationSettings>;

export const PlatformSettings = Type.Object({
  feePercent: Type.Number({ minimum: 0, maximum: 50 }),
  proPackPrice: Type.Number({ minimum: 0.99, maximum: 999.99 }),
  /** referrers' part of a referred creator's gross, paid out of the fee (capped at the fee) */
  referralPercent: Type.Number({ minimum: 0, maximum: 50 }),
  /** how long after a referred user's signup their sales earn the referrer */
  referralMonths: Type.Integer({ minimum: 0, maximum: 120 }),
  betaRequired: Type.Boolean(),
  features: FeatureFlags,
  limits: PlatformLimits,
  moderation: ModerationSettings,
});
export type PlatformSettings = Static<typeof PlatformSettings>;

export const UpdatePlatformSettingsBody = Type.Object(
  {
    feePercent: Type.Optional(Type.Number({ minimum: 0, maximum: 50 })),
    referralPercent: Type.Optional(Type.Number({ minimum: 0, maximum: 50 })),
    referralMonths: Type.Optional(Type.Integer({ minimum: 0, maximum: 120 })),
    proPackPrice: Type.Optional(Type.Number({ minimum: 0.99, maximum: 999.99 })),
    betaRequired: Type.Optional(Type.Boolean()),
    features: Type.Optional(Type.Partial(FeatureFlags)),
    limits: Type.Optional(Type.Partial(PlatformLimits)),
    moderation: Type.Optional(Type.Partial(ModerationSettings)),
  },
  { minProperties: 1 },
);
export type UpdatePlatformSettingsBody = Static<typeof UpdatePlatformSettingsBody>;

export const SystemNotificationBody = Type.Object({
  message: Type.String({ minLength: 1, maxLength: 1000 }),
  /** 'all', 'creators', 'fans', or a list of user ids or usernames */
  targetUsers: Type.Union([
    Type.Literal('all'),
    Type.Literal('creators'),
    Type.Literal('fans'),
    Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 1000 }),
  ]),
});
export type SystemNotificationBody = Static<typeof SystemNotificationBody>;

export const SystemNotificationResponse = Type.Object({
  message: Type.String(),
  recipients: Type.Integer(),
});

export const AuditEntry = Type.Object({
  id: Type.String(),
  action: Type.String(),
  admin: Nullable(Type.Object({ id: Type.String(), username: Type.String() })),
  targetType: Nullable(Type.String()),
  targetId: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  details: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const ActivityQuery = Type.Object({
  ...page(AdminPaging.activity),
  action: Type.Optional(Type.String({ maxLength: 60 })),
  targetId: Type.Optional(Type.String({ maxLength: 64 })),
  ...sortParams(ADMIN_SORT_FIELDS.activity),
});
export type ActivityQuery = Static<typeof ActivityQuery>;

export const ActivityResponse = Type.Object({
  activities: Type.Array(AuditEntry),
  ...AdminPageInfo,
});
export type ActivityResponse = Static<typeof ActivityResponse>;

export const SystemLogsQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 200 }),
  level: Type.Optional(
    Type.Union([
      Type.Literal('debug'),
      Type.Literal('info'),
      Type.Literal('warn'),
      Type.Literal('error'),
    ]),
  ),
});
export type SystemLogsQuery = Static<typeof SystemLogsQuery>;

export const SystemLogsResponse = Type.Object({
  logs: Type.Array(Type.Record(Type.String(), Type.Unknown())),
});

export const AdminWaitlistQuery = Type.Object({
  ...page(20),
  /** part of the email */
  search: Type.Optional(Type.String({ maxLength: 100 })),
  userType: Type.Optional(Type.Union([Type.Literal('fan'), Type.Literal('creator')])),
  invited: Type.Optional(Type.Boolean()),
  ...sortParams(ADMIN_SORT_FIELDS.waitlist),
});
export type AdminWaitlistQuery = Static<typeof AdminWaitlistQuery>;

export const AdminWaitlistResponse = Type.Object({
  entries: Type.Array(
    Type.Object({
      id: Type.String(),
      email: Type.String(),
      userType: Type.String(),
      createdAt: Type.String(),
      invitedAt: Nullable(Type.String()),
    }),
  ),
  ...AdminPageInfo,
});

export const WaitlistInviteParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
});
export const WaitlistInviteResponse = Type.Object({
  message: Type.String(),
  email: Type.String(),
  invitedAt: Type.String(),
});

export const GrowthStatsQuery = Type.Object({
  days: Type.Integer({ minimum: 1, maximum: 365, default: 30 }),
});
export type GrowthStatsQuery = Static<typeof GrowthStatsQuery>;

export const GrowthStatsResponse = Type.Object({
  days: Type.Integer(),
  totals: Type.Object({
    users: Type.Integer(),
    creators: Type.Integer(),
    posts: Type.Integer(),
    activeSubscriptions: Type.Integer(),
  }),
  daily: Type.Array(
    Type.Object({
      date: Type.String(),
      signups: Type.Integer(),
      creators: Type.Integer(),
      posts: Type.Integer(),
      subscriptions: Type.Integer(),
    }),
  ),
});
export type GrowthStatsResponse = Static<typeof GrowthStatsResponse>;

export const AdminDashboardResponse = Type.Object({
  users: Type.Object({
    total: Type.Integer(),
    creators: Type.Integer(),
    newToday: Type.Integer(),
    banned: Type.Integer(),
    suspended: Type.Integer(),
  }),
  content: Type.Object({ posts: Type.Integer(), postsToday: Type.Integer() }),
  moderation: Type.Object({
    pendingReports: Type.Integer(),
    pendingVerifications: Type.Integer(),
  }),
});
export type AdminDashboardResponse = Static<typeof AdminDashboardResponse>;

// ---- money (reads; payouts, refunds and financials are in contracts/src/payouts.ts) ----

export const AdminTransactionsQuery = Type.Object({
  ...page(50),
  kind: Type.Optional(Type.String({ maxLength: 40 })),
  userId: Type.Optional(Type.String({ format: 'uuid' })),
  /** transactions touching this user's accounts, by username */
  username: Type.Optional(Type.String({ minLength: 1, maxLength: 31 })),
  ...sortParams(ADMIN_SORT_FIELDS.transactions),
});
export type AdminTransactionsQuery = Static<typeof AdminTransactionsQuery>;

export const AdminTransaction = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  /** the sum of the credits: what moved, in currency units */
  amount: Type.Number(),
  amountCents: Type.Integer(),
  reversesId: Nullable(Type.String()),
  metadata: Type.Record(Type.String(), Type.Unknown()),
  entries: Type.Array(
    Type.Object({
      account: Type.String(),
      owner: Nullable(Type.Object({ id: Type.String(), username: Type.String() })),
      amount: Type.Number(),
      amountCents: Type.Integer(),
    }),
  ),
  createdAt: Type.String(),
});
export type AdminTransaction = Static<typeof AdminTransaction>;

export const AdminTransactionsResponse = Type.Object({
  transactions: Type.Array(AdminTransaction),
  ...AdminPageInfo,
});
export type AdminTransactionsResponse = Static<typeof AdminTransactionsResponse>;

export const AdminEarningsQuery = Type.Object({
  ...page(20),
  /** default gross, highest first */
  ...sortParams(ADMIN_SORT_FIELDS.earnings),
});
export type AdminEarningsQuery = Static<typeof AdminEarningsQuery>;

export const CreatorEarnings = Type.Object({
  creator: Type.Object({ id: Type.String(), username: Type.String() }),
  gross: Type.Number(),
  fees: Type.Number(),
  net: Type.Number(),
  pending: Type.Number(),
  available: Type.Number(),
  paidOut: Type.Number(),
  owed: Type.Number(),
});
export type CreatorEarnings = Static<typeof CreatorEarnings>;

export const AdminEarningsResponse = Type.Object({
  creators: Type.Array(CreatorEarnings),
  ...AdminPageInfo,
});
export type AdminEarningsResponse = Static<typeof AdminEarningsResponse>;

export const GrantFreeProBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 31 }),
  months: Type.Integer({ minimum: 1, maximum: 24 }),
  reason: Type.String({ minLength: 1, maxLength: 500 }),
});
export type GrantFreeProBody = Static<typeof GrantFreeProBody>;

export const GrantFreeProResponse = Type.Object({
  message: Type.String(),
  userId: Type.String(),
  username: Type.String(),
  proPackActiveUntil: Type.String(),
});
export type GrantFreeProResponse = Static<typeof GrantFreeProResponse>;

/** GET /admin/payouts: every creator's payout requests (status filter), newest first by default. */
export const AdminPayoutsQuery = Type.Object({
  ...PayoutsQuery.properties,
  ...sortParams(ADMIN_SORT_FIELDS.payouts),
});
export type AdminPayoutsQuery = Static<typeof AdminPayoutsQuery>;
