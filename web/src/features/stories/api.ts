/** Stories (spec §7 Stories: create (multipart), delete, get all), views and viewers. */
import {
  StoryLimits,
  type DeleteStoryResponse,
  type StoriesResponse,
  type Story,
  type StoryAccessLevel,
  type StoryTextPosition,
  type StoryViewersResponse,
  type StoryViewResponse,
} from '@fanspace/contracts';
import { apiClient } from '../../lib/api/index.ts';
import { postUpload, type UploadOptions } from '../media-vault/upload-request.ts';

const storyPath = (id: string) => `/stories/${encodeURIComponent(id)}`;

export const fetchStories = (query: { userId?: string; page?: number } = {}) =>
  apiClient.get<StoriesResponse>('/stories', {
    query: {
      page: query.page ?? 1,
      limit: StoryLimits.groupsPageSize,
      ...(query.userId ? { userId: query.userId } : {}),
    },
  });

export interface StoryDraft {
  file: File | null;
  caption: string;
  textOverlay: string;
  textPosition: StoryTextPosition;
  textSize: number;
  backgroundColor: string;
  textColor: string;
  accessLevel: StoryAccessLevel;
}

/** The multipart body of spec §5/§7: the text position travels as JSON text. */
export function storyForm(draft: StoryDraft): FormData {
  const form = new FormData();
  if (draft.file) {
    form.append('media', draft.file, draft.file.name);
    form.append('mediaType', draft.file.type.startsWith('video/') ? 'video' : 'image');
  } else form.append('mediaType', 'text');
  form.append('caption', draft.caption.trim());
  form.append('textOverlay', draft.textOverlay.trim());
  form.append('textPosition', JSON.stringify(draft.textPosition));
  form.append('textSize', String(draft.textSize));
  form.append('backgroundColor', draft.backgroundColor);
  form.append('textColor', draft.textColor);
  form.append('accessLevel', draft.accessLevel);
  return form;
}

/** POST /stories as multipart, with upload progress. */
export const createStory = (draft: StoryDraft, options: UploadOptions = {}) =>
  postUpload<Story>('/stories', storyForm(draft), options);

export const deleteStory = (id: string) => apiClient.delete<DeleteStoryResponse>(storyPath(id));

export const markStoryViewed = (id: string) =>
  apiClient.post<StoryViewResponse>(`${storyPath(id)}/view`);

export const fetchStoryViewers = (id: string, cursor: string | null) =>
  apiClient.get<StoryViewersResponse>(`${storyPath(id)}/viewers`, {
    query: { limit: StoryLimits.viewersPageSize, ...(cursor ? { cursor } : {}) },
  });
