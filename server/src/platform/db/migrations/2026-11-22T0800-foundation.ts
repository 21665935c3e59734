import { sql, type Kysely } from 'kysely';

/** Users, sessions, jobs (also the transactional outbox) and platform settings: what every module builds on. */
export async function up(db: Kysely<unknown>) {
  await sql`create extension if not exists citext`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('username', sql`citext`, (c) => c.notNull().unique())
    .addColumn('email', sql`citext`, (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('account_type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('fan')
        .check(sql`account_type in ('fan', 'creator')`),
    )
    .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'banned', 'suspended', 'deleted')`),
    )
    .addColumn('status_reason', 'text')
    .addColumn('suspended_until', 'timestamptz')
    .addColumn('display_name', 'text')
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar_url', 'text')
    .addColumn('banner_url', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('phone_verified_at', 'timestamptz')
    .addColumn('identity_status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(sql`identity_status in ('none', 'pending', 'verified', 'rejected')`),
    )
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled_at', 'timestamptz')
    .addColumn('totp_last_step', 'bigint')
    .addColumn('preferences', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('privacy', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('profile', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('social_links', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('subscription_price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('followers_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('following_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subscriber_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('posts_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pro_pack_active_until', 'timestamptz')
    .addColumn('pro_pack_status', 'text')
    .addColumn('pro_pack_canceled_at', 'timestamptz')
    .addColumn('creator_update_text', 'text')
    .addColumn('creator_update_image_url', 'text')
    .addColumn('creator_update_at', 'timestamptz')
    .addColumn('first_login_at', 'timestamptz')
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('onboarding_completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create index users_created_at_idx on users (created_at desc, id desc)`.execute(db);
  await sql`create index users_username_trgm_idx on users using gin ((username::text) gin_trgm_ops)`.execute(
    db,
  );

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await sql`create index sessions_user_idx on sessions (user_id) where revoked_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'running', 'done', 'failed')`),
    )
    .addColumn('run_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('last_error', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('locked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`create index jobs_due_idx on jobs (run_at, id) where status = 'pending'`.execute(db);
  await sql`create index jobs_running_idx on jobs (locked_at) where status = 'running'`.execute(db);

  await db.schema
    .createTable('platform_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'uuid')
    .execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of ['platform_settings', 'jobs', 'sessions', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
