import { sql, type Kysely } from 'kysely';

/**
 * Accounts beyond sign-in: identity verification submissions (the way a fan becomes a
 * creator), encrypted payout settings, the beta gate (codes, features, feedback) and the
 * waitlist. Also indexes the display-name search of GET /users.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('users').addColumn('beta_access_at', 'timestamptz').execute();
  // GET /users?q= matches username or display name by substring; trigram GIN serves ILIKE.
  await sql`create index users_display_name_trgm_idx on users using gin (display_name gin_trgm_ops)`.execute(
    db,
  );

  await db.schema
    .createTable('identity_verifications')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'approved', 'rejected')`),
    )
    // storage keys in the private namespace; null once the documents were purged
    .addColumn('id_front_key', 'text')
    .addColumn('id_back_key', 'text')
    .addColumn('selfie_key', 'text')
    .addColumn('rejection_reason', 'text')
    .addColumn('reviewed_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // at most one pending submission per user, also under concurrent submits
  await sql`create unique index identity_verifications_one_pending_idx on identity_verifications (user_id) where status = 'pending'`.execute(
    db,
  );
  await sql`create index identity_verifications_user_idx on identity_verifications (user_id, created_at desc)`.execute(
    db,
  );
  await sql`create index identity_verifications_pending_idx on identity_verifications (created_at, id) where status = 'pending'`.execute(
    db,
  );

  await db.schema
    .createTable('payout_settings')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('account_holder', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('currency', 'text')
    .addColumn('bank_name', 'text')
    .addColumn('account_type', 'text', (c) =>
      c.notNull().check(sql`account_type in ('iban', 'account')`),
    )
    .addColumn('last4', 'text', (c) => c.notNull())
    // AES-256-GCM ciphertext of the full bank details (platform/crypto/data-encryption.ts)
    .addColumn('details_encrypted', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('beta_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('max_uses', 'integer', (c) => c.notNull().check(sql`max_uses > 0`))
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('invited_email', sql`citext`)
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('beta_codes_uses_check', sql`uses >= 0 and uses <= max_uses`)
    .execute();

  await db.schema
    .createTable('beta_features')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into beta_features (id, name, description, sort_order) values
    ('analytics-v2', 'Analytics v2', 'Period comparisons and top-content charts on your dashboard.', 1),
    ('ai-assistant', 'AI assistant', 'Ask the assistant about your stats and get posting suggestions.', 2),
    ('reels', 'Reels', 'Short vertical videos in a swipeable feed.', 3),
    ('communities', 'Communities', 'Topic groups with their own posts and members.', 4)`.execute(
    db,
  );

  await db.schema
    .createTable('user_beta_features')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('feature_id', 'text', (c) =>
      c.notNull().references('beta_features.id').onDelete('cascade'),
    )
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_beta_features_pk', ['user_id', 'feature_id'])
    .execute();

  await db.schema
    .createTable('beta_feedback')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('feature_id', 'text', (c) => c.references('beta_features.id').onDelete('set null'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index beta_feedback_created_idx on beta_feedback (created_at desc)`.execute(db);

  await db.schema
    .createTable('waitlist_entries')
    // the serial id is the queue order: position = entries with an id at or below yours
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('email', sql`citext`, (c) => c.notNull().unique())
    .addColumn('user_type', 'text', (c) => c.notNull().check(sql`user_type in ('fan', 'creator')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    'waitlist_entries',
    'beta_feedback',
    'user_beta_features',
    'beta_features',
    'beta_codes',
    'payout_settings',
    'identity_verifications',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`drop index if exists users_display_name_trgm_idx`.execute(db);
  await db.schema.alterTable('users').dropColumn('beta_access_at').execute();
}
