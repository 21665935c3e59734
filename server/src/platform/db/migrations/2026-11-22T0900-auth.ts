import { sql, type Kysely } from 'kysely';

/**
 * Accounts: single-purpose tokens (2FA login step, email/phone verification, password reset),
 * failed logins for the brute-force limit, and 2FA backup codes. Secrets are stored only as
 * SHA-256 hashes.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) =>
      c
        .notNull()
        .check(sql`purpose in ('login_2fa', 'email_verify', 'phone_verify', 'password_reset')`),
    )
    // the bearer/link token (temp token, link in a mail); null for code-only tokens
    .addColumn('token_hash', 'text', (c) => c.unique())
    // the short code typed by the user (email/phone verification)
    .addColumn('code_hash', 'text')
    // the email address or phone number the code was sent to
    .addColumn('target', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index auth_tokens_user_idx on auth_tokens (user_id, purpose, created_at desc) where used_at is null`.execute(
    db,
  );
  await sql`create index auth_tokens_target_idx on auth_tokens (purpose, target, created_at desc) where used_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    // 'user:<id>' for a known account, 'name:<lowercased identifier>' otherwise
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index login_failures_key_idx on login_failures (account_key, ip, created_at)`.execute(
    db,
  );

  await db.schema
    .createTable('two_factor_backup_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('two_factor_backup_codes_user_code_key', ['user_id', 'code_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of ['two_factor_backup_codes', 'login_failures', 'auth_tokens']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
