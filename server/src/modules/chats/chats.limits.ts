import { perUserLimit } from '../graph/route-helpers.ts';

/** Per-account limits of the chat routes: sends are the abusable write (spam). */
export const ChatLimits = {
  open: perUserLimit(30, '1 minute'),
  send: perUserLimit(60, '1 minute'),
  /** likes, favorites, reads: a scroll through a long chat marks many at once */
  react: perUserLimit(300, '1 minute'),
  read: perUserLimit(600, '1 minute'),
  report: perUserLimit(20, '10 minutes'),
  edit: perUserLimit(60, '1 minute'),
  /** unlocks, offers, content requests: money moves, and races are refused, not queued */
  pay: perUserLimit(120, '1 minute'),
  /** mass messages: each fans out to a whole audience */
  mass: perUserLimit(10, '1 hour'),
} as const;
