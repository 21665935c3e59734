import { useState } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { cn } from '../../../ui/cn.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { BellIcon } from '../../../ui/icons.tsx';
import { Page } from '../../../ui/page.tsx';

const TABS = ['All', 'Unread'] as const;

export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const [tab, setTab] = useState<(typeof TABS)[number]>('All');
  return (
    <Page title="Notifications" width="narrow">
      <div
        role="tablist"
        aria-label="Notification filter"
        className="mb-6 flex gap-2 border-b border-line"
      >
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => setTab(name)}
            className={cn(
              '-mb-px border-b-2 px-4 pb-3 text-sm font-semibold transition-colors',
              tab === name
                ? 'border-accent text-fg'
                : 'border-transparent text-muted hover:text-fg',
            )}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tab}>
        <EmptyState
          icon={<BellIcon size={26} />}
          title="You're all caught up"
          description="New followers, likes, comments, tips and messages will be listed here."
        />
      </div>
    </Page>
  );
}
