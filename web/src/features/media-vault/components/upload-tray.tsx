/** Uploads in flight and just finished (spec §3 Upload), with their progress. */
import { Button } from '../../../ui/button.tsx';
import { CheckCircleIcon } from '../../../ui/icons.tsx';
import { useUploadStore, type Upload } from '../../media/store.ts';

export function UploadProgress({ upload }: { upload: Upload }) {
  const done = upload.status === 'completed';
  return (
    <div className="flex items-center gap-3">
      <div className="min-w-0 flex-1">
        <p className="flex justify-between gap-2 text-sm">
          <span className="truncate text-fg">{upload.file.name}</span>
          <span className="shrink-0 text-muted">{done ? 'Done' : `${upload.progress}%`}</span>
        </p>
        <div
          role="progressbar"
          aria-label={`Uploading ${upload.file.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={upload.progress}
          className="mt-1 h-1.5 overflow-hidden rounded-full bg-surface-3"
        >
          <div
            className={done ? 'h-full bg-success' : 'h-full bg-accent transition-[width]'}
            style={{ width: `${upload.progress}%` }}
          />
        </div>
      </div>
      {done ? <CheckCircleIcon size={18} className="shrink-0 text-success" /> : null}
    </div>
  );
}

export function UploadTray() {
  const uploads = useUploadStore((s) => s.uploads);
  const clearCompleted = useUploadStore((s) => s.clearCompleted);
  if (uploads.length === 0) return null;
  const finished = uploads.filter((u) => u.status === 'completed').length;
  return (
    <section aria-label="Uploads" className="mb-5 rounded-2xl border border-line bg-surface p-4">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="text-sm font-semibold text-fg" aria-live="polite">
          Uploads · {finished} of {uploads.length} done
        </h2>
        {finished > 0 ? (
          <Button variant="ghost" size="sm" onClick={clearCompleted}>
            Clear finished
          </Button>
        ) : null}
      </div>
      <ul className="flex flex-col gap-3">
        {uploads.map((upload) => (
          <li key={upload.id}>
            <UploadProgress upload={upload} />
          </li>
        ))}
      </ul>
    </section>
  );
}
