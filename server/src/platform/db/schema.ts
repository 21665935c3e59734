import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** One interface per table (atproto/Immich style). Timestamps read as Date. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** jsonb columns are written as JSON text: node-postgres would turn a JS array into a PG array. */
type Json<T> = ColumnType<T, string, string>;
type GeneratedJson<T> = ColumnType<T, string | undefined, string>;

export interface UsersTable {
  id: Generated<string>;
  username: string;
  email: string;
  password_hash: string;
  account_type: Generated<'fan' | 'creator'>;
  is_admin: Generated<boolean>;
  status: Generated<'active' | 'banned' | 'suspended' | 'deleted'>;
  status_reason: string | null;
  suspended_until: NullableTimestamp;
  display_name: string | null;
  bio: Generated<string>;
  avatar_url: string | null;
  banner_url: string | null;
  phone_number: string | null;
  email_verified_at: NullableTimestamp;
  phone_verified_at: NullableTimestamp;
  identity_status: Generated<'none' | 'pending' | 'verified' | 'rejected'>;
  totp_secret: string | null;
  totp_enabled_at: NullableTimestamp;
  totp_last_step: number | null;
  preferences: GeneratedJson<Record<string, unknown>>;
  privacy: GeneratedJson<Record<string, unknown>>;
  profile: GeneratedJson<Record<string, unknown>>;
  social_links: GeneratedJson<Array<{ id: string; platform: string; url: string }>>;
  subscription_price_cents: Generated<number>;
  followers_count: Generated<number>;
  following_count: Generated<number>;
  subscriber_count: Generated<number>;
  posts_count: Generated<number>;
  pro_pack_active_until: NullableTimestamp;
  pro_pack_status: string | null;
  pro_pack_canceled_at: NullableTimestamp;
  creator_update_text: string | null;
  creator_update_image_url: string | null;
  creator_update_at: NullableTimestamp;
  first_login_at: NullableTimestamp;
  last_login_at: NullableTimestamp;
  onboarding_completed_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: GeneratedTimestamp;
  deleted_at: NullableTimestamp;
  /** discovery promotion until this time (admin promote); see modules/graph */
  promoted_until: NullableTimestamp;
  /** set when the account redeemed a beta code (or was granted access) */
  beta_access_at: NullableTimestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  user_agent: string | null;
  ip: string | null;
  created_at: CreatedAt;
  last_seen_at: GeneratedTimestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface JobsTable {
  id: Generated<number>;
  type: string;
  payload: GeneratedJson<Record<string, unknown>>;
  status: Generated<'pending' | 'running' | 'done' | 'failed'>;
  run_at: GeneratedTimestamp;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  dedupe_key: string | null;
  last_error: string | null;
  locked_by: string | null;
  locked_at: NullableTimestamp;
  created_at: CreatedAt;
  finished_at: NullableTimestamp;
}

export interface PlatformSettingsTable {
  key: string;
  value: Json<unknown>;
  updated_at: GeneratedTimestamp;
  updated_by: string | null;
}

/** Single-purpose secrets (2FA login step, verification, reset), stored hashed. */
export interface AuthTokensTable {
  id: Generated<string>;
  user_id: string;
  purpose: 'login_2fa' | 'email_verify' | 'phone_verify' | 'password_reset';
  token_hash: string | null;
  code_hash: string | null;
  target: string | null;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

/** One row per account and address: the attempts no success has cleared yet, oldest first. */
export interface LoginFailuresTable {
  /** 'user:<id>' for a known account, 'name:<lowercased identifier>' otherwise */
  account_key: string;
  ip: string;
  attempted_at: Date[];
  /** whether the last attempt was refused (the window already held the maximum) */
  refused: Generated<boolean>;
}

export interface TwoFactorBackupCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

/** Identity verification submissions: a fan becomes a creator when one is approved. */
export interface IdentityVerificationsTable {
  id: Generated<string>;
  user_id: string;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  id_front_key: string | null;
  id_back_key: string | null;
  selfie_key: string | null;
  rejection_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: NullableTimestamp;
  created_at: CreatedAt;
}

/** Bank details encrypted at rest; only last4 and non-secret fields are readable. */
export interface PayoutSettingsTable {
  user_id: string;
  method: string;
  account_holder: string;
  country: string;
  currency: string | null;
  bank_name: string | null;
  account_type: 'iban' | 'account';
  last4: string;
  details_encrypted: string;
  updated_at: GeneratedTimestamp;
}

export interface BetaCodesTable {
  id: Generated<string>;
  code: string;
  max_uses: number;
  uses: Generated<number>;
  expires_at: NullableTimestamp;
  created_by: string | null;
  invited_email: string | null;
  created_at: CreatedAt;
}

export interface BetaFeaturesTable {
  id: string;
  name: string;
  description: string;
  active: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: CreatedAt;
}

export interface UserBetaFeaturesTable {
  user_id: string;
  feature_id: string;
  enabled: boolean;
  updated_at: GeneratedTimestamp;
}

export interface BetaFeedbackTable {
  id: Generated<string>;
  user_id: string | null;
  feature_id: string | null;
  message: string;
  created_at: CreatedAt;
}

export interface WaitlistEntriesTable {
  id: Generated<number>;
  email: string;
  user_type: 'fan' | 'creator';
  created_at: CreatedAt;
  /** an admin sent a beta invite (admin migration) */
  invited_at: NullableTimestamp;
}

/** Social graph (modules/graph). */
export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: CreatedAt;
}

export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: CreatedAt;
}

export interface RestrictsTable {
  restricter_id: string;
  restricted_id: string;
  created_at: CreatedAt;
}

export interface UserGroupsTable {
  id: Generated<string>;
  owner_id: string;
  name: string;
  created_at: CreatedAt;
  updated_at: GeneratedTimestamp;
}

export interface UserGroupMembersTable {
  group_id: string;
  member_id: string;
  position: Generated<number>;
  created_at: CreatedAt;
}

export interface UserFeedbackTable {
  user_id: string;
  target_id: string;
  feedback_type: 'not_interested' | 'show_more' | 'report_spam';
  created_at: GeneratedTimestamp;
}

/** Media vault (modules/media). Keys are storage keys (platform/storage/keys.ts). */
export interface MediaFoldersTable {
  id: Generated<string>;
  owner_id: string;
  name: string;
  parent_id: string | null;
  created_at: CreatedAt;
}

export interface MediaItemsTable {
  id: Generated<string>;
  owner_id: string;
  folder_id: string | null;
  media_type: 'image' | 'video' | 'audio';
  /** content type of the stored original */
  mime: string;
  title: Generated<string>;
  description: Generated<string>;
  size_bytes: number;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  /** sha256 (hex) of the bytes as uploaded */
  content_hash: string;
  original_key: string;
  large_key: string | null;
  small_key: string | null;
  teaser_key: string | null;
  poster_key: string | null;
  created_at: CreatedAt;
  deleted_at: NullableTimestamp;
}

/** A presigned upload waiting for its bytes (local direct PUT or S3 + /uploads/complete). */
export interface MediaUploadsTable {
  id: Generated<string>;
  owner_id: string;
  filename: string;
  content_type: string;
  size_bytes: number;
  folder_id: string | null;
  title: string | null;
  staging_key: string | null;
  status: Generated<'pending' | 'processing' | 'completed' | 'failed'>;
  media_id: string | null;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

/** Posts and what hangs off them (modules/posts). */
export interface PostsTable {
  id: Generated<string>;
  user_id: string;
  caption: Generated<string>;
  type: Generated<'text' | 'image' | 'video' | 'audio' | 'mixed'>;
  access_level: Generated<'public' | 'followers' | 'subscribers' | 'paid' | 'subscribers_or_paid'>;
  price_cents: number | null;
  /** normalised tags separated by single spaces ('' for none) */
  hashtags: Generated<string>;
  model_release_ids: GeneratedJson<string[]>;
  likes_count: Generated<number>;
  comments_count: Generated<number>;
  views_count: Generated<number>;
  created_at: CreatedAt;
  updated_at: GeneratedTimestamp;
  published_at: GeneratedTimestamp;
  deleted_at: NullableTimestamp;
}

/**
 * One row per distinct lexeme of a live post's `search_document`, kept by a trigger on posts
 * (migration 2026-11-29T1200-search-terms): a term's posts newest first from one index range.
 */
export interface PostSearchTermsTable {
  term: string;
  published_at: Timestamp;
  post_id: string;
}

export interface PostMediaTable {
  post_id: string;
  media_id: string;
  position: number;
}

export interface PostLikesTable {
  post_id: string;
  user_id: string;
  created_at: CreatedAt;
}

export interface PostViewsTable {
  post_id: string;
  viewer_id: string;
  hour_bucket: Timestamp;
}

export interface CommentsTable {
  id: Generated<string>;
  /** insertion order (identity), the order comments are listed in */
  seq: ColumnType<number, never, never>;
  post_id: string;
  user_id: string;
  text: string;
  reply_to_comment_id: string | null;
  likes_count: Generated<number>;
  mentions: GeneratedJson<string[]>;
  created_at: CreatedAt;
  updated_at: GeneratedTimestamp;
  deleted_at: NullableTimestamp;
}

export interface CommentLikesTable {
  comment_id: string;
  user_id: string;
  created_at: CreatedAt;
}

export interface HashtagsTable {
  tag: string;
  posts_count: Generated<number>;
  created_at: CreatedAt;
}

export interface PostHashtagsTable {
  post_id: string;
  tag: string;
}

/** Pay-to-unlock purchases; written by the payments module, read by post visibility. */
export interface ContentPurchasesTable {
  id: Generated<string>;
  buyer_id: string;
  post_id: string;
  price_cents: number;
  ledger_transaction_id: string | null;
  created_at: CreatedAt;
}

/** Fan subscriptions; written by the payments module, read by post visibility and feeds. */
export interface SubscriptionsTable {
  id: Generated<string>;
  subscriber_id: string;
  creator_id: string;
  status: Generated<'active' | 'canceled' | 'expired'>;
  current_period_end: Timestamp;
  is_recurring: Generated<boolean>;
  created_at: CreatedAt;
  /** set by a cancel: no renewal, access until current_period_end (ledger migration) */
  canceled_at: NullableTimestamp;
  /** a card provider subscription that renews this one (stripe migration) */
  provider_subscription_id: string | null;
}

/** Ledger (payments module, docs/ARCHITECTURE.md "Money"): amounts are integer cents. */
export type LedgerAccountKind =
  | 'user_wallet'
  | 'creator_pending'
  | 'creator_available'
  | 'creator_owed'
  | 'platform_fees'
  | 'processor_clearing'
  | 'payouts_clearing'
  | 'payouts_in_flight'
  | 'refunds';

export interface LedgerAccountsTable {
  id: Generated<string>;
  kind: LedgerAccountKind;
  owner_id: string | null;
  balance_cents: Generated<number>;
  allow_negative: Generated<boolean>;
  /** system accounts (no owner) of a hot kind come in shards; an owned account is shard 0 */
  shard: Generated<number>;
  created_at: CreatedAt;
}

export interface LedgerTransactionsTable {
  id: Generated<string>;
  kind: string;
  idempotency_ref: string | null;
  metadata: GeneratedJson<Record<string, unknown>>;
  reverses_id: string | null;
  created_at: CreatedAt;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  transaction_id: string;
  account_id: string;
  amount_cents: number;
  created_at: CreatedAt;
}

export interface LedgerPendingReleasesTable {
  id: Generated<string>;
  transaction_id: string;
  creator_id: string;
  amount_cents: number;
  available_at: Timestamp;
  released_transaction_id: string | null;
  created_at: CreatedAt;
}

/** Payout requests (payouts migration): requested → processing → paid | failed. */
export type PayoutStatus = 'requested' | 'processing' | 'paid' | 'failed';
export type PayoutSchedule = 'manual' | 'weekly' | 'monthly';
export interface PayoutsTable {
  id: Generated<string>;
  creator_id: string;
  amount_cents: number;
  status: Generated<PayoutStatus>;
  source: Generated<PayoutSchedule>;
  method: string | null;
  destination_last4: string | null;
  note: string | null;
  request_transaction_id: string;
  settle_transaction_id: string | null;
  requested_at: CreatedAt;
  processed_at: NullableTimestamp;
  processed_by: string | null;
}

export interface PayoutSchedulesTable {
  creator_id: string;
  schedule: PayoutSchedule;
  last_run_at: NullableTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  response: ColumnType<unknown, string | null, string | null>;
  created_at: CreatedAt;
}

/** Notifications and chats (modules/notifications, modules/chats). */
export type NotificationType =
  | 'follow'
  | 'like'
  | 'comment'
  | 'mention'
  | 'subscription'
  | 'tip'
  | 'purchase'
  | 'message'
  | 'payout'
  | 'admin'
  | 'system'
  | 'collaboration';

export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  type: NotificationType;
  /** null: the system actor */
  actor_id: string | null;
  related_id: string | null;
  related_type: string | null;
  data: GeneratedJson<Record<string, unknown>>;
  is_read: Generated<boolean>;
  created_at: CreatedAt;
}

export interface NotificationCursorsTable {
  user_id: string;
  fetched_at: Timestamp;
}

export interface ChatsTable {
  id: Generated<string>;
  pair_key: string;
  last_message_id: string | null;
  last_activity_at: GeneratedTimestamp;
  created_at: CreatedAt;
}

export interface ChatParticipantsTable {
  chat_id: string;
  user_id: string;
  unread_count: Generated<number>;
  hidden_at: NullableTimestamp;
  last_read_at: NullableTimestamp;
  folder: Generated<'inbox' | 'requests'>;
  created_at: CreatedAt;
}

export interface MessagesTable {
  id: Generated<string>;
  chat_id: string;
  sender_id: string;
  text: Generated<string>;
  quoted_message_id: string | null;
  image_media_id: string | null;
  video_media_id: string | null;
  voice_media_id: string | null;
  voice_duration: number | null;
  status: Generated<'sent' | 'deleted'>;
  deleted_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: GeneratedTimestamp;
  /** paid chat parts (2026-11-22T1120-paid-chat-push) */
  locked_price_cents: Generated<number | null>;
  teaser_media_id: Generated<string | null>;
  teaser_text: Generated<string | null>;
  tip_cents: Generated<number | null>;
  tip_transaction_id: Generated<string | null>;
  offer: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  offer_status: Generated<'pending' | 'accepted' | 'declined' | 'expired' | null>;
  content_request: ColumnType<
    Record<string, unknown> | null,
    string | null | undefined,
    string | null
  >;
  content_request_status: Generated<
    'pending' | 'accepted' | 'delivered' | 'declined' | 'cancelled' | null
  >;
  mass_message_id: Generated<string | null>;
  /** ids of the @mentioned accounts, resolved at send (2026-12-01T09-message-mentions) */
  mentions: GeneratedJson<string[]>;
}

/** One purchase per buyer and message (unlock of a locked message, or an accepted offer). */
export interface MessagePurchasesTable {
  id: Generated<string>;
  message_id: string;
  buyer_id: string;
  price_cents: number;
  reason: 'unlock' | 'offer';
  ledger_transaction_id: string | null;
  created_at: CreatedAt;
}

export interface MassMessagesTable {
  id: Generated<string>;
  sender_id: string;
  text: Generated<string>;
  segment: 'subscribers' | 'followers' | 'group';
  user_group_id: string | null;
  content: GeneratedJson<Record<string, unknown>>;
  status: Generated<'queued' | 'running' | 'completed' | 'failed'>;
  recipient_count: Generated<number>;
  sent_count: Generated<number>;
  skipped_count: Generated<number>;
  error: string | null;
  created_at: CreatedAt;
  finished_at: NullableTimestamp;
}

export interface PushSubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: CreatedAt;
  last_success_at: NullableTimestamp;
}

export interface MessageMediaTable {
  message_id: string;
  media_id: string;
  position: number;
}

/** message_likes, message_favorites, message_reads, message_hidden */
export interface MessageUserFactTable {
  message_id: string;
  user_id: string;
  created_at: CreatedAt;
}

export interface ReportsTable {
  id: Generated<string>;
  type: 'message' | 'post' | 'comment' | 'user';
  target_id: string;
  /** null for automatic flags (admin-polish migration) */
  reporter_id: string | null;
  reason: string;
  details: string | null;
  chat_id: string | null;
  post_id: string | null;
  status: Generated<'pending' | 'resolved' | 'dismissed'>;
  created_at: CreatedAt;
  resolved_at: NullableTimestamp;
  /** how an admin resolved it (admin migration) */
  action: string | null;
  notes: string | null;
  resolved_by: string | null;
  /** 'user' or 'auto' (a flagged term matched; admin-polish migration) */
  source: Generated<'user' | 'auto'>;
}

/** Admin module (migration 2026-11-22T1150-admin): append-only in the database. */
export interface AdminAuditLogTable {
  id: Generated<number>;
  admin_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  reason: string | null;
  details: GeneratedJson<Record<string, unknown>>;
  created_at: CreatedAt;
}

export interface UserWarningsTable {
  id: Generated<string>;
  user_id: string;
  admin_id: string | null;
  reason: string;
  created_at: CreatedAt;
}

/** Model releases (releases module; migration 2026-11-22T1140-releases). */
export interface ModelReleasesTable {
  id: Generated<string>;
  creator_id: string;
  status: Generated<'pending' | 'signed' | 'revoked'>;
  model_name: string;
  /** 'YYYY-MM-DD' */
  model_dob: string | null;
  id_type: string | null;
  id_number_encrypted: string | null;
  id_number_last4: string | null;
  id_front_key: string | null;
  id_back_key: string | null;
  holding_id_key: string | null;
  signature_data_url: string | null;
  creator_signature_data_url: string | null;
  terms: string | null;
  consent_token_hash: string | null;
  consent_token_encrypted: string | null;
  consent_expires_at: NullableTimestamp;
  signed_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: GeneratedTimestamp;
}
export type ModelReleaseRow = Selectable<ModelReleasesTable>;

/** Support desk (migration 2026-11-22T1200-support). */
export interface SupportTicketsTable {
  id: Generated<string>;
  user_id: string;
  subject: string;
  category: 'account' | 'payments' | 'content' | 'safety' | 'bug' | 'other';
  status: Generated<'open' | 'answered' | 'closed'>;
  priority: Generated<'normal' | 'high'>;
  close_reason: string | null;
  closed_by: string | null;
  created_at: CreatedAt;
  updated_at: GeneratedTimestamp;
  last_message_at: GeneratedTimestamp;
  closed_at: NullableTimestamp;
}
export type SupportTicketRow = Selectable<SupportTicketsTable>;

export interface SupportTicketMessagesTable {
  id: Generated<string>;
  ticket_id: string;
  author_id: string | null;
  from_staff: Generated<boolean>;
  body: string;
  created_at: CreatedAt;
}
export type SupportTicketMessageRow = Selectable<SupportTicketMessagesTable>;

export interface Database {
  support_tickets: SupportTicketsTable;
  support_ticket_messages: SupportTicketMessagesTable;
  admin_audit_log: AdminAuditLogTable;
  user_warnings: UserWarningsTable;
  model_releases: ModelReleasesTable;
  users: UsersTable;
  sessions: SessionsTable;
  jobs: JobsTable;
  platform_settings: PlatformSettingsTable;
  follows: FollowsTable;
  blocks: BlocksTable;
  restricts: RestrictsTable;
  user_groups: UserGroupsTable;
  user_group_members: UserGroupMembersTable;
  user_feedback: UserFeedbackTable;
  auth_tokens: AuthTokensTable;
  login_failures: LoginFailuresTable;
  two_factor_backup_codes: TwoFactorBackupCodesTable;
  identity_verifications: IdentityVerificationsTable;
  payout_settings: PayoutSettingsTable;
  beta_codes: BetaCodesTable;
  beta_features: BetaFeaturesTable;
  user_beta_features: UserBetaFeaturesTable;
  beta_feedback: BetaFeedbackTable;
  waitlist_entries: WaitlistEntriesTable;
  posts: PostsTable;
  post_search_terms: PostSearchTermsTable;
  post_media: PostMediaTable;
  post_likes: PostLikesTable;
  post_views: PostViewsTable;
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
  hashtags: HashtagsTable;
  post_hashtags: PostHashtagsTable;
  content_purchases: ContentPurchasesTable;
  subscriptions: SubscriptionsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_pending_releases: LedgerPendingReleasesTable;
  payouts: PayoutsTable;
  payout_schedules: PayoutSchedulesTable;
  idempotency_keys: IdempotencyKeysTable;
  media_folders: MediaFoldersTable;
  media_items: MediaItemsTable;
  media_uploads: MediaUploadsTable;
  notifications: NotificationsTable;
  notification_cursors: NotificationCursorsTable;
  chats: ChatsTable;
  chat_participants: ChatParticipantsTable;
  messages: MessagesTable;
  message_media: MessageMediaTable;
  message_likes: MessageUserFactTable;
  message_favorites: MessageUserFactTable;
  message_reads: MessageUserFactTable;
  message_hidden: MessageUserFactTable;
  message_purchases: MessagePurchasesTable;
  mass_messages: MassMessagesTable;
  push_subscriptions: PushSubscriptionsTable;
  reports: ReportsTable;
  provider_accounts: ProviderAccountsTable;
  payment_methods: PaymentMethodsTable;
  card_payments: CardPaymentsTable;
  provider_webhook_events: ProviderWebhookEventsTable;
  pro_pack_events: ProPackEventsTable;
  stories: StoriesTable;
  story_views: StoryViewsTable;
  scheduled_items: ScheduledItemsTable;
  data_exports: DataExportsTable;
  data_imports: DataImportsTable;
  account_deletion_requests: AccountDeletionRequestsTable;
  consent_records: ConsentRecordsTable;
  data_retention_settings: DataRetentionSettingsTable;
  media_stored_sizes: MediaStoredSizesTable;
  suggestions: SuggestionsTable;
  suggestion_votes: SuggestionVotesTable;
  roadmap_items: RoadmapItemsTable;
  contact_messages: ContactMessagesTable;
  site_feedback: SiteFeedbackTable;
  dmca_notices: DmcaNoticesTable;
  dmca_notice_posts: DmcaNoticePostsTable;
  onboarding_dismissals: OnboardingDismissalsTable;
  wishlist_items: WishlistItemsTable;
  wishlist_fundings: WishlistFundingsTable;
  qanda_items: QandaItemsTable;
  promotions: PromotionsTable;
  promo_codes: PromoCodesTable;
  promo_redemptions: PromoRedemptionsTable;
  tax_documents: TaxDocumentsTable;
  communities: CommunitiesTable;
  community_members: CommunityMembersTable;
  community_invites: CommunityInvitesTable;
  community_posts: CommunityPostsTable;
  community_post_likes: CommunityPostLikesTable;
  reels: ReelsTable;
  reel_likes: ReelLikesTable;
  reel_views: ReelViewsTable;
  productions: ProductionsTable;
  reel_comments: ReelCommentsTable;
  creator_notes: CreatorNotesTable;
  creator_templates: CreatorTemplatesTable;
  automation_rules: AutomationRulesTable;
  automation_runs: AutomationRunsTable;
  collaborations: CollaborationsTable;
  referral_codes: ReferralCodesTable;
  referrals: ReferralsTable;
  referral_earnings: ReferralEarningsTable;
  analytics_creator_counts: AnalyticsCreatorCountsTable;
  analytics_post_counts: AnalyticsPostCountsTable;
  analytics_profile_viewers: AnalyticsProfileViewersTable;
  analytics_access_log: AnalyticsAccessLogTable;
  ai_insights: AiInsightsTable;
  assistant_messages: AssistantMessagesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type JobRow = Selectable<JobsTable>;
export type AuthTokenRow = Selectable<AuthTokensTable>;
export type IdentityVerificationRow = Selectable<IdentityVerificationsTable>;
export type BetaCodeRow = Selectable<BetaCodesTable>;
export type MediaItemRow = Selectable<MediaItemsTable>;
export type MediaFolderRow = Selectable<MediaFoldersTable>;
export type MediaUploadRow = Selectable<MediaUploadsTable>;
export type PostRow = Selectable<PostsTable>;
export type CommentRow = Selectable<CommentsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type ChatRow = Selectable<ChatsTable>;
export type ChatParticipantRow = Selectable<ChatParticipantsTable>;
export type MessageRow = Selectable<MessagesTable>;

/** Card provider and pro pack (stripe migration, docs/ARCHITECTURE.md "Card provider"). */
export interface ProviderAccountsTable {
  user_id: string;
  customer_id: string | null;
  connect_account_id: string | null;
  connect_details_submitted: Generated<boolean>;
  connect_charges_enabled: Generated<boolean>;
  connect_payouts_enabled: Generated<boolean>;
  connect_verified_at: NullableTimestamp;
  identity_session_id: string | null;
  identity_status: string | null;
  pro_pack_subscription_id: string | null;
  updated_at: GeneratedTimestamp;
}

export interface PaymentMethodsTable {
  id: Generated<string>;
  user_id: string;
  provider: string;
  provider_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
}

export interface CardPaymentsTable {
  id: Generated<string>;
  user_id: string;
  provider: string;
  provider_ref: string;
  amount_cents: number;
  currency: string;
  payment_type: string;
  recipient_user_id: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  status: string;
  outcome: string | null;
  failure_reason: string | null;
  top_up_transaction_id: string | null;
  charge_transaction_id: string | null;
  /** Stripe: the payment intent of an invoice payment (provider_ref is the invoice id) */
  provider_intent_ref: string | null;
  refunded_cents: Generated<number>;
  created_at: CreatedAt;
  updated_at: GeneratedTimestamp;
}

export interface ProviderWebhookEventsTable {
  event_id: string;
  provider: string;
  type: string;
  outcome: string;
  received_at: CreatedAt;
}

export interface ProPackEventsTable {
  id: Generated<string>;
  user_id: string;
  kind: 'purchase' | 'renewal' | 'grant' | 'cancel' | 'resume' | 'expire' | 'refund';
  amount_cents: Generated<number>;
  period_end: NullableTimestamp;
  ledger_transaction_id: string | null;
  provider: string | null;
  provider_ref: string | null;
  admin_id: string | null;
  reason: string | null;
  created_at: CreatedAt;
}

/** Stories and the scheduler (modules/stories, modules/scheduler). */
export interface StoriesTable {
  id: Generated<string>;
  user_id: string;
  media_id: string | null;
  media_type: 'image' | 'video' | 'text';
  owns_media: Generated<boolean>;
  caption: Generated<string>;
  text_overlay: Generated<string>;
  text_position: GeneratedJson<{ x: number; y: number }>;
  text_size: Generated<number>;
  background_color: string | null;
  text_color: Generated<string>;
  access_level: Generated<'public' | 'followers' | 'subscribers'>;
  view_count: Generated<number>;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
}
export type StoryRow = Selectable<StoriesTable>;

export interface StoryViewsTable {
  story_id: string;
  viewer_id: string;
  viewed_at: GeneratedTimestamp;
}

export interface ScheduledItemsTable {
  id: Generated<string>;
  user_id: string;
  type: 'post' | 'story' | 'mass_message';
  payload: Json<Record<string, unknown>>;
  scheduled_for: Timestamp;
  status: Generated<'pending' | 'published' | 'failed' | 'canceled'>;
  revision: Generated<number>;
  attempts: Generated<number>;
  last_error: string | null;
  result_id: string | null;
  published_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: GeneratedTimestamp;
}
export type ScheduledItemRow = Selectable<ScheduledItemsTable>;
/** Privacy and data tools (migration 2026-11-24T1300-data-tools). */
type DataJobStatus = 'pending' | 'processing' | 'completed' | 'failed';
export interface DataExportsTable {
  id: Generated<string>;
  user_id: string;
  type:
    | 'all'
    | 'profile'
    | 'posts'
    | 'messages'
    | 'media'
    | 'transactions'
    | 'followers'
    | 'subscribers';
  format: 'json' | 'csv';
  status: Generated<DataJobStatus>;
  progress: Generated<number>;
  storage_key: string | null;
  filename: string | null;
  size_bytes: number | null;
  file_count: number | null;
  error: string | null;
  created_at: CreatedAt;
  started_at: NullableTimestamp;
  heartbeat_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  expires_at: NullableTimestamp;
}
export type DataExportRow = Selectable<DataExportsTable>;

export interface DataImportsTable {
  id: Generated<string>;
  user_id: string;
  type: 'profile' | 'social-links' | 'media';
  format: 'zip' | 'json' | 'csv';
  status: Generated<DataJobStatus>;
  progress: Generated<number>;
  storage_key: string | null;
  filename: string;
  size_bytes: number;
  result: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  error: string | null;
  created_at: CreatedAt;
  started_at: NullableTimestamp;
  heartbeat_at: NullableTimestamp;
  completed_at: NullableTimestamp;
}
export type DataImportRow = Selectable<DataImportsTable>;

export interface AccountDeletionRequestsTable {
  id: Generated<string>;
  user_id: string;
  reason: string | null;
  status: Generated<'pending' | 'cancelled' | 'completed'>;
  requested_at: CreatedAt;
  scheduled_for: Timestamp;
  cancelled_at: NullableTimestamp;
  completed_at: NullableTimestamp;
}
export type AccountDeletionRequestRow = Selectable<AccountDeletionRequestsTable>;

export interface ConsentRecordsTable {
  id: Generated<number>;
  user_id: string;
  consent_type: 'terms' | 'privacy' | 'marketing' | 'analytics' | 'personalization';
  granted: boolean;
  version: string;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
}

export interface DataRetentionSettingsTable {
  user_id: string;
  messages_days: number | null;
  notifications_days: number | null;
  updated_at: GeneratedTimestamp;
  last_run_at: NullableTimestamp;
}

export interface MediaStoredSizesTable {
  media_id: string;
  owner_id: string;
  stored_bytes: number;
  file_count: number;
  measured_at: GeneratedTimestamp;
}

/** Community pages, rights notices, onboarding (migration 2026-11-25T1400-community). */
export interface SuggestionsTable {
  id: Generated<string>;
  user_id: string | null;
  title: string;
  description: Generated<string>;
  status: Generated<'open' | 'planned' | 'in_progress' | 'done' | 'declined'>;
  votes_count: Generated<number>;
  created_at: CreatedAt;
  /** migration 2026-11-26T1141-suggestion-admin */
  roadmap_item_id: string | null;
  status_changed_at: NullableTimestamp;
}
export type SuggestionRow = Selectable<SuggestionsTable>;

export interface SuggestionVotesTable {
  suggestion_id: string;
  user_id: string;
  created_at: CreatedAt;
}

export interface RoadmapItemsTable {
  id: Generated<string>;
  title: string;
  description: Generated<string>;
  status: Generated<'planned' | 'in_progress' | 'done'>;
  eta: string | null;
  position: Generated<number>;
  created_at: CreatedAt;
  updated_at: GeneratedTimestamp;
}
export type RoadmapItemRow = Selectable<RoadmapItemsTable>;

export interface ContactMessagesTable {
  id: Generated<string>;
  user_id: string | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  ip: string | null;
  created_at: CreatedAt;
}
export type ContactMessageRow = Selectable<ContactMessagesTable>;

export interface SiteFeedbackTable {
  id: Generated<string>;
  user_id: string | null;
  /** null: feedback sent without a rating (migration 2026-12-03T10) */
  rating: number | null;
  message: Generated<string>;
  page: string | null;
  created_at: CreatedAt;
}

export interface DmcaNoticesTable {
  id: Generated<string>;
  user_id: string | null;
  claimant_name: string;
  email: string;
  copyrighted_work: string;
  infringing_urls: GeneratedJson<string[]>;
  statement: string;
  signature: string;
  status: Generated<
    'submitted' | 'reviewing' | 'actioned' | 'rejected' | 'countered' | 'restored' | 'upheld'
  >;
  notes: string | null;
  content_removed: Generated<boolean>;
  /** migration 2026-11-26T1140-dmca-restore: a countered notice restores itself then */
  restore_after: NullableTimestamp;
  counter_statement: string | null;
  counter_signature: string | null;
  counter_by: string | null;
  counter_at: NullableTimestamp;
  ip: string | null;
  created_at: CreatedAt;
  updated_at: GeneratedTimestamp;
}
export type DmcaNoticeRow = Selectable<DmcaNoticesTable>;

export interface DmcaNoticePostsTable {
  notice_id: string;
  post_id: string;
  creator_id: string;
  /** when this notice's takedown deleted the post (null: not taken down, or restored) */
  removed_at: NullableTimestamp;
}

export interface OnboardingDismissalsTable {
  user_id: string;
  step: string;
  created_at: CreatedAt;
}
/** Commerce extras (migration 2026-11-25T1200-commerce, docs/ARCHITECTURE.md "Commerce extras"). */
export interface WishlistItemsTable {
  id: Generated<string>;
  creator_id: string;
  title: string;
  description: Generated<string>;
  goal_cents: number;
  funded_cents: Generated<number>;
  image_url: string | null;
  completed_at: NullableTimestamp;
  deleted_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: GeneratedTimestamp;
}
export type WishlistItemRow = Selectable<WishlistItemsTable>;

export interface WishlistFundingsTable {
  id: Generated<string>;
  item_id: string;
  funder_id: string | null;
  amount_cents: number;
  transaction_id: string;
  created_at: CreatedAt;
}

export interface QandaItemsTable {
  id: Generated<string>;
  creator_id: string;
  question: string;
  answer: string;
  created_at: CreatedAt;
}
export type QandaItemRow = Selectable<QandaItemsTable>;

export interface PromotionsTable {
  id: Generated<string>;
  creator_id: string;
  kind: 'free_trial' | 'discount';
  title: string;
  discount_percent: number | null;
  trial_days: number | null;
  max_uses: number | null;
  uses_count: Generated<number>;
  expires_at: NullableTimestamp;
  claim_token: string;
  ended_at: NullableTimestamp;
  created_at: CreatedAt;
}
export type PromotionRow = Selectable<PromotionsTable>;

export interface PromoCodesTable {
  id: Generated<string>;
  creator_id: string;
  code: string;
  percent_off: number;
  applies_to: Generated<'all' | 'subscription' | 'unlock'>;
  max_uses: number | null;
  uses_count: Generated<number>;
  expires_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  created_at: CreatedAt;
}
export type PromoCodeRow = Selectable<PromoCodesTable>;

export interface PromoRedemptionsTable {
  id: Generated<string>;
  user_id: string;
  promotion_id: string | null;
  promo_code_id: string | null;
  purpose: 'subscription' | 'unlock';
  target_id: string;
  original_cents: number;
  charged_cents: number;
  transaction_id: string | null;
  created_at: CreatedAt;
}

export interface TaxDocumentsTable {
  id: Generated<string>;
  user_id: string;
  year: number;
  title: string;
  filename: string;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  created_at: CreatedAt;
}
export type TaxDocumentRow = Selectable<TaxDocumentsTable>;

/** Communities, reels and productions (migration 2026-11-25T1047-communities-reels). */
export interface CommunitiesTable {
  id: Generated<string>;
  owner_id: string;
  name: string;
  description: Generated<string>;
  category: Generated<string>;
  is_private: Generated<boolean>;
  member_count: Generated<number>;
  like_count: Generated<number>;
  post_count: Generated<number>;
  last_activity_at: GeneratedTimestamp;
  created_at: CreatedAt;
  updated_at: GeneratedTimestamp;
}
export type CommunityRow = Selectable<CommunitiesTable>;

export interface CommunityMembersTable {
  community_id: string;
  user_id: string;
  role: Generated<'owner' | 'moderator' | 'member'>;
  joined_at: GeneratedTimestamp;
}
export type CommunityMemberRow = Selectable<CommunityMembersTable>;

export interface CommunityInvitesTable {
  community_id: string;
  user_id: string;
  invited_by: string | null;
  created_at: CreatedAt;
}

export interface CommunityPostsTable {
  id: Generated<string>;
  community_id: string;
  author_id: string;
  content: Generated<string>;
  media_id: string | null;
  like_count: Generated<number>;
  created_at: GeneratedTimestamp;
}
export type CommunityPostRow = Selectable<CommunityPostsTable>;

export interface CommunityPostLikesTable {
  post_id: string;
  user_id: string;
  created_at: CreatedAt;
}

export interface ReelsTable {
  id: Generated<string>;
  user_id: string;
  media_id: string | null;
  owns_media: Generated<boolean>;
  caption: Generated<string>;
  like_count: Generated<number>;
  view_count: Generated<number>;
  comment_count: Generated<number>;
  created_at: GeneratedTimestamp;
}
export type ReelRow = Selectable<ReelsTable>;

export interface ReelLikesTable {
  reel_id: string;
  user_id: string;
  created_at: CreatedAt;
}

export interface ReelViewsTable {
  reel_id: string;
  viewer_id: string;
  viewed_at: CreatedAt;
}

export interface ProductionCollaboratorJson {
  userId: string | null;
  name: string;
  role: string;
}

export interface ProductionsTable {
  id: Generated<string>;
  creator_id: string;
  title: string;
  description: Generated<string>;
  status: Generated<'planned' | 'shooting' | 'editing' | 'published'>;
  shoot_date: string | null;
  release_ids: GeneratedJson<string[]>;
  collaborators: GeneratedJson<ProductionCollaboratorJson[]>;
  post_ids: GeneratedJson<string[]>;
  created_at: CreatedAt;
  updated_at: GeneratedTimestamp;
}
export type ProductionRow = Selectable<ProductionsTable>;

export interface ReelCommentsTable {
  id: Generated<string>;
  reel_id: string;
  user_id: string;
  content: string;
  created_at: GeneratedTimestamp;
}
export type ReelCommentRow = Selectable<ReelCommentsTable>;
export interface CreatorNotesTable {
  id: Generated<string>;
  creator_id: string;
  fan_id: string;
  note: string;
  created_at: CreatedAt;
  updated_at: GeneratedTimestamp;
}
export type CreatorNoteRow = Selectable<CreatorNotesTable>;

export interface CreatorTemplatesTable {
  id: Generated<string>;
  user_id: string;
  type: 'message' | 'post';
  name: string;
  body: string;
  price_cents: number | null;
  created_at: CreatedAt;
  updated_at: GeneratedTimestamp;
}
export type CreatorTemplateRow = Selectable<CreatorTemplatesTable>;

export type AutomationTriggerName =
  'new_subscriber' | 'tip_received' | 'subscription_renewed' | 'subscription_expired';

export interface StoredAutomationAction {
  type: 'send_message';
  text: string;
  lockedCents: number | null;
  mediaIds: string[];
}

export interface AutomationRulesTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  trigger: AutomationTriggerName;
  action: ColumnType<StoredAutomationAction, string, string>;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: GeneratedTimestamp;
}
export type AutomationRuleRow = Selectable<AutomationRulesTable>;

export interface AutomationRunsTable {
  id: Generated<number>;
  rule_id: string;
  event_key: string;
  trigger: AutomationTriggerName;
  fan_id: string | null;
  status: 'sent' | 'skipped';
  reason: string | null;
  message_id: string | null;
  chat_id: string | null;
  created_at: CreatedAt;
}
export type AutomationRunRow = Selectable<AutomationRunsTable>;

export interface CollaborationsTable {
  id: Generated<string>;
  post_id: string;
  owner_id: string;
  collaborator_id: string;
  split_percent: number;
  earned_cents: Generated<number>;
  status: Generated<'pending' | 'accepted' | 'declined'>;
  created_at: CreatedAt;
  responded_at: NullableTimestamp;
}
export type CollaborationRow = Selectable<CollaborationsTable>;

export interface AnalyticsCreatorCountsTable {
  creator_id: string;
  grain: 'minute' | 'hour';
  bucket: Timestamp;
  metric: string;
  count: number;
}

export interface AnalyticsPostCountsTable {
  post_id: string;
  /** a date column: read as a Date at UTC midnight */
  day: Timestamp;
  metric: string;
  creator_id: string;
  count: number;
}

export interface AnalyticsProfileViewersTable {
  creator_id: string;
  viewer_id: string;
  first_viewed_at: GeneratedTimestamp;
  last_viewed_at: GeneratedTimestamp;
  views: number;
}

export interface AnalyticsAccessLogTable {
  id: Generated<number>;
  user_id: string;
  kind: 'authorized' | 'unauthorized';
  resource: string;
  reason: string | null;
  created_at: CreatedAt;
}

export interface AiInsightsTable {
  id: Generated<string>;
  creator_id: string;
  kind: 'generated' | 'monthly';
  period: string;
  month: string | null;
  source: 'statistical' | 'ai' | 'fallback';
  summary: string;
  insights: Json<unknown>;
  recommendations: Json<unknown>;
  metrics: Json<unknown>;
  created_at: CreatedAt;
}

export interface AssistantMessagesTable {
  id: Generated<string>;
  user_id: string;
  role: 'user' | 'assistant';
  content: string;
  sources: Json<unknown>;
  created_at: CreatedAt;
}

export interface ReferralCodesTable {
  user_id: string;
  code: string;
  created_at: CreatedAt;
}

export interface ReferralsTable {
  referred_id: string;
  referrer_id: string;
  code: string;
  created_at: CreatedAt;
}

export interface ReferralEarningsTable {
  charge_transaction_id: string;
  share_transaction_id: string;
  referrer_id: string;
  referred_id: string;
  gross_cents: number;
  amount_cents: number;
  reversed_cents: Generated<number>;
  created_at: CreatedAt;
}
