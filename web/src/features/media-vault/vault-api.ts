/** The media vault (spec §7 Media and uploads): items, folders, moves and duplicates. */
import {
  DUPLICATES_FIND_LIMIT,
  type CreateMediaFolderBody,
  type DuplicatesFindResponse,
  type DuplicateStats,
  type MediaFolder,
  type MediaFoldersResponse,
  type MediaListResponse,
  type MediaType,
  type MoveMediaResponse,
  type OkResponse,
  type UpdateMediaBody,
  type VaultMediaItem,
} from '@fanspace/contracts';
import { apiClient } from '../../lib/api/index.ts';

export const VAULT_PAGE_SIZE = 50;

/** 'all': every item; 'root': items outside folders; otherwise a folder id. */
export type FolderFilter = 'all' | 'root' | string;

export interface VaultFilter {
  folder: FolderFilter;
  mediaType: MediaType | 'all';
}

export function fetchVault(filter: VaultFilter, cursor: string | null): Promise<MediaListResponse> {
  return apiClient.get<MediaListResponse>('/media', {
    query: {
      limit: VAULT_PAGE_SIZE,
      folderId: filter.folder === 'all' ? undefined : filter.folder,
      mediaType: filter.mediaType === 'all' ? undefined : filter.mediaType,
      cursor: cursor ?? undefined,
    },
  });
}

export async function fetchFolders(): Promise<MediaFolder[]> {
  return (await apiClient.get<MediaFoldersResponse>('/media/folders')).folders;
}

export function createFolder(body: CreateMediaFolderBody): Promise<MediaFolder> {
  return apiClient.post<MediaFolder>('/media/folders', body);
}

export function renameFolder(id: string, name: string): Promise<MediaFolder> {
  return apiClient.put<MediaFolder>(`/media/folders/${encodeURIComponent(id)}`, { name });
}

export function deleteFolder(id: string): Promise<OkResponse> {
  return apiClient.delete<OkResponse>(`/media/folders/${encodeURIComponent(id)}`);
}

export function moveMedia(mediaIds: string[], folderId: string | null): Promise<MoveMediaResponse> {
  return apiClient.post<MoveMediaResponse>('/media/move', { mediaIds, folderId });
}

export function updateMedia(id: string, body: UpdateMediaBody): Promise<VaultMediaItem> {
  return apiClient.put<VaultMediaItem>(`/media/${encodeURIComponent(id)}`, body);
}

export function deleteMedia(id: string): Promise<OkResponse> {
  return apiClient.delete<OkResponse>(`/media/${encodeURIComponent(id)}`);
}

export function fetchDuplicateStats(): Promise<DuplicateStats> {
  return apiClient.get<DuplicateStats>('/media/duplicates/stats');
}

export function fetchDuplicates(): Promise<DuplicatesFindResponse> {
  return apiClient.get<DuplicatesFindResponse>('/media/duplicates/find', {
    query: { limit: DUPLICATES_FIND_LIMIT },
  });
}
