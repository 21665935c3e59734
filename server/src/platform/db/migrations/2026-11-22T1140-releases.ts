import { sql, type Kysely } from 'kysely';

/**
 * Model releases (releases module). ID images live in the private storage namespace; the ID
 * number and the consent token are encrypted at rest (platform/crypto), the token also kept as
 * a SHA-256 hash so the public consent route can find its row.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table model_releases (
      id uuid primary key default gen_random_uuid(),
      creator_id uuid not null references users(id) on delete cascade,
      status text not null default 'pending' check (status in ('pending', 'signed', 'revoked')),
      model_name text not null,
      -- 'YYYY-MM-DD' as entered: a calendar date, never shifted by a time zone
      model_dob text check (model_dob ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      id_type text,
      id_number_encrypted text,
      id_number_last4 text,
      id_front_key text,
      id_back_key text,
      holding_id_key text,
      signature_data_url text,
      creator_signature_data_url text,
      terms text,
      consent_token_hash text unique,
      consent_token_encrypted text,
      consent_expires_at timestamptz,
      signed_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (status <> 'signed' or (signed_at is not null and signature_data_url is not null
        and id_front_key is not null and holding_id_key is not null and model_dob is not null))
    )`.execute(db);
  await sql`create index model_releases_creator_idx on model_releases (creator_id, created_at desc)
    where status <> 'revoked'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table if exists model_releases`.execute(db);
}
