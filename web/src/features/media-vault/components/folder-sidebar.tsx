/** Vault navigation: all media, unfiled, folders with their counts, duplicates; new folder. */
import { useState, type ReactNode } from 'react';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { ImageIcon } from '../../../ui/icons.tsx';
import { Skeleton } from '../../../ui/loading-state.tsx';
import { FolderIcon, FolderPlusIcon, LayersIcon } from '../../posts/icons.tsx';
import { useFoldersQuery } from '../queries.ts';
import { FolderNameDialog } from './folder-dialogs.tsx';

export type VaultView = { kind: 'folder'; folder: string } | { kind: 'duplicates' };

function Entry({
  selected,
  onSelect,
  icon,
  label,
  count,
}: {
  selected: boolean;
  onSelect: () => void;
  icon: ReactNode;
  label: string;
  count?: number;
}) {
  return (
    <div
      className={cn(
        'group flex shrink-0 items-center rounded-xl',
        selected
          ? 'bg-accent-soft text-accent-text'
          : 'text-muted hover:bg-surface-2 hover:text-fg',
      )}
    >
      <button
        type="button"
        aria-current={selected ? 'true' : undefined}
        onClick={onSelect}
        className="flex h-10 min-w-0 flex-1 items-center gap-2.5 px-3 text-left text-sm font-medium"
      >
        {icon}
        <span className="truncate">{label}</span>
        {count !== undefined ? (
          <span className="ml-auto pl-2 text-xs text-subtle">{count}</span>
        ) : null}
      </button>
    </div>
  );
}

export function FolderSidebar({
  view,
  onChange,
}: {
  view: VaultView;
  onChange: (view: VaultView) => void;
}) {
  const folders = useFoldersQuery();
  const [creating, setCreating] = useState(false);
  const selectedFolder = view.kind === 'folder' ? view.folder : null;

  return (
    <nav aria-label="Vault folders" className="min-w-0">
      <div className="flex gap-1 overflow-x-auto pb-2 md:flex-col md:overflow-visible md:pb-0">
        <Entry
          selected={selectedFolder === 'all'}
          onSelect={() => onChange({ kind: 'folder', folder: 'all' })}
          icon={<ImageIcon size={18} />}
          label="All media"
        />
        <Entry
          selected={selectedFolder === 'root'}
          onSelect={() => onChange({ kind: 'folder', folder: 'root' })}
          icon={<FolderIcon size={18} />}
          label="Unfiled"
        />
        {folders.isPending ? (
          <Skeleton className="h-10 w-40 md:w-full" />
        ) : folders.isError ? (
          <button
            type="button"
            onClick={() => void folders.refetch()}
            className="px-3 py-2 text-left text-xs text-danger"
          >
            Could not load folders. Retry
          </button>
        ) : (
          folders.data.map((folder) => (
            <Entry
              key={folder.id}
              selected={selectedFolder === folder.id}
              onSelect={() => onChange({ kind: 'folder', folder: folder.id })}
              icon={<FolderIcon size={18} />}
              label={folder.name}
              count={folder.itemCount}
            />
          ))
        )}
        <Entry
          selected={view.kind === 'duplicates'}
          onSelect={() => onChange({ kind: 'duplicates' })}
          icon={<LayersIcon size={18} />}
          label="Duplicates"
        />
      </div>
      <Button
        variant="outline"
        size="sm"
        className="mt-2 md:mt-4 md:w-full"
        icon={<FolderPlusIcon size={16} />}
        onClick={() => setCreating(true)}
      >
        New folder
      </Button>
      {creating ? <FolderNameDialog open onClose={() => setCreating(false)} /> : null}
    </nav>
  );
}
