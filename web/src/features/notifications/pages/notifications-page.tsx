/**
 * /notifications: the signed-in user's notifications, newest first and grouped by day, with
 * mark read (on open), mark all read, delete, clear all and the push invitation.
 */
import type { Notification } from '@fanspace/contracts';
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button, IconButton } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { Dialog } from '../../../ui/dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { BellIcon, CheckIcon, RefreshIcon, TrashIcon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';
import { Page } from '../../../ui/page.tsx';
import { NotificationItem } from '../components/notification-item.tsx';
import { PushPrompt } from '../components/push-prompt.tsx';
import { groupByDay } from '../describe.ts';
import { ensureNotificationPolling, useNotificationStore } from '../store.ts';

type Tab = 'all' | 'unread';
const TABS: Array<{ id: Tab; label: string }> = [
  { id: 'all', label: 'All' },
  { id: 'unread', label: 'Unread' },
];

function LoadingRows() {
  return (
    <div role="status" aria-live="polite" aria-label="Loading notifications" className="space-y-2">
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="flex items-center gap-3 p-3">
          <Skeleton className="h-11 w-11 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/4" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const [tab, setTab] = useState<Tab>('all');
  const [confirmClear, setConfirmClear] = useState(false);
  const state = useNotificationStore(
    useShallow((s) => ({
      items: s.items,
      actors: s.actors,
      posts: s.posts,
      status: s.status,
      error: s.error,
      unreadCount: s.unreadCount,
      hasMore: s.hasMore,
      loadingMore: s.loadingMore,
      clearing: s.clearing,
    })),
  );
  const actions = useNotificationStore(
    useShallow((s) => ({
      fetchNotifications: s.fetchNotifications,
      loadMore: s.loadMore,
      markRead: s.markRead,
      markAllRead: s.markAllRead,
      remove: s.remove,
      clearAll: s.clearAll,
    })),
  );

  useEffect(() => {
    ensureNotificationPolling();
    void actions.fetchNotifications();
  }, [actions]);

  const visible = tab === 'unread' ? state.items.filter((n) => !n.isRead) : state.items;
  const groups = groupByDay(visible);
  const firstLoad =
    state.items.length === 0 && (state.status === 'idle' || state.status === 'loading');
  const refreshing = state.status === 'loading' && state.items.length > 0;

  function open(notification: Notification): void {
    if (!notification.isRead) void actions.markRead(notification.id);
  }

  const more = state.hasMore ? (
    <div className="flex justify-center">
      <Button
        variant="secondary"
        loading={state.loadingMore}
        onClick={() => void actions.loadMore()}
      >
        Load more
      </Button>
    </div>
  ) : null;

  async function clearAll(): Promise<void> {
    setConfirmClear(false);
    await actions.clearAll();
  }

  return (
    <Page
      title="Notifications"
      width="narrow"
      actions={
        <>
          <IconButton
            label="Refresh notifications"
            onClick={() => void actions.fetchNotifications({ force: true })}
            disabled={state.status === 'loading'}
          >
            <RefreshIcon size={18} className={cn(refreshing && 'animate-spin')} />
          </IconButton>
          <Button
            variant="outline"
            size="sm"
            icon={<CheckIcon size={16} />}
            onClick={() => void actions.markAllRead()}
            disabled={state.unreadCount === 0 && !state.items.some((n) => !n.isRead)}
            aria-label="Mark all as read"
          >
            <span className="max-sm:sr-only">Mark all as read</span>
          </Button>
          <Button
            variant="outline"
            size="sm"
            icon={<TrashIcon size={16} />}
            onClick={() => setConfirmClear(true)}
            disabled={state.items.length === 0 || state.clearing}
            loading={state.clearing}
            aria-label="Clear all notifications"
          >
            <span className="max-sm:sr-only">Clear all</span>
          </Button>
        </>
      }
    >
      <PushPrompt />
      <div
        role="tablist"
        aria-label="Notification filter"
        className="mb-4 flex gap-2 border-b border-line"
      >
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            id={`notifications-tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls="notifications-panel"
            onClick={() => setTab(id)}
            className={cn(
              '-mb-px inline-flex items-center gap-2 border-b-2 px-4 pb-3 text-sm font-semibold transition-colors',
              tab === id ? 'border-accent text-fg' : 'border-transparent text-muted hover:text-fg',
            )}
          >
            {label}
            {id === 'unread' && state.unreadCount > 0 ? (
              <span className="rounded-full bg-accent-solid px-1.5 py-0.5 text-[0.7rem] leading-none font-bold text-white">
                {state.unreadCount > 99 ? '99+' : state.unreadCount}
              </span>
            ) : null}
          </button>
        ))}
      </div>

      <div
        id="notifications-panel"
        role="tabpanel"
        aria-labelledby={`notifications-tab-${tab}`}
        aria-busy={state.status === 'loading'}
      >
        {state.status === 'error' && state.items.length > 0 ? (
          <div
            role="alert"
            className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-danger/40 bg-danger-soft px-4 py-3 text-sm text-fg"
          >
            <span>Could not refresh your notifications. Showing the ones loaded earlier.</span>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void actions.fetchNotifications({ force: true })}
            >
              Try again
            </Button>
          </div>
        ) : null}

        {firstLoad ? (
          <LoadingRows />
        ) : state.status === 'error' && state.items.length === 0 ? (
          <ErrorState
            title="Couldn't load notifications"
            message={state.error ?? undefined}
            onRetry={() => void actions.fetchNotifications({ force: true })}
          />
        ) : visible.length === 0 ? (
          // the unread ones may all be older than the loaded page: they are a "Load more" away
          <div className="space-y-6">
            <EmptyState
              icon={<BellIcon size={26} />}
              title={tab === 'unread' ? 'No unread notifications' : "You're all caught up"}
              description={
                tab === 'unread'
                  ? 'Everything here has been read.'
                  : 'New followers, likes, comments, tips and messages will be listed here.'
              }
            />
            {more}
          </div>
        ) : (
          <div className="space-y-6">
            {groups.map((group) => (
              <section key={group.label} aria-label={group.label}>
                <h2 className="mb-1 px-3 text-xs font-semibold tracking-wide text-subtle uppercase">
                  {group.label}
                </h2>
                <ul className="flex flex-col gap-1">
                  {group.items.map((n) => (
                    <NotificationItem
                      key={n.id}
                      notification={n}
                      actors={state.actors}
                      posts={state.posts}
                      onOpen={open}
                      onDelete={(item) => void actions.remove(item.id)}
                    />
                  ))}
                </ul>
              </section>
            ))}
            {more}
          </div>
        )}
      </div>

      <Dialog
        open={confirmClear}
        onClose={() => setConfirmClear(false)}
        role="alertdialog"
        title="Clear all notifications?"
        description="This deletes every notification for good. It can't be undone."
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirmClear(false)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void clearAll()}>
              Clear all
            </Button>
          </>
        }
      />
    </Page>
  );
}
