/**
 * Comments shown one level deep (spec §3 Comment replyToCommentId): a reply to a reply joins
 * the thread of its top-level comment, in the order the server sent them (oldest first).
 */
import type { Comment } from '@fanspace/contracts';

export interface CommentThread {
  comment: Comment;
  replies: Comment[];
}

export function threadComments(comments: Comment[]): CommentThread[] {
  const byId = new Map(comments.map((c) => [c.id, c]));
  const rootOf = (comment: Comment): string => {
    let current = comment;
    const seen = new Set<string>();
    while (current.replyToCommentId && !seen.has(current.id)) {
      seen.add(current.id);
      const parent = byId.get(current.replyToCommentId);
      if (!parent) break;
      current = parent;
    }
    return current.id;
  };
  const threads = new Map<string, CommentThread>();
  const orphans: Comment[] = [];
  for (const comment of comments) {
    const root = rootOf(comment);
    if (root === comment.id) {
      threads.set(comment.id, { comment, replies: threads.get(comment.id)?.replies ?? [] });
      continue;
    }
    const thread = threads.get(root);
    if (thread) thread.replies.push(comment);
    else orphans.push(comment);
  }
  // Replies whose parent sits on a page not loaded yet still show, as their own thread.
  for (const comment of orphans) {
    const root = threads.get(rootOf(comment));
    if (root) root.replies.push(comment);
    else threads.set(comment.id, { comment, replies: [] });
  }
  return [...threads.values()];
}
