/**
 * Vault query keys and hooks. Writes invalidate the vault's lists and folder counts; the
 * upload tray reads the shared upload store.
 */
import {
  MEDIA_BULK_MAX_FILES,
  type MediaListResponse,
  type UpdateMediaBody,
  type VaultMediaItem,
} from '@fanspace/contracts';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { errorMessageOf } from '../../lib/api/index.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { bulkTrackedUpload, startTrackedUpload } from './tracked-uploads.ts';
import {
  createFolder,
  deleteFolder,
  deleteMedia,
  fetchDuplicates,
  fetchDuplicateStats,
  fetchFolders,
  fetchVault,
  moveMedia,
  renameFolder,
  updateMedia,
  type VaultFilter,
} from './vault-api.ts';
import { plural } from '../../lib/plural.ts';

export const vaultKeys = {
  all: ['vault'] as const,
  lists: () => [...vaultKeys.all, 'items'] as const,
  list: (filter: VaultFilter) => [...vaultKeys.lists(), filter.folder, filter.mediaType] as const,
  folders: () => [...vaultKeys.all, 'folders'] as const,
  duplicates: () => [...vaultKeys.all, 'duplicates'] as const,
  duplicateStats: () => [...vaultKeys.all, 'duplicates', 'stats'] as const,
};

export function useVaultQuery(filter: VaultFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: vaultKeys.list(filter),
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => fetchVault(filter, pageParam),
    getNextPageParam: (last: MediaListResponse) =>
      (last.hasMore ? last.nextCursor : null) ?? undefined,
  });
}

export function itemsOf(data: InfiniteData<MediaListResponse> | undefined): VaultMediaItem[] {
  return (data?.pages ?? []).flatMap((page) => page.items);
}

export function useFoldersQuery() {
  return useQuery({ queryKey: vaultKeys.folders(), queryFn: fetchFolders });
}

export function useDuplicatesQuery(enabled: boolean) {
  return useQuery({ queryKey: vaultKeys.duplicates(), queryFn: fetchDuplicates, enabled });
}

export function useDuplicateStatsQuery() {
  return useQuery({ queryKey: vaultKeys.duplicateStats(), queryFn: fetchDuplicateStats });
}

function useInvalidateVault() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: vaultKeys.all });
}

function failure(text: string) {
  return (error: unknown) => toast.error(errorMessageOf(error, text));
}

export function useCreateFolderMutation() {
  const invalidate = useInvalidateVault();
  return useMutation({
    mutationFn: (name: string) => createFolder({ name }),
    onSuccess: (folder) => {
      toast.success(`Folder “${folder.name}” created.`);
      return invalidate();
    },
  });
}

export function useRenameFolderMutation() {
  const invalidate = useInvalidateVault();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renameFolder(id, name),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteFolderMutation() {
  const invalidate = useInvalidateVault();
  return useMutation({
    mutationFn: (id: string) => deleteFolder(id),
    onSuccess: () => {
      toast.success('Folder deleted. Its items are now unfiled.');
      return invalidate();
    },
    onError: failure('Could not delete the folder.'),
  });
}

export function useMoveMediaMutation() {
  const invalidate = useInvalidateVault();
  return useMutation({
    mutationFn: ({ ids, folderId }: { ids: string[]; folderId: string | null }) =>
      moveMedia(ids, folderId),
    onSuccess: (response) => {
      toast.success(`${plural(response.moved, 'item')} moved.`);
      return invalidate();
    },
    onError: failure('Could not move the items.'),
  });
}

export function useUpdateMediaMutation() {
  const invalidate = useInvalidateVault();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateMediaBody }) => updateMedia(id, body),
    onSuccess: () => {
      toast.success('Saved.');
      return invalidate();
    },
  });
}

export function useDeleteMediaMutation() {
  const invalidate = useInvalidateVault();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      // One by one: the server has no bulk delete, and each is its own vault write.
      for (const id of ids) await deleteMedia(id);
      return ids.length;
    },
    onSuccess: (count) => {
      toast.success(`${plural(count, 'item')} deleted.`);
      return invalidate();
    },
    onError: (error) => {
      failure('Could not delete everything you selected.')(error);
      return invalidate();
    },
  });
}

/** One file goes alone (its own progress); several go as bulk requests of up to 20. */
export function useVaultUploadMutation() {
  const invalidate = useInvalidateVault();
  return useMutation({
    mutationFn: async ({ files, folderId }: { files: File[]; folderId: string | null }) => {
      let uploaded = 0;
      const failed: Array<{ filename: string; message: string }> = [];
      for (let i = 0; i < files.length; i += MEDIA_BULK_MAX_FILES) {
        const chunk = files.slice(i, i + MEDIA_BULK_MAX_FILES);
        if (chunk.length === 1 && chunk[0]) {
          await startTrackedUpload(chunk[0], { folderId }).done;
          uploaded += 1;
          continue;
        }
        const response = await bulkTrackedUpload(chunk, { folderId });
        uploaded += response.items.length;
        failed.push(...response.failed);
      }
      return { uploaded, failed };
    },
    onSuccess: ({ uploaded, failed }) => {
      if (uploaded > 0) toast.success(`${plural(uploaded, 'file')} uploaded.`);
      for (const f of failed) toast.error(`${f.filename}: ${f.message}`);
      return invalidate();
    },
    onError: (error) => {
      failure('Upload failed. Please try again.')(error);
      return invalidate();
    },
  });
}
