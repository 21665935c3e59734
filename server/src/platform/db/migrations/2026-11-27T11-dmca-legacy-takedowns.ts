import { sql, type Kysely } from 'kysely';

/**
 * DMCA takedowns made before 2026-11-26T1140-dmca-restore carry no `removed_at` on their
 * posts, so a restore (which brings back only the deletion its takedown made) found nothing to
 * bring back. Their own records say what they removed: the `dmca.actioned` audit entry of the
 * takedown lists `removedPosts` and was written in the same transaction as the deletions. A
 * named post gets its current deletion time as `removed_at` only when
 * - the notice still stands taken down (content_removed, actioned or countered),
 * - the post is in that entry's removedPosts and is still deleted, and
 * - its deletion time is the takedown's (within minutes of the entry: the audit time is the
 *   transaction's start, the deletion time the app's clock a moment later),
 * so a post deleted for any other reason is never linked, and never restored.
 * Running it again changes nothing (only links still missing are filled).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    update dmca_notice_posts np
    set removed_at = p.deleted_at
    from dmca_notices n, posts p
    where n.id = np.notice_id
      and p.id = np.post_id
      and np.removed_at is null
      and n.content_removed
      and n.status in ('actioned', 'countered')
      and p.deleted_at is not null
      and exists (
        select 1 from admin_audit_log a
        where a.action = 'dmca.actioned'
          and a.target_type = 'dmca_notice'
          and a.target_id = n.id::text
          and a.details -> 'removedPosts' @> jsonb_build_array(np.post_id::text)
          and p.deleted_at between a.created_at - interval '5 minutes'
                               and a.created_at + interval '5 minutes'
      )`.execute(db);
}

/** The links are right for the restore feature either way: nothing to undo. */
export async function down() {}
