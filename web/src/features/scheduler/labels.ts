/** Words and colours of the scheduler's types, statuses and actions. */
import type { ScheduledItem, ScheduledStatus, ScheduledType } from '@fanspace/contracts';

export const TYPE_LABEL: Record<ScheduledType, string> = {
  post: 'Post',
  story: 'Story',
  mass_message: 'Mass message',
};

export const STATUS_LABEL: Record<ScheduledStatus, string> = {
  pending: 'Scheduled',
  published: 'Published',
  failed: 'Failed',
  canceled: 'Canceled',
};

export const STATUS_CLASS: Record<ScheduledStatus, string> = {
  pending: 'bg-accent-soft text-accent-text',
  published: 'bg-emerald-500/15 text-emerald-600 dark:text-emerald-400',
  failed: 'bg-danger-soft text-danger',
  canceled: 'bg-surface-3 text-muted',
};

export const TYPE_CLASS: Record<ScheduledType, string> = {
  post: 'border-l-accent',
  story: 'border-l-amber-500',
  mass_message: 'border-l-sky-500',
};

export type ItemAction =
  'reschedule' | 'edit' | 'publish-now' | 'cancel' | 'restore' | 'delete' | 'open';

export const ACTION_LABEL: Record<ItemAction, string> = {
  reschedule: 'Reschedule',
  edit: 'Edit',
  'publish-now': 'Publish now',
  cancel: 'Cancel',
  restore: 'Restore',
  delete: 'Delete',
  open: 'Open',
};

/** What can be done with an item in its state (the server enforces the same). */
export function availableActions(item: Pick<ScheduledItem, 'status' | 'resultUrl'>): ItemAction[] {
  switch (item.status) {
    case 'pending':
      return ['reschedule', 'edit', 'publish-now', 'cancel', 'delete'];
    case 'failed':
      return ['reschedule', 'edit', 'cancel', 'delete'];
    case 'canceled':
      return ['restore', 'delete'];
    case 'published':
      return item.resultUrl ? ['open', 'delete'] : ['delete'];
  }
}

/** Pending and failed items can be moved (dragged, rescheduled, bulk-changed). */
export const isMovable = (item: Pick<ScheduledItem, 'status'>) =>
  item.status === 'pending' || item.status === 'failed';

/** The text an item is edited by: a post's caption, a story's overlay, a message's text. */
export function textFieldOf(item: Pick<ScheduledItem, 'type'>): { key: string; label: string } {
  if (item.type === 'post') return { key: 'caption', label: 'Caption' };
  if (item.type === 'story') return { key: 'textOverlay', label: 'Text on the story' };
  return { key: 'text', label: 'Message' };
}
