import { perUserLimit } from '../graph/route-helpers.ts';

/** Money routes: enough for a burst of real clicks, tight for scripts (per account). */
export const MoneyLimits = {
  charge: perUserLimit(120, '1 minute'),
  topUp: perUserLimit(30, '1 minute'),
  read: perUserLimit(240, '1 minute'),
} as const;
