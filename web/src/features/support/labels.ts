/** Words the support screens show for the desk's values (shared with the admin queue). */
import type { SupportCategory, SupportStatus } from '@fanspace/contracts';

export const CATEGORY_LABELS: Record<SupportCategory, string> = {
  account: 'Account and login',
  payments: 'Payments and payouts',
  content: 'Posts and content',
  safety: 'Safety and harassment',
  bug: 'Something is broken',
  other: 'Something else',
};

export const STATUS_LABELS: Record<SupportStatus, string> = {
  open: 'Waiting for support',
  answered: 'Answered',
  closed: 'Closed',
};
