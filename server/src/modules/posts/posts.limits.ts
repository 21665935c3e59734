import { perUserLimit } from '../graph/route-helpers.ts';

/**
 * Per-account limits of the posts, comments and search routes (the address when signed out).
 * Generous for people, tight for scripts: 20 concurrent likes of a page still pass.
 */
export const PostLimits = {
  /** uploads and media processing: the expensive write */
  create: perUserLimit(30, '10 minutes'),
  edit: perUserLimit(60, '1 minute'),
  like: perUserLimit(180, '1 minute'),
  view: perUserLimit(600, '1 minute'),
  comment: perUserLimit(30, '1 minute'),
  commentEdit: perUserLimit(60, '1 minute'),
  search: perUserLimit(120, '1 minute'),
} as const;
