import { perUserLimit } from '../graph/route-helpers.ts';

/** Commerce routes (per account): creators edit in bursts; reads are profile views. */
export const CommerceLimits = {
  write: perUserLimit(60, '1 minute'),
  read: perUserLimit(240, '1 minute'),
  validate: perUserLimit(30, '1 minute'),
  upload: perUserLimit(20, '10 minutes'),
} as const;
