import type { ComponentType } from 'react';
import {
  ChartIcon,
  ClockIcon,
  CoinsIcon,
  FileIcon,
  FlagIcon,
  HomeIcon,
  ImageIcon,
  LifeBuoyIcon,
  SettingsIcon,
  SparklesIcon,
  BadgeCheckIcon,
  UsersIcon,
  WalletIcon,
  CodeIcon,
  type IconProps,
} from '../ui/icons.tsx';

export interface AdminSection {
  /** Path under /admin; '' is the dashboard. */
  path: string;
  label: string;
  icon: ComponentType<IconProps>;
  description: string;
}

/** The back-office sections of spec §2, in menu order. */
export const ADMIN_SECTIONS: AdminSection[] = [
  {
    path: '',
    label: 'Dashboard',
    icon: HomeIcon,
    description: 'Platform health, sign-ups and revenue at a glance.',
  },
  {
    path: 'users',
    label: 'Users',
    icon: UsersIcon,
    description: 'Search, warn, suspend, ban, verify and promote accounts.',
  },
  {
    path: 'reports',
    label: 'Reports',
    icon: FlagIcon,
    description: 'Reports from users about posts, messages and profiles.',
  },
  {
    path: 'verifications',
    label: 'Verification submissions',
    icon: BadgeCheckIcon,
    description: 'Identity documents waiting for approval.',
  },
  {
    path: 'posts',
    label: 'Posts',
    icon: ImageIcon,
    description: 'Review and remove posts and comments.',
  },
  {
    path: 'transactions',
    label: 'Transactions',
    icon: WalletIcon,
    description: 'Every payment, tip, unlock and refund.',
  },
  {
    path: 'growth',
    label: 'Growth stats',
    icon: ChartIcon,
    description: 'Sign-ups, active users and retention over time.',
  },
  {
    path: 'earnings',
    label: 'Creator earnings',
    icon: CoinsIcon,
    description: 'Earnings per creator and payouts to process.',
  },
  {
    path: 'activity',
    label: 'Activity log',
    icon: ClockIcon,
    description: 'Who did what in the back office, and when.',
  },
  {
    path: 'settings',
    label: 'Platform settings',
    icon: SettingsIcon,
    description: 'Fees, limits and feature switches.',
  },
  {
    path: 'waitlist',
    label: 'Waitlist',
    icon: FileIcon,
    description: 'People waiting for beta access.',
  },
  {
    path: 'support',
    label: 'Support tickets',
    icon: LifeBuoyIcon,
    description: 'Questions and problems sent to the support desk.',
  },
  {
    path: 'logs',
    label: 'System logs',
    icon: CodeIcon,
    description: 'Server errors and background job results.',
  },
  {
    path: 'community',
    label: 'Community',
    icon: FlagIcon,
    description: 'Copyright notices, contact messages, feedback and the roadmap.',
  },
  {
    path: 'suggestions',
    label: 'Suggestions',
    icon: SparklesIcon,
    description: "Users' feature suggestions: set their status and link them to the roadmap.",
  },
];
