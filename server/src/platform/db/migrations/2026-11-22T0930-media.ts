import { sql, type Kysely } from 'kysely';

/**
 * The media vault (modules/media): folders, items with their storage keys, and presigned
 * uploads waiting for their bytes.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('media_folders')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // deleting a folder lifts its sub-folders to the root
    .addColumn('parent_id', 'uuid', (c) => c.references('media_folders.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index media_folders_owner_idx on media_folders (owner_id, name, id)`.execute(db);
  await sql`create index media_folders_parent_idx on media_folders (parent_id)`.execute(db);

  await db.schema
    .createTable('media_items')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // deleting a folder moves its items to the root
    .addColumn('folder_id', 'uuid', (c) => c.references('media_folders.id').onDelete('set null'))
    .addColumn('media_type', 'text', (c) =>
      c.notNull().check(sql`media_type in ('image', 'video', 'audio')`),
    )
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('duration_seconds', 'double precision')
    // sha256 of the bytes as uploaded: duplicates are found per owner
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('original_key', 'text', (c) => c.notNull())
    .addColumn('large_key', 'text')
    .addColumn('small_key', 'text')
    .addColumn('teaser_key', 'text')
    .addColumn('poster_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  // the vault list: one owner, newest first, keyset on (created_at, id); serves the FK cascade
  await sql`create index media_items_owner_idx on media_items (owner_id, created_at desc, id desc)`.execute(
    db,
  );
  // a folder's items (a folder belongs to one owner); serves the set-null on folder delete
  await sql`create index media_items_folder_idx on media_items (folder_id, created_at desc, id desc)`.execute(
    db,
  );
  // duplicates by content hash, live items only
  await sql`create index media_items_hash_idx on media_items (owner_id, content_hash) where deleted_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('media_uploads')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('folder_id', 'uuid', (c) => c.references('media_folders.id').onDelete('set null'))
    .addColumn('title', 'text')
    // where the bytes wait on S3 until /uploads/complete; null for the local direct PUT
    .addColumn('staging_key', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'processing', 'completed', 'failed')`),
    )
    .addColumn('media_id', 'uuid', (c) => c.references('media_items.id').onDelete('set null'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index media_uploads_owner_idx on media_uploads (owner_id, created_at)`.execute(
    db,
  );
  await sql`create index media_uploads_folder_idx on media_uploads (folder_id)`.execute(db);
  await sql`create index media_uploads_media_idx on media_uploads (media_id)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const table of ['media_uploads', 'media_items', 'media_folders'])
    await db.schema.dropTable(table).ifExists().execute();
}
