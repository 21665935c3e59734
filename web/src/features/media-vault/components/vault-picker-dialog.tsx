/** Pick items from the vault for a post (the composer's selectedMediaItems). */
import type { MediaType, VaultMediaItem } from '@fanspace/contracts';
import { useState } from 'react';
import { ButtonLink, Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { Dialog } from '../../../ui/dialog.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { CheckIcon } from '../../../ui/icons.tsx';
import { SegmentedControl } from '../../../ui/segmented-control.tsx';
import { itemsOf, useVaultQuery } from '../queries.ts';
import { VaultGridSkeleton } from './item-tile.tsx';
import { VaultThumb } from './vault-thumb.tsx';

const TYPES = [
  { value: 'all', label: 'All' },
  { value: 'image', label: 'Photos' },
  { value: 'video', label: 'Videos' },
] as const;

export function VaultPickerDialog({
  open,
  onClose,
  alreadyChosen,
  max,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  alreadyChosen: string[];
  /** How many more items the post can take. */
  max: number;
  onConfirm: (items: VaultMediaItem[]) => void;
}) {
  const [type, setType] = useState<MediaType | 'all'>('all');
  const [picked, setPicked] = useState<Map<string, VaultMediaItem>>(new Map());
  const vault = useVaultQuery({ folder: 'all', mediaType: type }, open);
  const items = itemsOf(vault.data).filter((item) => !alreadyChosen.includes(item.id));
  const full = picked.size >= max;

  function toggle(item: VaultMediaItem): void {
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(item.id)) next.delete(item.id);
      else if (next.size < max) next.set(item.id, item);
      return next;
    });
  }

  function close(): void {
    setPicked(new Map());
    onClose();
  }

  let body;
  if (vault.isPending) body = <VaultGridSkeleton />;
  else if (vault.isError)
    body = <ErrorState title="Could not load your vault" onRetry={() => void vault.refetch()} />;
  else if (items.length === 0)
    body = (
      <div className="py-8 text-center text-sm text-muted">
        <p>No media to choose from here.</p>
        <ButtonLink to="/vault" variant="secondary" size="sm" className="mt-4" onClick={close}>
          Open the vault
        </ButtonLink>
      </div>
    );
  else
    body = (
      <>
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Vault media">
          {items.map((item) => {
            const chosen = picked.has(item.id);
            const name = item.title || 'Untitled';
            return (
              <li key={item.id}>
                <button
                  type="button"
                  aria-pressed={chosen}
                  aria-label={`${chosen ? 'Remove' : 'Add'} ${name}`}
                  disabled={!chosen && full}
                  onClick={() => toggle(item)}
                  className={cn(
                    'relative block w-full overflow-hidden rounded-xl disabled:opacity-40',
                    chosen && 'ring-2 ring-accent ring-offset-2 ring-offset-surface',
                  )}
                >
                  <VaultThumb item={item} />
                  {chosen ? (
                    <span className="absolute top-1.5 right-1.5 flex h-6 w-6 items-center justify-center rounded-full bg-accent-solid text-white">
                      <CheckIcon size={14} />
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
        {vault.hasNextPage ? (
          <div className="mt-4 flex justify-center">
            <Button
              variant="secondary"
              size="sm"
              loading={vault.isFetchingNextPage}
              onClick={() => void vault.fetchNextPage()}
            >
              Load more
            </Button>
          </div>
        ) : null}
      </>
    );

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Choose from your vault"
      description={max > 0 ? `Pick up to ${max} more.` : 'This post is full.'}
      className="sm:max-w-2xl!"
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={picked.size === 0}
            onClick={() => {
              onConfirm([...picked.values()]);
              close();
            }}
          >
            {picked.size > 0 ? `Add ${picked.size}` : 'Add'}
          </Button>
        </>
      }
    >
      <div className="mb-4">
        <SegmentedControl label="Show" value={type} options={TYPES} onChange={setType} />
      </div>
      {body}
    </Dialog>
  );
}
