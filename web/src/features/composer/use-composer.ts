/**
 * The composer's state: text, access, and attachments. Files from the device start uploading to
 * the vault as soon as they are picked (POST /media/upload with progress, spec §3 Upload); the
 * post then refers to them, and to items picked from the vault, as selectedMediaItems.
 */
import {
  POST_MEDIA_MAX,
  type CreatePostBody,
  type MediaType,
  type Post,
  type PostAccessLevel,
  type VaultMediaItem,
} from '@fanspace/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessageOf } from '../../lib/api/index.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { creatorGateReasonOf } from '../creator/creator-gate.ts';
import { scheduleBlobCleanup, useUploadStore } from '../media/store.ts';
import { startTrackedUpload } from '../media-vault/tracked-uploads.ts';
import { isPaidLevel } from '../posts/access.ts';
import { useCreatePostMutation } from './queries.ts';
import { useScheduleItem } from '../scheduler/queries.ts';
import { formatWhen } from '../scheduler/time.ts';
import { useScheduleDraft } from '../scheduler/use-schedule-draft.ts';
import {
  fileProblem,
  mediaTypeOfFile,
  parsePrice,
  validateDraft,
  type DraftErrors,
} from './validation.ts';

export const IDENTITY_PENDING_MESSAGE = 'Identity verification pending';
export const ONLY_CREATORS_MESSAGE = 'Only creators can post. Become a creator to publish.';

export type Attachment =
  | {
      key: string;
      source: 'device';
      file: File;
      previewUrl: string;
      mediaType: MediaType;
      uploadId: string;
      status: 'uploading' | 'done' | 'failed';
      mediaId: string | null;
      error: string | null;
    }
  | { key: string; source: 'vault'; item: VaultMediaItem };

let keyCounter = 0;
const nextKey = () => `att-${(keyCounter += 1)}`;

function createPreviewUrl(file: File): string {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
}

function revoke(url: string): void {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

/** Why publishing failed, in words for the form. */
export function publishFailure(error: unknown): string {
  const gate = creatorGateReasonOf(error);
  if (gate === 'pending') return IDENTITY_PENDING_MESSAGE;
  if (gate === 'become') return ONLY_CREATORS_MESSAGE;
  return errorMessageOf(error, 'Could not publish the post. Please try again.');
}

export function useComposer(onPublished: (post: Post) => void, onScheduled?: () => void) {
  const [caption, setCaption] = useState('');
  const [hashtags, setHashtags] = useState<string[]>([]);
  const [accessLevel, setAccessLevel] = useState<PostAccessLevel>('public');
  const [price, setPrice] = useState('');
  const [releaseIds, setReleaseIds] = useState<string[]>([]);
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const controllers = useRef(new Map<string, AbortController>());
  const create = useCreatePostMutation();
  // "Schedule for later": the same body goes to POST /scheduler instead
  const schedule = useScheduleDraft();
  const scheduleItem = useScheduleItem();

  const patch = useCallback(
    (key: string, change: Partial<Extract<Attachment, { source: 'device' }>>) => {
      setAttachments((list) =>
        list.map((a) => (a.key === key && a.source === 'device' ? { ...a, ...change } : a)),
      );
    },
    [],
  );

  // Leaving the composer cancels uploads still running and frees the previews.
  const attachmentsRef = useRef(attachments);
  useEffect(() => {
    attachmentsRef.current = attachments;
  });
  useEffect(
    () => () => {
      controllers.current.forEach((c) => c.abort());
      for (const a of attachmentsRef.current) if (a.source === 'device') revoke(a.previewUrl);
    },
    [],
  );

  function addFiles(files: File[]): void {
    const room = POST_MEDIA_MAX - attachments.length;
    if (room <= 0) {
      toast.warning(`A post can hold up to ${POST_MEDIA_MAX} photos and videos.`);
      return;
    }
    const accepted: File[] = [];
    for (const file of files) {
      const problem = fileProblem(file);
      if (problem) toast.error(problem);
      else accepted.push(file);
    }
    if (accepted.length > room) {
      toast.warning(
        `Only the first ${room} files were added: a post holds up to ${POST_MEDIA_MAX}.`,
      );
    }
    for (const file of accepted.slice(0, room)) {
      const key = nextKey();
      const controller = new AbortController();
      controllers.current.set(key, controller);
      const { uploadId, done } = startTrackedUpload(file, { signal: controller.signal });
      setAttachments((list) => [
        ...list,
        {
          key,
          source: 'device',
          file,
          previewUrl: createPreviewUrl(file),
          mediaType: mediaTypeOfFile(file) ?? 'image',
          uploadId,
          status: 'uploading',
          mediaId: null,
          error: null,
        },
      ]);
      done
        .then(
          (item) => patch(key, { status: 'done', mediaId: item.id }),
          (error: unknown) => {
            if (controller.signal.aborted) return;
            patch(key, { status: 'failed', error: errorMessageOf(error, 'Upload failed.') });
          },
        )
        .finally(() => controllers.current.delete(key));
    }
    setErrors((e) => ({ ...e, form: undefined }));
  }

  function addVaultItems(items: VaultMediaItem[]): void {
    setAttachments((list) => {
      const chosen = new Set(list.map((a) => (a.source === 'vault' ? a.item.id : a.mediaId)));
      const fresh = items.filter((item) => !chosen.has(item.id));
      const room = POST_MEDIA_MAX - list.length;
      return [
        ...list,
        ...fresh.slice(0, room).map((item) => ({ key: nextKey(), source: 'vault' as const, item })),
      ];
    });
    setErrors((e) => ({ ...e, form: undefined }));
  }

  function remove(key: string): void {
    const target = attachments.find((a) => a.key === key);
    if (target?.source === 'device') {
      controllers.current.get(key)?.abort();
      useUploadStore.getState().remove(target.uploadId);
      revoke(target.previewUrl);
    }
    setAttachments((list) => list.filter((a) => a.key !== key));
  }

  const uploading = attachments.filter(
    (a) => a.source === 'device' && a.status === 'uploading',
  ).length;
  const failed = attachments.filter((a) => a.source === 'device' && a.status === 'failed').length;

  function reset(): void {
    setCaption('');
    setHashtags([]);
    setAccessLevel('public');
    setPrice('');
    setReleaseIds([]);
    setAttachments([]);
    setErrors({});
    setSubmitError(null);
    schedule.reset();
  }

  /** Previews go 1 second after the post left (spec §4), uploads leave the tray. */
  function releaseAttachments(): void {
    const previews: string[] = [];
    for (const a of attachments) {
      if (a.source !== 'device') continue;
      previews.push(a.previewUrl);
      useUploadStore.getState().remove(a.uploadId);
    }
    scheduleBlobCleanup(previews.filter(Boolean));
    attachmentsRef.current = [];
  }

  function submit(): void {
    setSubmitError(null);
    const mediaCount = attachments.filter(
      (a) => a.source === 'vault' || a.status !== 'failed',
    ).length;
    const found = validateDraft({ caption, mediaCount, accessLevel, price });
    setErrors(found);
    if (found.form || found.price) return;
    if (uploading > 0 || failed > 0) {
      setSubmitError(
        failed > 0
          ? 'Some files failed to upload. Remove them or try adding them again.'
          : 'Wait until your files have finished uploading.',
      );
      return;
    }
    const mediaIds = attachments.map((a) => (a.source === 'vault' ? a.item.id : (a.mediaId ?? '')));
    const paid = isPaidLevel(accessLevel);
    const body: CreatePostBody = {
      caption: caption.trim(),
      accessDetails: { accessLevel, price: paid ? parsePrice(price) : null },
      ...(hashtags.length > 0 ? { hashtags } : {}),
      ...(releaseIds.length > 0 ? { modelReleaseIds: releaseIds } : {}),
      ...(mediaIds.length > 0 ? { selectedMediaItems: mediaIds.filter(Boolean) } : {}),
    };
    if (schedule.enabled) {
      const when = schedule.check();
      if (!when) return;
      scheduleItem.mutate(
        { type: 'post', scheduledFor: when.toISOString(), payload: body },
        {
          onSuccess: () => {
            releaseAttachments();
            reset();
            toast.success(`Post scheduled for ${formatWhen(when.toISOString())}.`);
            onScheduled?.();
          },
          onError: (error) => setSubmitError(publishFailure(error)),
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: (post) => {
        // Spec §4: temporary blobs are cleaned up 1 second after a send.
        releaseAttachments();
        reset();
        toast.success('Post published.');
        onPublished(post);
      },
      onError: (error) => setSubmitError(publishFailure(error)),
    });
  }

  return {
    caption,
    setCaption: (value: string) => {
      setCaption(value);
      if (value.trim()) setErrors((e) => ({ ...e, form: undefined }));
    },
    hashtags,
    setHashtags,
    accessLevel,
    setAccessLevel,
    price,
    setPrice: (value: string) => {
      setPrice(value);
      setErrors((e) => ({ ...e, price: undefined }));
    },
    releaseIds,
    setReleaseIds,
    attachments,
    addFiles,
    addVaultItems,
    remove,
    uploading,
    errors,
    submitError,
    submitting: create.isPending || scheduleItem.isPending,
    schedule,
    submit,
    reset,
  };
}

export type ComposerState = ReturnType<typeof useComposer>;
