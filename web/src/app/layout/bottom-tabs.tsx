import { NavLink } from 'react-router';
import { useUnreadChatCount } from '../../features/messages/queries.ts';
import { CountBubble } from '../../ui/badge.tsx';
import { cn } from '../../ui/cn.ts';
import { TAB_ITEMS } from './nav-items.ts';

/** Phone tab bar: Home, Discover, Create, Messages, Profile. */
export function BottomTabs() {
  const unreadChats = useUnreadChatCount();
  return (
    <nav
      aria-label="Tabs"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-canvas/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-lg md:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-5">
        {TAB_ITEMS.map((item) => {
          const Icon = item.icon;
          const isCreate = item.to === '/create';
          return (
            <li key={item.to} className="flex">
              <NavLink
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  cn(
                    'flex flex-1 flex-col items-center justify-center gap-1 text-[0.7rem] font-medium',
                    isActive ? 'text-accent-text' : 'text-muted',
                  )
                }
              >
                {isCreate ? (
                  <span className="flex h-9 w-12 items-center justify-center rounded-2xl bg-accent-solid text-white">
                    <Icon size={22} />
                  </span>
                ) : (
                  <span className="relative">
                    <Icon size={24} />
                    {item.badge === 'messages' && unreadChats > 0 ? (
                      <span className="absolute -top-1.5 -right-2.5">
                        <CountBubble count={unreadChats} label="unread conversations" />
                      </span>
                    ) : null}
                  </span>
                )}
                <span className={isCreate ? 'sr-only' : undefined}>{item.label}</span>
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
