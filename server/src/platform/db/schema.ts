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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  jobs: JobsTable;
  platform_settings: PlatformSettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type JobRow = Selectable<JobsTable>;
