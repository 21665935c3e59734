import type { DbHandle } from '../../platform/db/database.ts';
import { mentionedUserIds } from '../posts/comments.queries.ts';
import { mentionedUsernames } from '../posts/posts.rules.ts';
import { notify } from './notify.ts';

/**
 * 'mention' notifications for @usernames in a caption or comment: each mentioned, visible
 * account not hidden from the author is told once per text (notify skips the author, blocked
 * pairs and users who turned mentions off). `skip`: users already told by another
 * notification about the same thing (the post owner gets 'comment').
 */
export async function notifyMentions(
  db: DbHandle,
  input: {
    authorId: string;
    /** the text, or the already resolved user ids */
    text?: string;
    userIds?: readonly string[];
    relatedId: string;
    relatedType: 'post' | 'comment';
    data: Record<string, unknown>;
    skip?: readonly string[];
  },
): Promise<number> {
  const ids =
    input.userIds ??
    (await mentionedUserIds(db, input.authorId, mentionedUsernames(input.text ?? '')));
  let sent = 0;
  for (const userId of new Set(ids)) {
    if (input.skip?.includes(userId)) continue;
    const row = await notify(db, {
      userId,
      type: 'mention',
      actorId: input.authorId,
      relatedId: input.relatedId,
      relatedType: input.relatedType,
      data: input.data,
    });
    if (row) sent += 1;
  }
  return sent;
}
