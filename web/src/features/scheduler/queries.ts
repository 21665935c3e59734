/**
 * Scheduler queries and mutations. Every failure shows the spec §8 text as a toast ('Failed to
 * schedule item', 'Failed to update item', 'Failed to delete item', 'Failed to delete items',
 * 'Failed to bulk schedule'); an update shows the server's own reason instead when it gave one
 * (SPEC §5's empty-post text). A reschedule moves the item at once and moves it back on error.
 */
import {
  SCHEDULER_MESSAGES,
  type ScheduledItem,
  type ScheduleItemBody,
  type SchedulerBulkBody,
  type SchedulerPage,
  type UpdateScheduledBody,
} from '@fanspace/contracts';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { errorMessageOf } from '../../lib/api/index.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import {
  bulkDeleteScheduled,
  bulkUpdateScheduled,
  deleteScheduled,
  fetchScheduled,
  scheduleItem,
  updateScheduled,
  type SchedulerFilter,
} from './api.ts';
import { pollUnlessFailed } from '../../lib/query-client.ts';

export const schedulerKeys = {
  all: ['scheduler'] as const,
  lists: () => [...schedulerKeys.all, 'list'] as const,
  list: (filter: SchedulerFilter) => [...schedulerKeys.lists(), filter] as const,
};

type Pages = InfiniteData<SchedulerPage, unknown>;

export const useScheduledItems = (filter: SchedulerFilter) =>
  useInfiniteQuery({
    queryKey: schedulerKeys.list(filter),
    queryFn: ({ pageParam }) => fetchScheduled(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : null),
    // pending items go out while the page is open: keep statuses fresh
    refetchInterval: pollUnlessFailed(30_000),
  });

export const itemsOf = (data: Pages | undefined): ScheduledItem[] =>
  data?.pages.flatMap((page) => page.items) ?? [];

/** Every cached list with the given items changed (an optimistic edit). */
export function changeItems(
  data: Pages | undefined,
  ids: ReadonlySet<string>,
  change: (item: ScheduledItem) => ScheduledItem,
): Pages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (ids.has(item.id) ? change(item) : item)),
    })),
  };
}

type Snapshot = Array<[readonly unknown[], Pages | undefined]>;

/** Applies a change to every cached list now; returns how to undo it. */
async function optimistic(
  client: QueryClient,
  ids: ReadonlySet<string>,
  change: (item: ScheduledItem) => ScheduledItem,
): Promise<Snapshot> {
  await client.cancelQueries({ queryKey: schedulerKeys.lists() });
  const snapshot = client.getQueriesData<Pages>({ queryKey: schedulerKeys.lists() });
  client.setQueriesData<Pages>({ queryKey: schedulerKeys.lists() }, (data) =>
    changeItems(data, ids, change),
  );
  return snapshot;
}

function restore(client: QueryClient, snapshot: Snapshot | undefined) {
  for (const [key, data] of snapshot ?? []) client.setQueryData(key, data);
}

const refresh = (client: QueryClient) => client.invalidateQueries({ queryKey: schedulerKeys.all });

/** The new time of an item under a change, for the optimistic move. */
function movedBy(body: { scheduledFor?: string; shiftMinutes?: number }) {
  return (item: ScheduledItem): ScheduledItem => {
    if (body.scheduledFor) return { ...item, scheduledFor: body.scheduledFor };
    if (body.shiftMinutes !== undefined)
      return {
        ...item,
        scheduledFor: new Date(
          Date.parse(item.scheduledFor) + body.shiftMinutes * 60_000,
        ).toISOString(),
      };
    return item;
  };
}

export function useScheduleItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleItemBody) => scheduleItem(body),
    onError: () => toast.error(SCHEDULER_MESSAGES.scheduleFailed),
    onSettled: () => refresh(client),
  });
}

export function useUpdateScheduled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateScheduledBody }) =>
      updateScheduled(id, body),
    onMutate: ({ id, body }) =>
      body.scheduledFor
        ? optimistic(client, new Set([id]), movedBy(body))
        : Promise.resolve(undefined),
    onError: (error, _vars, snapshot) => {
      restore(client, snapshot);
      // the server's reason when it gave one (e.g. SPEC §5's empty-post text), else §8's
      toast.error(errorMessageOf(error, SCHEDULER_MESSAGES.updateFailed));
    },
    onSettled: () => refresh(client),
  });
}

export function useDeleteScheduled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteScheduled(id),
    onError: () => toast.error(SCHEDULER_MESSAGES.deleteFailed),
    onSettled: () => refresh(client),
  });
}

export function useBulkUpdateScheduled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SchedulerBulkBody) => bulkUpdateScheduled(body),
    onMutate: (body) =>
      body.status
        ? Promise.resolve(undefined)
        : optimistic(client, new Set(body.ids), movedBy(body)),
    onError: (_error, _body, snapshot) => {
      restore(client, snapshot);
      toast.error(SCHEDULER_MESSAGES.bulkFailed);
    },
    onSettled: () => refresh(client),
  });
}

export function useBulkDeleteScheduled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => bulkDeleteScheduled(ids),
    onError: () => toast.error(SCHEDULER_MESSAGES.deleteManyFailed),
    onSettled: () => refresh(client),
  });
}
