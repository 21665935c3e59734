import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { formatBytes, readFileAsDataUrl } from '../../../lib/read-file.ts';
import { Button } from '../../../ui/button.tsx';
import { UploadIcon } from '../../../ui/icons.tsx';
import { isDataUrlImage } from '../settings-api.ts';

/** Same as contracts PROFILE_IMAGE_MAX_BYTES (that module also loads the schema library). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * A button that opens the file chooser and hands back the picked image as a data URL. Files
 * that are not images, or too large, are refused here with a message instead of being sent.
 */
export function ImagePicker({
  label,
  buttonText,
  onPick,
  busy,
  preview,
  description,
}: {
  label: string;
  buttonText: string;
  onPick: (dataUrl: string) => void;
  busy?: boolean;
  preview?: ReactNode;
  description?: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [error, setError] = useState<string | null>(null);

  async function onChange(event: ChangeEvent<HTMLInputElement>): Promise<void> {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setError('Choose an image file (JPEG, PNG, WebP or GIF).');
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setError(
        `That image is ${formatBytes(file.size)}; the limit is ${formatBytes(MAX_IMAGE_BYTES)}.`,
      );
      return;
    }
    try {
      const dataUrl = await readFileAsDataUrl(file);
      if (!isDataUrlImage(dataUrl)) {
        setError('Choose an image file (JPEG, PNG, WebP or GIF).');
        return;
      }
      setError(null);
      onPick(dataUrl);
    } catch {
      setError('Could not read that file. Try another one.');
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <span id={`${id}-label`} className="text-sm font-medium text-fg">
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-4">
        {preview}
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => void onChange(e)}
        />
        <Button
          variant="secondary"
          size="sm"
          icon={<UploadIcon size={16} />}
          loading={busy}
          aria-describedby={error ? `${id}-error` : description ? `${id}-desc` : undefined}
          onClick={() => inputRef.current?.click()}
        >
          {buttonText}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : description ? (
        <p id={`${id}-desc`} className="text-xs text-muted">
          {description}
        </p>
      ) : null}
    </div>
  );
}
