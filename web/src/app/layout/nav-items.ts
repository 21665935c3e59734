import type { ComponentType } from 'react';
import {
  BellIcon,
  CompassIcon,
  HomeIcon,
  MessageIcon,
  PlusSquareIcon,
  SettingsIcon,
  UserIcon,
  UsersIcon,
  WalletIcon,
  type IconProps,
} from '../../ui/icons.tsx';

export interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<IconProps>;
  /** Match only the exact path (Home would otherwise be active everywhere). */
  end?: boolean;
  badge?: 'notifications' | 'messages';
}

export const HOME: NavItem = { to: '/', label: 'Home', icon: HomeIcon, end: true };
export const DISCOVER: NavItem = { to: '/discover', label: 'Discover', icon: CompassIcon };
export const CREATE: NavItem = { to: '/create', label: 'Create', icon: PlusSquareIcon };
export const MESSAGES: NavItem = {
  to: '/messages',
  label: 'Messages',
  icon: MessageIcon,
  badge: 'messages',
};
export const NOTIFICATIONS: NavItem = {
  to: '/notifications',
  label: 'Notifications',
  icon: BellIcon,
  badge: 'notifications',
};
export const WALLET: NavItem = { to: '/wallet', label: 'Wallet', icon: WalletIcon };
export const PROFILE: NavItem = { to: '/profile', label: 'Profile', icon: UserIcon };
export const COMMUNITIES: NavItem = { to: '/communities', label: 'Communities', icon: UsersIcon };
export const SETTINGS: NavItem = { to: '/settings', label: 'Settings', icon: SettingsIcon };

/** Laptop sidebar: everything. */
export const SIDEBAR_ITEMS: NavItem[] = [
  HOME,
  DISCOVER,
  MESSAGES,
  NOTIFICATIONS,
  WALLET,
  PROFILE,
  SETTINGS,
  COMMUNITIES,
];

/** Phone tab bar: the five daily destinations; the rest live in the account menu. */
export const TAB_ITEMS: NavItem[] = [HOME, DISCOVER, CREATE, MESSAGES, PROFILE];
