/** One scheduled item at a glance: thumbnail, type, time, text and status. */
import type { ScheduledItem } from '@fanspace/contracts';
import { cn } from '../../../ui/cn.ts';
import { ImageIcon, MessageIcon } from '../../../ui/icons.tsx';
import { TypeIcon } from '../../stories/icons.tsx';
import { STATUS_CLASS, STATUS_LABEL, TYPE_LABEL } from '../labels.ts';
import { formatWhen } from '../time.ts';
import { plural } from '../../../lib/plural.ts';

export function StatusBadge({ item }: { item: Pick<ScheduledItem, 'status'> }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-[0.7rem] font-semibold',
        STATUS_CLASS[item.status],
      )}
    >
      {STATUS_LABEL[item.status]}
    </span>
  );
}

export function ItemThumb({ item, size = 44 }: { item: ScheduledItem; size?: number }) {
  const Icon =
    item.type === 'mass_message' ? MessageIcon : item.type === 'story' ? TypeIcon : ImageIcon;
  return item.preview.thumbnailUrl ? (
    <img
      src={item.preview.thumbnailUrl}
      alt=""
      width={size}
      height={size}
      className="shrink-0 rounded-xl object-cover"
      style={{ width: size, height: size }}
    />
  ) : (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-xl bg-surface-2 text-muted"
      style={{ width: size, height: size }}
    >
      <Icon size={Math.round(size / 2.2)} />
    </span>
  );
}

export const previewText = (item: ScheduledItem) =>
  item.preview.text.trim() ||
  (item.preview.mediaCount > 0 ? plural(item.preview.mediaCount, 'media item') : 'No text');

export function ItemSummary({ item }: { item: ScheduledItem }) {
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      <ItemThumb item={item} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted">
          <span className="font-semibold text-fg">{TYPE_LABEL[item.type]}</span>
          <time dateTime={item.scheduledFor}>{formatWhen(item.scheduledFor)}</time>
          <StatusBadge item={item} />
        </p>
        <p className="mt-0.5 truncate text-sm text-fg">{previewText(item)}</p>
        {item.status === 'failed' && item.lastError ? (
          <p className="mt-0.5 truncate text-xs text-danger">{item.lastError}</p>
        ) : null}
      </div>
    </div>
  );
}
