/** Import: what the file holds, the file picker, then the job's progress, cancel and tally. */
import { DataToolsLimits, type DataImportJob, type DataImportType } from '@fanspace/contracts';
import { useId, useRef, useState } from 'react';
import { formatBytes } from '../../../lib/read-file.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { Button } from '../../../ui/button.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { UploadIcon } from '../../../ui/icons.tsx';
import { SettingsCard } from '../../settings/components/settings-card.tsx';
import { useCancelImport, useImportsQuery, useStartImport } from '../queries.ts';
import { ProgressBar, SelectField, StatusBadge } from './progress-bar.tsx';

const IMPORT_TYPES: ReadonlyArray<{
  value: DataImportType;
  label: string;
  accept: string;
  hint: string;
}> = [
  {
    value: 'profile',
    label: 'Profile and settings',
    accept: '.zip,.json,application/zip,application/json',
    hint: 'A Fanspace export (zip) or your personal-data JSON file.',
  },
  {
    value: 'social-links',
    label: 'Social links',
    accept: '.csv,text/csv',
    hint: 'A CSV file with "platform" and "url" columns.',
  },
  {
    value: 'media',
    label: 'Photos and videos',
    accept: '.zip,application/zip',
    hint: 'A zip of photos, videos or audio; they go to your media vault.',
  },
];

function ImportRow({ job }: { job: DataImportJob }) {
  const cancel = useCancelImport();
  const working = job.status === 'pending' || job.status === 'processing';
  const label = IMPORT_TYPES.find((t) => t.value === job.type)?.label ?? job.type;
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-line p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-fg">{job.filename}</p>
          <p className="text-xs text-muted">
            {label} · {formatBytes(job.sizeBytes)} · {relativeTime(job.createdAt)}
          </p>
        </div>
        <StatusBadge status={job.status} />
      </div>
      {working ? (
        <ProgressBar value={job.progress} label={`Import progress ${job.progress}%`} />
      ) : null}
      {job.result ? (
        <p className="text-xs text-muted">
          {job.result.imported} imported · {job.result.skipped} skipped · {job.result.failed} failed
        </p>
      ) : null}
      {job.result && job.result.notes.length > 0 ? (
        <details className="text-xs text-muted">
          <summary className="cursor-pointer">Details</summary>
          <ul className="mt-1 list-disc pl-5">
            {job.result.notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {job.status === 'failed' && job.error ? (
        <p className="text-xs text-danger">{job.error}</p>
      ) : null}
      {working ? (
        <div>
          <Button
            variant="outline"
            size="sm"
            loading={cancel.isPending}
            onClick={() => cancel.mutate(job.id)}
            aria-label={`Cancel the import of ${job.filename}`}
          >
            Cancel
          </Button>
        </div>
      ) : null}
    </li>
  );
}

export function ImportCard() {
  const id = useId();
  const [type, setType] = useState<DataImportType>('profile');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const imports = useImportsQuery();
  const start = useStartImport();
  const chosen = IMPORT_TYPES.find((t) => t.value === type)!;
  const jobs = imports.data?.imports ?? [];

  function pick(next: File | null) {
    setProblem(
      next && next.size > DataToolsLimits.importMaxBytes
        ? `That file is ${formatBytes(next.size)}; the limit is ${formatBytes(DataToolsLimits.importMaxBytes)}.`
        : null,
    );
    setFile(next);
  }

  return (
    <SettingsCard
      title="Import data"
      description="Bring in a previous export, your social links or a zip of photos and videos."
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!file || problem) return;
          start.mutate(
            { file, type },
            {
              onSuccess: () => {
                setFile(null);
                if (input.current) input.current.value = '';
              },
            },
          );
        }}
      >
        <SelectField
          id={`${id}-type`}
          label="What the file holds"
          value={type}
          options={IMPORT_TYPES}
          onChange={setType}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-file`} className="text-sm font-medium text-fg">
            File to import
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={chosen.accept}
            aria-describedby={`${id}-hint`}
            onChange={(e) => pick(e.target.files?.[0] ?? null)}
            className="text-sm text-fg file:mr-3 file:rounded-full file:border-0 file:bg-surface-3 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-fg"
          />
          <p id={`${id}-hint`} className="text-xs text-muted">
            {chosen.hint} Up to {formatBytes(DataToolsLimits.importMaxBytes)}.
          </p>
        </div>
        <FormError message={problem} />
        <div>
          <Button
            type="submit"
            icon={<UploadIcon size={16} />}
            disabled={!file || problem !== null}
            loading={start.isPending}
          >
            {start.isPending ? 'Uploading…' : 'Import'}
          </Button>
        </div>
      </form>
      {imports.isError ? (
        <p className="mt-5 text-sm text-danger">Could not load your imports.</p>
      ) : jobs.length > 0 ? (
        <ul className="mt-5 flex flex-col gap-3" aria-label="Your imports" aria-live="polite">
          {jobs.map((job) => (
            <ImportRow key={job.id} job={job} />
          ))}
        </ul>
      ) : null}
    </SettingsCard>
  );
}
