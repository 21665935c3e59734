import { COMMUNITY_LINKS } from '../../features/community/components/public-layout.tsx';
import { Link, NavLink } from 'react-router';
import { isAdminUser, isCreatorUser } from '../../features/auth/user.ts';
import { useAuthStore } from '../../features/auth/store.ts';
import { useUnreadChatCount } from '../../features/messages/queries.ts';
import { useUnreadNotificationCount } from '../../features/notifications/queries.ts';
import { CountBubble } from '../../ui/badge.tsx';
import { cn } from '../../ui/cn.ts';
import { CoinsIcon, PlusIcon, ShieldIcon } from '../../ui/icons.tsx';
import { SIDEBAR_ITEMS, type NavItem } from './nav-items.ts';

function SidebarLink({
  item,
  collapsed,
  count,
}: {
  item: NavItem;
  collapsed: boolean;
  count: number;
}) {
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      end={item.end}
      title={collapsed ? item.label : undefined}
      className={({ isActive }) =>
        cn(
          'group relative flex h-11 items-center gap-3.5 rounded-2xl px-3 text-[0.95rem] font-medium transition-colors',
          isActive
            ? 'bg-accent-soft font-semibold text-accent-text'
            : 'text-muted hover:bg-surface-2 hover:text-fg',
          collapsed ? 'justify-center lg:justify-center' : 'max-lg:justify-center',
        )
      }
    >
      <Icon size={22} />
      <span className={cn(collapsed ? 'sr-only' : 'max-lg:sr-only', 'flex-1 truncate')}>
        {item.label}
      </span>
      {item.badge && count > 0 ? (
        <span
          className={cn(
            collapsed ? 'absolute top-1 right-1' : 'max-lg:absolute max-lg:top-1 max-lg:right-1',
          )}
        >
          <CountBubble
            count={count}
            label={item.badge === 'messages' ? 'unread conversations' : 'unread'}
          />
        </span>
      ) : null}
    </NavLink>
  );
}

/** Side navigation from tablet width up; icon-only on tablets or when collapsed. */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const unread = useUnreadNotificationCount();
  const unreadChats = useUnreadChatCount();
  const user = useAuthStore((s) => s.user);

  return (
    <nav
      aria-label="Main"
      className={cn(
        'sticky top-16 hidden h-[calc(100dvh-4rem)] shrink-0 flex-col gap-1 overflow-y-auto border-r border-line px-3 py-5 md:flex',
        collapsed ? 'w-[84px]' : 'w-[84px] lg:w-64',
      )}
    >
      <ul className="flex flex-col gap-1">
        {SIDEBAR_ITEMS.map((item) => (
          <li key={item.to}>
            <SidebarLink
              item={item}
              collapsed={collapsed}
              count={item.badge === 'messages' ? unreadChats : item.badge ? unread : 0}
            />
          </li>
        ))}
        {isCreatorUser(user) ? (
          <li>
            <SidebarLink
              item={{ to: '/earnings', label: 'Earnings', icon: CoinsIcon }}
              collapsed={collapsed}
              count={0}
            />
          </li>
        ) : null}
        {isAdminUser(user) ? (
          <li>
            <SidebarLink
              item={{ to: '/admin', label: 'Admin', icon: ShieldIcon }}
              collapsed={collapsed}
              count={0}
            />
          </li>
        ) : null}
      </ul>
      <NavLink
        to="/create"
        title={collapsed ? 'Create' : undefined}
        className={cn(
          'mt-4 flex h-12 items-center justify-center gap-2 rounded-2xl bg-accent-solid font-semibold text-white shadow-[0_8px_24px_-10px_var(--fs-accent)] transition-colors hover:bg-accent-solid-hover',
        )}
      >
        <PlusIcon size={22} strokeWidth={2.4} />
        <span className={collapsed ? 'sr-only' : 'max-lg:sr-only'}>Create</span>
      </NavLink>
      <p
        className={cn(
          'mt-auto px-3 pt-6 text-xs text-subtle',
          collapsed ? 'hidden' : 'max-lg:hidden',
        )}
      >
        <a href="/terms" className="hover:text-fg">
          Terms
        </a>{' '}
        ·{' '}
        <a href="/privacy" className="hover:text-fg">
          Privacy
        </a>{' '}
        ·{' '}
        <Link to="/suggestions" className="hover:text-fg">
          Suggestions
        </Link>{' '}
        ·{' '}
        {COMMUNITY_LINKS.map((link) => (
          <span key={link.to}>
            <Link to={link.to} className="hover:text-fg">
              {link.label}
            </Link>{' '}
            ·{' '}
          </span>
        ))}
        Fanspace is open source
      </p>
    </nav>
  );
}
