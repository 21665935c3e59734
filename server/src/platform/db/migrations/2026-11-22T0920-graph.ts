import { sql, type Kysely } from 'kysely';

/**
 * The social graph: follows, blocks, restricts, user groups and discovery feedback, plus
 * `users.promoted_until` (set by the admin promotion of a later issue).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('users').addColumn('promoted_until', 'timestamptz').execute();
  // discovery lists read only active creators; partial indexes keep them small and ordered
  await sql`create index users_promoted_idx on users (promoted_until desc, id) where promoted_until is not null`.execute(
    db,
  );
  await sql`create index users_creators_new_idx on users (created_at desc, id desc) where account_type = 'creator' and status = 'active'`.execute(
    db,
  );
  await sql`create index users_creators_popular_idx on users (followers_count desc, id) where account_type = 'creator' and status = 'active'`.execute(
    db,
  );

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
    .addCheckConstraint('follows_not_self', sql`follower_id <> followee_id`)
    .execute();
  // followers / following lists: equality on one side, newest first, keyset on (created_at, id)
  await sql`create index follows_followee_idx on follows (followee_id, created_at desc, follower_id desc)`.execute(
    db,
  );
  await sql`create index follows_follower_idx on follows (follower_id, created_at desc, followee_id desc)`.execute(
    db,
  );
  // trending: follows gained in a recent window, grouped by followee (index-only range scan)
  await sql`create index follows_recent_idx on follows (created_at, followee_id)`.execute(db);

  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .addCheckConstraint('blocks_not_self', sql`blocker_id <> blocked_id`)
    .execute();
  // "who blocked me" half of the hidden-users check
  await sql`create index blocks_blocked_idx on blocks (blocked_id, blocker_id)`.execute(db);

  await db.schema
    .createTable('restricts')
    .addColumn('restricter_id', 'uuid', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('restricted_id', 'uuid', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('restricts_pk', ['restricter_id', 'restricted_id'])
    .addCheckConstraint('restricts_not_self', sql`restricter_id <> restricted_id`)
    .execute();
  // restrictedByUserIds
  await sql`create index restricts_restricted_idx on restricts (restricted_id, restricter_id)`.execute(
    db,
  );

  await db.schema
    .createTable('user_groups')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index user_groups_owner_idx on user_groups (owner_id, created_at, id)`.execute(
    db,
  );

  await db.schema
    .createTable('user_group_members')
    .addColumn('group_id', 'uuid', (c) =>
      c.notNull().references('user_groups.id').onDelete('cascade'),
    )
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // the order the owner gave the members in
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_group_members_pk', ['group_id', 'member_id'])
    .execute();
  // a block removes the pair from each other's groups; also serves the FK cascade
  await sql`create index user_group_members_member_idx on user_group_members (member_id)`.execute(
    db,
  );

  await db.schema
    .createTable('user_feedback')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('feedback_type', 'text', (c) =>
      c.notNull().check(sql`feedback_type in ('not_interested', 'show_more', 'report_spam')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_feedback_pk', ['user_id', 'target_id', 'feedback_type'])
    .execute();
  // moderation reads feedback about an account (report_spam); also serves the FK cascade
  await sql`create index user_feedback_target_idx on user_feedback (target_id, feedback_type)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    'user_feedback',
    'user_group_members',
    'user_groups',
    'restricts',
    'blocks',
    'follows',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  for (const index of [
    'users_promoted_idx',
    'users_creators_new_idx',
    'users_creators_popular_idx',
  ])
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  await db.schema.alterTable('users').dropColumn('promoted_until').execute();
}
