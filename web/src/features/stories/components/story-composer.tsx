/**
 * The story composer: a photo or video, or text on a colour; the overlay text with its colour,
 * size and position (drag it on the preview, or use the sliders); a caption; who can see it;
 * and "Schedule for later". Posting sends the spec's multipart form; scheduling first puts the
 * file in the vault, then schedules the story with its id.
 */
import {
  STORY_TEXT_SIZES,
  StoryLimits,
  type StoryAccessLevel,
  type StoryTextPosition,
} from '@fanspace/contracts';
import { useEffect, useId, useRef, useState, type FormEvent, type PointerEvent } from 'react';
import { errorMessageOf } from '../../../lib/api/index.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { ImageIcon } from '../../../ui/icons.tsx';
import { SegmentedControl } from '../../../ui/segmented-control.tsx';
import { TextareaField } from '../../../ui/textarea-field.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { creatorGateReasonOf } from '../../creator/creator-gate.ts';
import { uploadMediaFile } from '../../media-vault/upload-request.ts';
import { ScheduleField } from '../../scheduler/components/schedule-field.tsx';
import { useScheduleItem } from '../../scheduler/queries.ts';
import { formatWhen } from '../../scheduler/time.ts';
import { useScheduleDraft } from '../../scheduler/use-schedule-draft.ts';
import { TypeIcon } from '../icons.tsx';
import { useCreateStoryMutation } from '../queries.ts';
import { useStoryComposer } from '../store.ts';
import { DEFAULT_STORY_BACKGROUND, StoryFrame } from './story-frame.tsx';

type Mode = 'media' | 'text';

const ACCESS: Array<{ value: StoryAccessLevel; label: string }> = [
  { value: 'public', label: 'Everyone' },
  { value: 'followers', label: 'Followers' },
  { value: 'subscribers', label: 'Subscribers' },
];
const SIZES: Array<{ value: number; label: string }> = [
  { value: STORY_TEXT_SIZES.small, label: 'Small' },
  { value: STORY_TEXT_SIZES.medium, label: 'Medium' },
  { value: STORY_TEXT_SIZES.large, label: 'Large' },
  { value: STORY_TEXT_SIZES.xl, label: 'Extra large' },
];
const SWATCHES = ['#6d28d9', '#be185d', '#0f172a', '#0e7490', '#15803d', '#b45309'];

export const STORY_TEXT_LABEL = 'Text on the story';

function failureText(error: unknown): string {
  const gate = creatorGateReasonOf(error);
  if (gate === 'pending') return 'Identity verification pending';
  if (gate === 'become') return 'Only creators can post stories. Become a creator to share one.';
  return errorMessageOf(error, 'Could not share the story. Please try again.');
}

const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 1000) / 1000));

export function StoryComposerDialog() {
  const open = useStoryComposer((s) => s.open);
  const close = useStoryComposer((s) => s.close);
  return (
    <Dialog open={open} onClose={close} title="New story" className="sm:max-w-3xl!">
      {open ? <StoryComposerForm onDone={close} /> : null}
    </Dialog>
  );
}

export function StoryComposerForm({ onDone }: { onDone: () => void }) {
  const [mode, setMode] = useState<Mode>('media');
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [textOverlay, setTextOverlay] = useState('');
  const [caption, setCaption] = useState('');
  const [position, setPosition] = useState<StoryTextPosition>({ x: 0.5, y: 0.5 });
  const [textSize, setTextSize] = useState<number>(STORY_TEXT_SIZES.medium);
  const [textColor, setTextColor] = useState('#ffffff');
  const [backgroundColor, setBackgroundColor] = useState(DEFAULT_STORY_BACKGROUND);
  const [accessLevel, setAccessLevel] = useState<StoryAccessLevel>('public');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const schedule = useScheduleDraft();
  const create = useCreateStoryMutation();
  const scheduleItem = useScheduleItem();
  const previewRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const ids = { size: useId(), x: useId(), y: useId(), text: useId(), bg: useId() };

  useEffect(() => {
    if (!file) {
      setPreviewUrl(null);
      return undefined;
    }
    const url = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    setPreviewUrl(url);
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [file]);

  const mediaType: 'image' | 'video' | 'text' =
    mode === 'text' || !file ? 'text' : file.type.startsWith('video/') ? 'video' : 'image';
  const busy = create.isPending || scheduleItem.isPending || uploading;

  function placeText(event: PointerEvent<HTMLDivElement>): void {
    const box = previewRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    setPosition({
      x: clamp((event.clientX - box.left) / box.width),
      y: clamp((event.clientY - box.top) / box.height),
    });
  }

  function pickFile(list: FileList | null): void {
    const picked = list?.[0] ?? null;
    if (picked && !/^(image|video)\//.test(picked.type)) {
      setError('Pick a photo or a video.');
      return;
    }
    setError(null);
    setFile(picked);
  }

  function draft() {
    return {
      file: mode === 'media' ? file : null,
      caption,
      textOverlay,
      textPosition: position,
      textSize,
      backgroundColor,
      textColor,
      accessLevel,
    };
  }

  async function scheduleStory(when: Date): Promise<void> {
    let mediaId: string | null = null;
    const current = draft();
    if (current.file) {
      setUploading(true);
      try {
        mediaId = (await uploadMediaFile(current.file, { onProgress: setProgress, title: 'Story' }))
          .id;
      } catch (err) {
        setError(failureText(err));
        return;
      } finally {
        setUploading(false);
        setProgress(null);
      }
    }
    scheduleItem.mutate(
      {
        type: 'story',
        scheduledFor: when.toISOString(),
        payload: {
          ...(mediaId ? { mediaId } : {}),
          caption: current.caption.trim(),
          textOverlay: current.textOverlay.trim(),
          textPosition: current.textPosition,
          textSize: current.textSize,
          backgroundColor: current.backgroundColor,
          textColor: current.textColor,
          accessLevel: current.accessLevel,
        },
      },
      {
        onSuccess: () => {
          toast.success(`Story scheduled for ${formatWhen(when.toISOString())}.`);
          onDone();
        },
        onError: (err) => setError(failureText(err)),
      },
    );
  }

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    setError(null);
    if (mode === 'media' && !file) {
      setError('Pick a photo or a video, or switch to a text story.');
      return;
    }
    if (mode === 'text' && textOverlay.trim() === '') {
      setError('Write something for your text story.');
      return;
    }
    if (schedule.enabled) {
      const when = schedule.check();
      if (when) void scheduleStory(when);
      return;
    }
    create.mutate(
      { draft: draft(), onProgress: setProgress },
      {
        onSuccess: () => {
          toast.success('Story shared. It disappears in 24 hours.');
          onDone();
        },
        onError: (err) => setError(failureText(err)),
        onSettled: () => setProgress(null),
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="New story"
      className="grid gap-6 sm:grid-cols-[minmax(0,15rem)_1fr]"
    >
      <div className="mx-auto w-full max-w-60 sm:sticky sm:top-0 sm:self-start">
        <div
          ref={previewRef}
          role="img"
          aria-label="Story preview: drag the text to move it"
          className="touch-none select-none"
          onPointerDown={(event) => {
            if (!textOverlay) return;
            dragging.current = true;
            event.currentTarget.setPointerCapture?.(event.pointerId);
            placeText(event);
          }}
          onPointerMove={(event) => {
            if (dragging.current) placeText(event);
          }}
          onPointerUp={() => {
            dragging.current = false;
          }}
        >
          <StoryFrame
            mediaType={mediaType}
            mediaUrl={previewUrl}
            caption={caption}
            textOverlay={textOverlay}
            textPosition={position}
            textSize={textSize}
            backgroundColor={backgroundColor}
            textColor={textColor}
            className="rounded-2xl border border-line"
          >
            {mode === 'media' && !file ? (
              <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-white/80">
                <ImageIcon size={28} />
                <span className="text-xs">Your photo or video</span>
              </div>
            ) : null}
          </StoryFrame>
        </div>
        {progress !== null ? (
          <div
            role="progressbar"
            aria-label="Uploading"
            aria-valuenow={Math.round(progress)}
            aria-valuemin={0}
            aria-valuemax={100}
            className="mt-3 h-1.5 overflow-hidden rounded-full bg-surface-2"
          >
            <div
              className="h-full bg-accent-solid transition-[width]"
              style={{ width: `${progress}%` }}
            />
          </div>
        ) : null}
      </div>

      <div className="flex min-w-0 flex-col gap-4">
        <SegmentedControl
          label="Story type"
          value={mode}
          onChange={(value) => {
            setMode(value);
            setError(null);
          }}
          options={[
            { value: 'media', label: 'Photo or video', icon: <ImageIcon size={16} /> },
            { value: 'text', label: 'Text', icon: <TypeIcon size={16} /> },
          ]}
        />
        {mode === 'media' ? (
          <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
            Photo or video
            <input
              type="file"
              accept="image/*,video/*"
              onChange={(event) => pickFile(event.target.files)}
              className="text-sm text-muted file:mr-3 file:rounded-full file:border-0 file:bg-surface-3 file:px-4 file:py-2 file:font-semibold file:text-fg"
            />
          </label>
        ) : null}
        <TextareaField
          label={STORY_TEXT_LABEL}
          value={textOverlay}
          maxLength={StoryLimits.textOverlayMax}
          onChange={(event) => setTextOverlay(event.target.value)}
          className="[&_textarea]:min-h-20"
          hint="Drag it on the preview to place it."
        />
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.size} className="text-sm font-medium text-fg">
              Text size
            </label>
            <select
              id={ids.size}
              value={textSize}
              onChange={(event) => setTextSize(Number(event.target.value))}
              className="h-11 rounded-xl border border-line bg-surface-2 px-3 text-sm text-fg"
            >
              {SIZES.map((size) => (
                <option key={size.value} value={size.value}>
                  {size.label}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.text} className="text-sm font-medium text-fg">
              Text colour
            </label>
            <input
              id={ids.text}
              type="color"
              value={textColor}
              onChange={(event) => setTextColor(event.target.value)}
              className="h-11 w-full cursor-pointer rounded-xl border border-line bg-surface-2 p-1"
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.bg} className="text-sm font-medium text-fg">
              Background colour
            </label>
            <input
              id={ids.bg}
              type="color"
              value={backgroundColor}
              onChange={(event) => setBackgroundColor(event.target.value)}
              className="h-11 w-full cursor-pointer rounded-xl border border-line bg-surface-2 p-1"
            />
          </div>
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Background presets">
          {SWATCHES.map((colour) => (
            <button
              key={colour}
              type="button"
              aria-label={`Background ${colour}`}
              aria-pressed={backgroundColor === colour}
              onClick={() => setBackgroundColor(colour)}
              className="h-7 w-7 rounded-full border-2 border-line aria-pressed:border-fg"
              style={{ backgroundColor: colour }}
            />
          ))}
        </div>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-medium text-fg">Text position</legend>
          <label htmlFor={ids.x} className="flex flex-col gap-1 text-xs text-muted">
            Horizontal position
            <input
              id={ids.x}
              type="range"
              min={0}
              max={100}
              value={Math.round(position.x * 100)}
              onChange={(event) =>
                setPosition((p) => ({ ...p, x: Number(event.target.value) / 100 }))
              }
            />
          </label>
          <label htmlFor={ids.y} className="flex flex-col gap-1 text-xs text-muted">
            Vertical position
            <input
              id={ids.y}
              type="range"
              min={0}
              max={100}
              value={Math.round(position.y * 100)}
              onChange={(event) =>
                setPosition((p) => ({ ...p, y: Number(event.target.value) / 100 }))
              }
            />
          </label>
        </fieldset>
        <TextareaField
          label="Caption"
          value={caption}
          maxLength={StoryLimits.captionMax}
          onChange={(event) => setCaption(event.target.value)}
          className="[&_textarea]:min-h-16"
        />
        <SegmentedControl
          label="Who can see this story"
          value={accessLevel}
          onChange={setAccessLevel}
          options={ACCESS}
        />
        <ScheduleField
          enabled={schedule.enabled}
          onEnabledChange={schedule.setEnabled}
          value={schedule.value}
          onChange={schedule.setValue}
          error={schedule.error}
        />
        <FormError message={error} />
        <div className="flex flex-wrap justify-end gap-3 border-t border-line pt-4">
          <Button variant="ghost" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" size="lg" loading={busy}>
            {schedule.enabled ? 'Schedule story' : 'Share story'}
          </Button>
        </div>
      </div>
    </form>
  );
}
