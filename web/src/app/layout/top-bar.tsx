import { Link, NavLink } from 'react-router';
import { useAuthStore } from '../../features/auth/store.ts';
import { CreateButton } from '../../features/composer/components/create-button.tsx';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import {
  avatarUrlOf,
  displayNameOf,
  isAdminUser,
  isCreatorUser,
} from '../../features/auth/user.ts';
import { useUnreadNotificationCount } from '../../features/notifications/queries.ts';
import { useUiSettings } from '../../features/settings/store.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { IconButton } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import {
  BellIcon,
  CameraIcon,
  ChartIcon,
  ClockIcon,
  GiftIcon,
  FileIcon,
  ImageIcon,
  LifeBuoyIcon,
  LockIcon,
  LogOutIcon,
  PaletteIcon,
  PanelLeftIcon,
  SearchIcon,
  SettingsIcon,
  ShieldIcon,
  SparklesIcon,
  UserIcon,
  UsersIcon,
  WalletIcon,
} from '../../ui/icons.tsx';
import { Logo } from '../../ui/logo.tsx';
import { Menu, type MenuItem } from '../../ui/menu.tsx';
import { plural } from '../../lib/plural.ts';

export function TopBar({ onOpenDisplay }: { onOpenDisplay: () => void }) {
  const user = useAuthStore((s) => s.user);
  const logout = useAuthStore((s) => s.logout);
  const collapsed = useUiSettings((s) => s.sidebarCollapsed);
  const toggleSidebar = useUiSettings((s) => s.toggleSidebar);
  const unread = useUnreadNotificationCount();
  const name = displayNameOf(user);

  const items: MenuItem[] = [
    { label: 'Your profile', to: '/profile', icon: <UserIcon size={18} /> },
    { label: 'Wallet', to: '/wallet', icon: <WalletIcon size={18} /> },
    { label: 'Pro pack', to: '/pro-pack', icon: <SparklesIcon size={18} /> },
    ...(isCreatorUser(user)
      ? [{ label: 'Earnings', to: '/earnings', icon: <WalletIcon size={18} /> }]
      : []),
    { label: 'Referrals', to: '/referrals', icon: <GiftIcon size={18} /> },
    { label: 'Media vault', to: '/vault', icon: <ImageIcon size={18} /> },
    { label: 'Purchased', to: '/purchased', icon: <LockIcon size={18} /> },
    { label: 'Subscriptions', to: '/subscriptions', icon: <UsersIcon size={18} /> },
    ...(isCreatorUser(user)
      ? [{ label: 'Model releases', to: '/releases', icon: <FileIcon size={18} /> }]
      : []),
    ...(isCreatorUser(user)
      ? [{ label: 'Scheduled', to: '/scheduler', icon: <ClockIcon size={18} /> }]
      : []),
    ...(isCreatorUser(user)
      ? [{ label: 'Creator tools', to: '/creator-tools', icon: <GiftIcon size={18} /> }]
      : []),
    { label: 'Communities', to: '/communities', icon: <UsersIcon size={18} /> },
    { label: 'Reels', to: '/reels', icon: <CameraIcon size={18} /> },
    ...(isCreatorUser(user)
      ? [{ label: 'Productions', to: '/productions', icon: <FileIcon size={18} /> }]
      : []),
    ...(isCreatorUser(user)
      ? [{ label: 'Collaborations', to: '/collaborations', icon: <UsersIcon size={18} /> }]
      : []),
    ...(isCreatorUser(user)
      ? [{ label: 'Analytics', to: '/analytics', icon: <ChartIcon size={18} /> }]
      : []),
    { label: 'Settings', to: '/settings', icon: <SettingsIcon size={18} /> },
    { label: 'Beta', to: '/beta', icon: <SparklesIcon size={18} /> },
    { label: 'Help & support', to: '/support', icon: <LifeBuoyIcon size={18} /> },
    { label: 'Display', onSelect: onOpenDisplay, icon: <PaletteIcon size={18} /> },
    ...(isAdminUser(user)
      ? [{ label: 'Admin', to: '/admin', icon: <ShieldIcon size={18} /> }]
      : []),
    {
      label: 'Log out',
      onSelect: () => void logout('user'),
      icon: <LogOutIcon size={18} />,
      tone: 'danger' as const,
    },
  ];

  return (
    <header className="sticky top-0 z-40 h-16 border-b border-line bg-canvas/85 pt-[env(safe-area-inset-top)] backdrop-blur-lg">
      <div className="flex h-16 items-center gap-2 px-3 sm:px-4">
        <IconButton
          label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-pressed={!collapsed}
          onClick={toggleSidebar}
          className="max-lg:hidden"
        >
          <PanelLeftIcon size={20} />
        </IconButton>
        <Link to="/" aria-label="Fanspace home" className="flex rounded-xl px-1">
          <Logo />
        </Link>
        <SearchBox className="mx-auto hidden w-full max-w-md md:block" />
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <CreateButton className="mr-1 max-md:hidden" />
          <NavLink
            to="/search"
            aria-label="Search"
            title="Search"
            className={({ isActive }) =>
              cn(
                'inline-flex h-10 w-10 items-center justify-center rounded-full transition-colors hover:bg-surface-2 md:hidden',
                isActive ? 'text-accent-text' : 'text-muted hover:text-fg',
              )
            }
          >
            <SearchIcon size={21} />
          </NavLink>
          <NavLink
            to="/notifications"
            aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
            title="Notifications"
            className={({ isActive }) =>
              cn(
                'relative inline-flex h-10 w-10 items-center justify-center rounded-full transition-colors hover:bg-surface-2',
                isActive ? 'text-accent-text' : 'text-muted hover:text-fg',
              )
            }
          >
            <BellIcon size={21} />
            {unread > 0 ? (
              <span
                aria-hidden="true"
                className="absolute top-0.5 right-0 inline-flex h-[1.15rem] min-w-[1.15rem] items-center justify-center rounded-full bg-accent-solid px-1 text-[0.65rem] leading-none font-bold text-white ring-2 ring-canvas"
              >
                {unread > 99 ? '99+' : unread}
              </span>
            ) : null}
          </NavLink>
          <span className="sr-only" role="status" aria-live="polite">
            {unread > 0 ? plural(unread, 'unread notification') : ''}
          </span>
          <IconButton label="Display settings" onClick={onOpenDisplay} className="max-sm:hidden">
            <PaletteIcon size={20} />
          </IconButton>
          <Menu
            label="Account menu"
            className="ml-1"
            // two dozen items are taller than a phone: the list ends above the tab bar (md:
            // above the screen's edge) and scrolls
            listClassName="max-h-[calc(100dvh-8.5rem-env(safe-area-inset-top)-env(safe-area-inset-bottom))] md:max-h-[calc(100dvh-5rem-env(safe-area-inset-top))]"
            trigger={<Avatar name={name} src={avatarUrlOf(user)} size={36} />}
            header={
              <div className="flex items-center gap-3">
                <Avatar name={name} src={avatarUrlOf(user)} size={40} />
                <div className="min-w-0">
                  <p className="truncate text-sm font-semibold text-fg">{name}</p>
                  {user?.username ? (
                    <p className="truncate text-xs text-muted">@{user.username}</p>
                  ) : null}
                </div>
              </div>
            }
            items={items}
          />
        </div>
      </div>
    </header>
  );
}
