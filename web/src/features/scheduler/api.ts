/** The scheduler (spec §7: GET/POST /scheduler, PUT/DELETE /scheduler/{id}, batch, bulk). */
import {
  SchedulerLimits,
  type DeleteScheduledResponse,
  type ScheduledItemResponse,
  type ScheduledItemsResponse,
  type ScheduledStatus,
  type ScheduledType,
  type ScheduleItemBody,
  type SchedulerBulkBody,
  type SchedulerBulkDeleteResponse,
  type SchedulerPage,
  type UpdateScheduledBody,
} from '@fanspace/contracts';
import { apiClient } from '../../lib/api/index.ts';

export interface SchedulerFilter {
  type?: ScheduledType;
  status?: ScheduledStatus;
  /** ISO instants: scheduled at or after `from`, before `to` */
  from?: string;
  to?: string;
}

const itemPath = (id: string) => `/scheduler/${encodeURIComponent(id)}`;

/** The query string of a list request: only the filters that are set, plus paging. */
export function schedulerQuery(filter: SchedulerFilter, cursor: string | null) {
  return {
    limit: SchedulerLimits.maxPageSize,
    ...(filter.type ? { type: filter.type } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

export const fetchScheduled = (filter: SchedulerFilter, cursor: string | null) =>
  apiClient.get<SchedulerPage>('/scheduler', { query: schedulerQuery(filter, cursor) });

export const scheduleItem = (body: ScheduleItemBody) =>
  apiClient.post<ScheduledItemResponse>('/scheduler', body);

export const scheduleBatch = (items: ScheduleItemBody[]) =>
  apiClient.post<ScheduledItemsResponse>('/scheduler/batch', { items });

export const updateScheduled = (id: string, body: UpdateScheduledBody) =>
  apiClient.put<ScheduledItemResponse>(itemPath(id), body);

export const deleteScheduled = (id: string) =>
  apiClient.delete<DeleteScheduledResponse>(itemPath(id));

export const bulkUpdateScheduled = (body: SchedulerBulkBody) =>
  apiClient.put<ScheduledItemsResponse>('/scheduler/bulk', body);

export const bulkDeleteScheduled = (ids: string[]) =>
  apiClient.delete<SchedulerBulkDeleteResponse>('/scheduler/bulk', { body: { ids } });
