import type { VaultMediaItem } from '@fanspace/contracts';
import { cn } from '../../../ui/cn.ts';
import { Skeleton } from '../../../ui/loading-state.tsx';
import { VaultThumb } from './vault-thumb.tsx';

export function VaultGridSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading media"
      className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-5"
    >
      {Array.from({ length: 10 }, (_, i) => (
        <Skeleton key={i} className="aspect-square rounded-2xl" />
      ))}
    </div>
  );
}

export function ItemTile({
  item,
  selected,
  onToggle,
  onOpen,
}: {
  item: VaultMediaItem;
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
}) {
  const name = item.title || 'Untitled';
  return (
    <div
      className={cn(
        'group relative overflow-hidden rounded-2xl ring-offset-2 ring-offset-canvas',
        selected && 'ring-2 ring-accent',
      )}
    >
      <button
        type="button"
        onClick={onOpen}
        aria-label={`Open ${name}`}
        className="block w-full focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        <VaultThumb item={item} />
      </button>
      <label className="absolute top-2 left-2 flex h-7 w-7 cursor-pointer items-center justify-center rounded-lg bg-black/50">
        <input
          type="checkbox"
          checked={selected}
          onChange={onToggle}
          aria-label={`Select ${name}`}
          className="h-4 w-4 accent-[var(--fs-accent)]"
        />
      </label>
      <p className="pointer-events-none absolute inset-x-0 bottom-0 truncate bg-gradient-to-t from-black/70 to-transparent px-2 pt-5 pb-1.5 text-xs text-white">
        {name}
      </p>
    </div>
  );
}
