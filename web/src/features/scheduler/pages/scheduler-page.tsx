/**
 * /scheduler – a creator's scheduled posts, stories and mass messages: a week calendar (drag to
 * reschedule) and a queue (select several to reschedule, cancel or delete at once). Failures
 * show the spec §8 texts as toasts (queries.ts).
 */
import type { ScheduledItem, ScheduledStatus, ScheduledType } from '@fanspace/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button, ButtonLink, IconButton } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { BadgeCheckIcon, PlusIcon } from '../../../ui/icons.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { Page } from '../../../ui/page.tsx';
import { SegmentedControl } from '../../../ui/segmented-control.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { useAuthStore } from '../../auth/store.ts';
import { isCreatorUser } from '../../auth/user.ts';
import { ChevronLeftIcon, ChevronRightIcon, GridIcon, ListIcon } from '../../posts/icons.tsx';
import { StoryComposerDialog } from '../../stories/components/story-composer.tsx';
import { useAddStory } from '../../stories/components/story-tray.tsx';
import { CalendarIcon } from '../../stories/icons.tsx';
import {
  BulkRescheduleDialog,
  ConfirmDialog,
  EditItemDialog,
  RescheduleDialog,
} from '../components/item-dialogs.tsx';
import { ItemSummary } from '../components/item-summary.tsx';
import { QueueList } from '../components/queue-list.tsx';
import { WeekCalendar } from '../components/week-calendar.tsx';
import { ACTION_LABEL, availableActions, type ItemAction } from '../labels.ts';
import {
  itemsOf,
  useBulkDeleteScheduled,
  useBulkUpdateScheduled,
  useDeleteScheduled,
  useScheduledItems,
  useUpdateScheduled,
} from '../queries.ts';
import { addDays, formatDayHeading, startOfWeek, weekRange } from '../time.ts';
import { plural } from '../../../lib/plural.ts';

type View = 'calendar' | 'queue';
type DialogState =
  | { kind: 'details' | 'reschedule' | 'edit' | 'delete'; item: ScheduledItem }
  | { kind: 'bulk-reschedule' | 'bulk-cancel' | 'bulk-delete' }
  | null;

const STATUS_FILTERS: Array<{ value: ScheduledStatus | 'all'; label: string }> = [
  { value: 'pending', label: 'Scheduled' },
  { value: 'failed', label: 'Failed' },
  { value: 'published', label: 'Published' },
  { value: 'canceled', label: 'Canceled' },
  { value: 'all', label: 'All' },
];
const TYPE_FILTERS: Array<{ value: ScheduledType | 'all'; label: string }> = [
  { value: 'all', label: 'All types' },
  { value: 'post', label: 'Posts' },
  { value: 'story', label: 'Stories' },
  { value: 'mass_message', label: 'Mass messages' },
];

export function SchedulerPage() {
  useDocumentTitle('Scheduled');
  const user = useAuthStore((s) => s.user);
  if (!isCreatorUser(user)) {
    return (
      <Page title="Scheduled" width="narrow">
        <EmptyState
          icon={<BadgeCheckIcon size={26} />}
          title="Only creators can schedule content"
          description="Creator accounts can plan posts, stories and mass messages ahead."
          action={
            <ButtonLink to="/settings/creator" variant="primary">
              Set up a creator account
            </ButtonLink>
          }
        />
      </Page>
    );
  }
  return <CreatorScheduler />;
}

function CreatorScheduler() {
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'queue' ? 'queue' : 'calendar';
  const [weekStart, setWeekStart] = useState(() => startOfWeek(new Date()));
  // the queue's filters live in the URL, so a reload or a shared link keeps them
  const status = pick(params.get('status'), STATUS_FILTERS, 'pending');
  const type = pick(params.get('type'), TYPE_FILTERS, 'all');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<DialogState>(null);
  const navigate = useNavigate();
  const addStory = useAddStory();

  const filter = useMemo(
    () =>
      view === 'calendar'
        ? weekRange(weekStart)
        : {
            ...(status !== 'all' ? { status } : {}),
            ...(type !== 'all' ? { type } : {}),
          },
    [view, weekStart, status, type],
  );
  const query = useScheduledItems(filter);
  const items = itemsOf(query.data);
  // the calendar shows the whole week, and a week can hold more than one page
  // (SchedulerLimits.maxPageSize): fetch the rest of its pages; the queue pages by "Show more"
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  useEffect(() => {
    if (view === 'calendar' && hasNextPage && !isFetchingNextPage && !isFetchNextPageError)
      void fetchNextPage();
  }, [view, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const pendingCount = query.data?.pages[0]?.pendingCount;
  const update = useUpdateScheduled();
  const remove = useDeleteScheduled();
  const bulk = useBulkUpdateScheduled();
  const bulkRemove = useBulkDeleteScheduled();
  const selectedIds = items.filter((i) => selected.has(i.id)).map((i) => i.id);

  const close = () => setDialog(null);
  const clearSelection = () => setSelected(new Set());

  function change(
    item: ScheduledItem,
    body: Parameters<typeof update.mutate>[0]['body'],
    done: string,
  ) {
    update.mutate(
      { id: item.id, body },
      {
        onSuccess: () => {
          toast.success(done);
          close();
        },
      },
    );
  }

  function runAction(action: ItemAction, item: ScheduledItem): void {
    switch (action) {
      case 'reschedule':
      case 'edit':
      case 'delete':
        setDialog({ kind: action, item });
        return;
      case 'publish-now':
        change(item, { publishNow: true }, 'Publishing now.');
        return;
      case 'cancel':
        change(item, { status: 'canceled' }, 'Canceled. You can restore it later.');
        return;
      case 'restore':
        if (Date.parse(item.scheduledFor) <= Date.now()) setDialog({ kind: 'reschedule', item });
        else change(item, { status: 'pending' }, 'Restored.');
        return;
      case 'open':
        if (item.resultUrl) navigate(item.resultUrl);
    }
  }

  function setParam(name: string, value: string | null): void {
    clearSelection();
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (value === null) copy.delete(name);
        else copy.set(name, value);
        return copy;
      },
      { replace: true },
    );
  }
  const setView = (next: View) => setParam('view', next === 'queue' ? 'queue' : null);

  const weekLabel = `${formatDayHeading(weekStart)} – ${formatDayHeading(addDays(weekStart, 6))}`;

  return (
    <Page
      title="Scheduled"
      width="wide"
      description={
        pendingCount === undefined
          ? 'Posts, stories and mass messages that go out on their own.'
          : `${pendingCount} waiting to go out.`
      }
      actions={
        <>
          <Button variant="secondary" size="sm" icon={<PlusIcon size={16} />} onClick={addStory}>
            Story
          </Button>
          <ButtonLink to="/create" size="sm" icon={<PlusIcon size={16} />}>
            Post
          </ButtonLink>
        </>
      }
    >
      <div className="mb-5 flex flex-wrap items-end justify-between gap-4">
        <div className="w-full max-w-xs">
          <SegmentedControl
            label="View"
            value={view}
            onChange={setView}
            options={[
              { value: 'calendar', label: 'Calendar', icon: <GridIcon size={16} /> },
              { value: 'queue', label: 'Queue', icon: <ListIcon size={16} /> },
            ]}
          />
        </div>
        {view === 'calendar' ? (
          <div className="flex items-center gap-1">
            <IconButton label="Previous week" onClick={() => setWeekStart((w) => addDays(w, -7))}>
              <ChevronLeftIcon size={20} />
            </IconButton>
            <Button variant="ghost" size="sm" onClick={() => setWeekStart(startOfWeek(new Date()))}>
              This week
            </Button>
            <IconButton label="Next week" onClick={() => setWeekStart((w) => addDays(w, 7))}>
              <ChevronRightIcon size={20} />
            </IconButton>
            <p className="ml-2 text-sm font-semibold text-fg" aria-live="polite">
              {weekLabel}
            </p>
          </div>
        ) : (
          <div className="flex flex-wrap gap-3">
            <FilterSelect
              label="Status"
              value={status}
              options={STATUS_FILTERS}
              onChange={(v) => setParam('status', v)}
            />
            <FilterSelect
              label="Type"
              value={type}
              options={TYPE_FILTERS}
              onChange={(v) => setParam('type', v)}
            />
          </div>
        )}
      </div>

      {view === 'queue' && selectedIds.length > 0 ? (
        <div
          role="toolbar"
          aria-label="Selected items"
          className="sticky top-20 z-10 mb-4 flex flex-wrap items-center gap-2 rounded-2xl border border-line bg-surface-2 px-4 py-2.5 shadow-lg"
        >
          <span className="mr-auto text-sm font-semibold text-fg">
            {selectedIds.length} selected
          </span>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setDialog({ kind: 'bulk-reschedule' })}
          >
            Reschedule
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'bulk-cancel' })}>
            Cancel
          </Button>
          <Button size="sm" variant="danger" onClick={() => setDialog({ kind: 'bulk-delete' })}>
            Delete
          </Button>
          <Button size="sm" variant="ghost" onClick={clearSelection}>
            Clear
          </Button>
        </div>
      ) : null}

      {query.isPending ? (
        <LoadingState label="Loading your schedule…" />
      ) : query.isError ? (
        <ErrorState
          message="Your schedule could not be loaded."
          onRetry={() => void query.refetch()}
        />
      ) : view === 'calendar' ? (
        <>
          <WeekCalendar
            weekStart={weekStart}
            items={items}
            onOpen={(item) => setDialog({ kind: 'details', item })}
            onMove={(item, when) =>
              update.mutate(
                { id: item.id, body: { scheduledFor: when.toISOString() } },
                { onSuccess: () => toast.success('Rescheduled.') },
              )
            }
          />
          {items.length === 0 ? (
            <p className="mt-4 text-center text-sm text-muted">
              Nothing scheduled this week. Use “Schedule for later” when you create a post or a
              story.
            </p>
          ) : null}
        </>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<CalendarIcon size={26} />}
          title="Nothing here"
          description="Use “Schedule for later” when you create a post or a story and it waits here until its time."
        />
      ) : (
        <>
          <QueueList
            items={items}
            selected={selected}
            onToggle={(id) =>
              setSelected((current) => {
                const next = new Set(current);
                if (next.has(id)) next.delete(id);
                else next.add(id);
                return next;
              })
            }
            onAction={runAction}
          />
          {query.hasNextPage ? (
            <div className="mt-6 flex justify-center">
              <Button
                variant="secondary"
                loading={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                Show more
              </Button>
            </div>
          ) : null}
        </>
      )}

      {dialog?.kind === 'details' ? (
        <Dialog open onClose={close} title="Scheduled item">
          <ItemSummary item={dialog.item} />
          <div className="mt-5 flex flex-wrap gap-2">
            {availableActions(dialog.item).map((action) => (
              <Button
                key={action}
                size="sm"
                variant={action === 'delete' || action === 'cancel' ? 'danger' : 'secondary'}
                onClick={() => runAction(action, dialog.item)}
              >
                {ACTION_LABEL[action]}
              </Button>
            ))}
          </div>
        </Dialog>
      ) : null}
      {dialog?.kind === 'reschedule' ? (
        <RescheduleDialog
          item={dialog.item}
          loading={update.isPending}
          onCancel={close}
          onSubmit={(when) =>
            change(
              dialog.item,
              {
                scheduledFor: when.toISOString(),
                ...(dialog.item.status === 'canceled' ? { status: 'pending' as const } : {}),
              },
              'Rescheduled.',
            )
          }
        />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <EditItemDialog
          item={dialog.item}
          loading={update.isPending}
          onCancel={close}
          onSubmit={(body) => change(dialog.item, body, 'Changes saved.')}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          title="Delete this scheduled item?"
          description={
            dialog.item.status === 'published'
              ? 'Only the schedule entry goes; what it published stays.'
              : 'It will not be published.'
          }
          confirmLabel="Delete"
          loading={remove.isPending}
          onCancel={close}
          onConfirm={() =>
            remove.mutate(dialog.item.id, {
              onSuccess: () => {
                toast.success('Deleted.');
                close();
              },
            })
          }
        />
      ) : null}
      {dialog?.kind === 'bulk-reschedule' ? (
        <BulkRescheduleDialog
          count={selectedIds.length}
          loading={bulk.isPending}
          onCancel={close}
          onSubmit={(change) =>
            bulk.mutate(
              { ids: selectedIds, ...change },
              {
                onSuccess: (result) => {
                  toast.success(`${result.count} rescheduled.`);
                  clearSelection();
                  close();
                },
              },
            )
          }
        />
      ) : null}
      {dialog?.kind === 'bulk-cancel' ? (
        <ConfirmDialog
          title={`Cancel ${plural(selectedIds.length, 'item')}?`}
          description="They will not be published. You can restore them later."
          confirmLabel="Cancel them"
          loading={bulk.isPending}
          onCancel={close}
          onConfirm={() =>
            bulk.mutate(
              { ids: selectedIds, status: 'canceled' },
              {
                onSuccess: (result) => {
                  toast.success(`${result.count} canceled.`);
                  clearSelection();
                  close();
                },
              },
            )
          }
        />
      ) : null}
      {dialog?.kind === 'bulk-delete' ? (
        <ConfirmDialog
          title={`Delete ${plural(selectedIds.length, 'item')}?`}
          description="Their schedule entries are removed; anything already published stays."
          confirmLabel="Delete"
          loading={bulkRemove.isPending}
          onCancel={close}
          onConfirm={() =>
            bulkRemove.mutate(selectedIds, {
              onSuccess: (result) => {
                toast.success(`${result.count} deleted.`);
                clearSelection();
                close();
              },
            })
          }
        />
      ) : null}
      <StoryComposerDialog />
    </Page>
  );
}

/** A filter value from the URL, if it is one of the options. */
function pick<T extends string>(raw: string | null, options: Array<{ value: T }>, fallback: T): T {
  return options.find((o) => o.value === raw)?.value ?? fallback;
}

function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: Array<{ value: T; label: string }>;
  onChange: (value: T) => void;
}) {
  return (
    <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
      {label}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className="h-10 rounded-xl border border-line bg-surface-2 px-3 text-sm text-fg"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
