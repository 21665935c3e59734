/**
 * /vault – the creator's media library: folders, type filter, multi-select to move or delete,
 * per-item details, bulk upload (picker or drag and drop) and the duplicates finder.
 */
import type { MediaType, VaultMediaItem } from '@fanspace/contracts';
import { useState, type DragEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { CloseIcon, ImageIcon, TrashIcon, UploadIcon } from '../../../ui/icons.tsx';
import { Page } from '../../../ui/page.tsx';
import { SegmentedControl } from '../../../ui/segmented-control.tsx';
import { MoveIcon, PencilIcon } from '../../posts/icons.tsx';
import { useInfiniteScroll } from '../../posts/use-infinite-scroll.ts';
import { DuplicatesView } from '../components/duplicates-view.tsx';
import { FilePickerButton } from '../components/file-picker-button.tsx';
import { DeleteFolderDialog, FolderNameDialog } from '../components/folder-dialogs.tsx';
import { FolderSidebar, type VaultView } from '../components/folder-sidebar.tsx';
import { MediaItemDialog } from '../components/media-item-dialog.tsx';
import { MoveDialog } from '../components/move-dialog.tsx';
import { UploadTray } from '../components/upload-tray.tsx';
import { ItemTile, VaultGridSkeleton } from '../components/item-tile.tsx';
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog.tsx';
import {
  itemsOf,
  useDeleteMediaMutation,
  useFoldersQuery,
  useVaultQuery,
  useVaultUploadMutation,
} from '../queries.ts';

export const VAULT_ACCEPT = 'image/*,video/*,audio/*';

const TYPE_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'image', label: 'Photos' },
  { value: 'video', label: 'Videos' },
  { value: 'audio', label: 'Audio' },
] as const;

type TypeFilter = MediaType | 'all';

function viewFromParams(params: URLSearchParams): VaultView {
  if (params.get('view') === 'duplicates') return { kind: 'duplicates' };
  return { kind: 'folder', folder: params.get('folder') ?? 'all' };
}

export function VaultPage() {
  useDocumentTitle('Media vault');
  const [params, setParams] = useSearchParams();
  const view = viewFromParams(params);
  const typeParam = params.get('type');
  const mediaType: TypeFilter =
    typeParam === 'image' || typeParam === 'video' || typeParam === 'audio' ? typeParam : 'all';
  const folder = view.kind === 'folder' ? view.folder : 'all';
  const folders = useFoldersQuery();
  const currentFolder = folders.data?.find((f) => f.id === folder) ?? null;

  const vault = useVaultQuery({ folder, mediaType }, view.kind === 'folder');
  const items = itemsOf(vault.data);
  const upload = useVaultUploadMutation();
  const remove = useDeleteMediaMutation();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<VaultMediaItem | null>(null);
  const [dialog, setDialog] = useState<'move' | 'delete' | 'rename' | 'delete-folder' | null>(null);
  const [dragging, setDragging] = useState(false);
  const sentinelRef = useInfiniteScroll({
    hasMore: Boolean(vault.hasNextPage),
    loading: vault.isFetchingNextPage || vault.isFetchNextPageError,
    onLoadMore: () => void vault.fetchNextPage(),
  });

  function setView(next: VaultView): void {
    const p = new URLSearchParams(params);
    p.delete('view');
    p.delete('folder');
    if (next.kind === 'duplicates') p.set('view', 'duplicates');
    else if (next.folder !== 'all') p.set('folder', next.folder);
    setParams(p);
    setSelected(new Set());
  }

  function setType(value: TypeFilter): void {
    const p = new URLSearchParams(params);
    if (value === 'all') p.delete('type');
    else p.set('type', value);
    setParams(p, { replace: true });
    setSelected(new Set());
  }

  function toggle(id: string): void {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function uploadFiles(files: File[]): void {
    const target = folder === 'all' || folder === 'root' ? null : folder;
    upload.mutate({ files, folderId: target });
  }

  function drop(event: DragEvent<HTMLElement>): void {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) uploadFiles(files);
  }

  const heading =
    view.kind === 'duplicates'
      ? 'Duplicates'
      : folder === 'all'
        ? 'All media'
        : folder === 'root'
          ? 'Unfiled'
          : (currentFolder?.name ?? 'Folder');

  let grid;
  if (vault.isPending) {
    grid = <VaultGridSkeleton />;
  } else if (vault.isError) {
    grid = <ErrorState title="Could not load your media" onRetry={() => void vault.refetch()} />;
  } else if (items.length === 0) {
    grid = (
      <EmptyState
        icon={<ImageIcon size={26} />}
        title={folder === 'all' && mediaType === 'all' ? 'Your vault is empty' : 'Nothing here'}
        description="Upload photos, videos and audio once, then use them in posts and messages. Drop files anywhere on this area."
        action={
          <FilePickerButton
            label="Upload files"
            accept={VAULT_ACCEPT}
            onFiles={uploadFiles}
            icon={<UploadIcon size={18} />}
          >
            Upload
          </FilePickerButton>
        }
      />
    );
  } else {
    grid = (
      <>
        <ul
          aria-label={`${heading}: media`}
          className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-5"
        >
          {items.map((item) => (
            <li key={item.id}>
              <ItemTile
                item={item}
                selected={selected.has(item.id)}
                onToggle={() => toggle(item.id)}
                onOpen={() => setOpen(item)}
              />
            </li>
          ))}
        </ul>
        <div ref={sentinelRef} aria-hidden="true" className="h-px" />
        {vault.hasNextPage ? (
          <div className="mt-5 flex justify-center">
            <Button
              variant="secondary"
              loading={vault.isFetchingNextPage}
              onClick={() => void vault.fetchNextPage()}
            >
              Load more
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  const selectedIds = [...selected];

  return (
    <Page
      title="Media vault"
      width="wide"
      description="Your private library. Nothing here is visible until you post it."
      actions={
        <FilePickerButton
          label="Upload files"
          accept={VAULT_ACCEPT}
          onFiles={uploadFiles}
          disabled={upload.isPending}
          icon={<UploadIcon size={18} />}
        >
          Upload
        </FilePickerButton>
      }
    >
      <UploadTray />
      <div className="grid gap-6 md:grid-cols-[220px_minmax(0,1fr)]">
        <FolderSidebar view={view} onChange={setView} />
        <section
          aria-labelledby="vault-heading"
          onDragOver={(event) => {
            if (view.kind !== 'folder') return;
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={view.kind === 'folder' ? drop : undefined}
          className={cn(
            'min-w-0 rounded-3xl',
            dragging && 'outline-2 outline-offset-4 outline-accent outline-dashed',
          )}
        >
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-1">
              <h2 id="vault-heading" className="text-lg font-semibold text-fg">
                {heading}
              </h2>
              {currentFolder ? (
                <>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Rename folder ${currentFolder.name}`}
                    onClick={() => setDialog('rename')}
                    className="px-2"
                  >
                    <PencilIcon size={16} />
                  </Button>
                  <Button
                    variant="danger-ghost"
                    size="sm"
                    aria-label={`Delete folder ${currentFolder.name}`}
                    onClick={() => setDialog('delete-folder')}
                    className="px-2"
                  >
                    <TrashIcon size={16} />
                  </Button>
                </>
              ) : null}
            </div>
            {view.kind === 'folder' ? (
              <div className="w-full sm:w-auto">
                <SegmentedControl
                  label="Show"
                  value={mediaType}
                  options={TYPE_OPTIONS}
                  onChange={setType}
                />
              </div>
            ) : null}
          </div>

          {selected.size > 0 && view.kind === 'folder' ? (
            <div
              role="region"
              aria-label="Selection"
              className="sticky top-20 z-20 mb-4 flex flex-wrap items-center gap-2 rounded-2xl border border-line bg-surface-2 px-4 py-2.5 shadow-lg"
            >
              <p className="mr-auto text-sm font-medium text-fg" aria-live="polite">
                {selected.size} selected
              </p>
              <Button
                size="sm"
                variant="secondary"
                icon={<MoveIcon size={16} />}
                onClick={() => setDialog('move')}
              >
                Move
              </Button>
              <Button
                size="sm"
                variant="danger"
                icon={<TrashIcon size={16} />}
                onClick={() => setDialog('delete')}
              >
                Delete
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label="Clear selection"
                onClick={() => setSelected(new Set())}
                className="px-2"
              >
                <CloseIcon size={16} />
              </Button>
            </div>
          ) : null}

          {view.kind === 'duplicates' ? <DuplicatesView /> : grid}
        </section>
      </div>

      {open ? (
        <MediaItemDialog key={open.id} item={open} open onClose={() => setOpen(null)} />
      ) : null}
      {dialog === 'move' ? (
        <MoveDialog
          ids={selectedIds}
          open
          onClose={() => setDialog(null)}
          onMoved={() => setSelected(new Set())}
        />
      ) : null}
      {dialog === 'delete' ? (
        <ConfirmDeleteDialog
          count={selected.size}
          loading={remove.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            remove.mutate(selectedIds, {
              onSettled: () => {
                setDialog(null);
                setSelected(new Set());
              },
            })
          }
        />
      ) : null}
      {dialog === 'rename' && currentFolder ? (
        <FolderNameDialog folder={currentFolder} open onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'delete-folder' && currentFolder ? (
        <DeleteFolderDialog
          folder={currentFolder}
          open
          onClose={() => setDialog(null)}
          onDeleted={() => setView({ kind: 'folder', folder: 'all' })}
        />
      ) : null}
    </Page>
  );
}
