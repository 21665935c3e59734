/** Export: type and format pickers, the job list with status, progress, download and delete. */
import {
  DataToolsLimits,
  type DataExportFormat,
  type DataExportJob,
  type DataExportType,
} from '@fanspace/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { formatBytes } from '../../../lib/read-file.ts';
import { fullDateTime, relativeTime } from '../../../lib/relative-time.ts';
import { Button, buttonClasses } from '../../../ui/button.tsx';
import { DownloadIcon, TrashIcon } from '../../../ui/icons.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { SettingsCard } from '../../settings/components/settings-card.tsx';
import { exportDownloadUrl, PERSONAL_DATA_URL } from '../api.ts';
import { dataKeys, useDeleteExport, useExportsQuery, useRequestExport } from '../queries.ts';
import { ProgressBar, SelectField, StatusBadge } from './progress-bar.tsx';

export const EXPORT_TYPE_OPTIONS: ReadonlyArray<{ value: DataExportType; label: string }> = [
  { value: 'all', label: 'Everything' },
  { value: 'profile', label: 'Profile and settings' },
  { value: 'posts', label: 'Posts, comments and likes' },
  { value: 'messages', label: 'Messages' },
  { value: 'media', label: 'Media vault' },
  { value: 'transactions', label: 'Transactions and earnings' },
  { value: 'followers', label: 'Followers and following' },
  { value: 'subscribers', label: 'Subscribers' },
];
const FORMAT_OPTIONS: ReadonlyArray<{ value: DataExportFormat; label: string }> = [
  { value: 'json', label: 'JSON' },
  { value: 'csv', label: 'CSV (spreadsheets)' },
];
const typeLabel = (type: string) =>
  EXPORT_TYPE_OPTIONS.find((o) => o.value === type)?.label ?? type;

function ExportRow({ job }: { job: DataExportJob }) {
  const remove = useDeleteExport();
  const working = job.status === 'pending' || job.status === 'processing';
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-line p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-fg">
            {typeLabel(job.type)} · {job.format.toUpperCase()}
          </p>
          <p className="text-xs text-muted" title={fullDateTime(job.createdAt)}>
            Requested {relativeTime(job.createdAt)}
            {job.sizeBytes !== null ? ` · ${formatBytes(job.sizeBytes)}` : ''}
            {job.expiresAt ? ` · available until ${fullDateTime(job.expiresAt)}` : ''}
          </p>
        </div>
        <StatusBadge status={job.status} />
      </div>
      {working ? (
        <ProgressBar value={job.progress} label={`Export progress ${job.progress}%`} />
      ) : null}
      {job.status === 'failed' && job.error ? (
        <p className="text-xs text-danger">{job.error}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {job.status === 'completed' ? (
          <a
            href={job.downloadUrl ?? exportDownloadUrl(job.id)}
            download={job.filename ?? true}
            className={buttonClasses('primary', 'sm')}
          >
            <DownloadIcon size={16} aria-hidden="true" />
            Download {job.filename ? <span className="sr-only">{job.filename}</span> : null}
          </a>
        ) : null}
        <Button
          variant="danger-ghost"
          size="sm"
          icon={<TrashIcon size={16} />}
          loading={remove.isPending}
          onClick={() => remove.mutate(job.id)}
          aria-label={`Delete the ${typeLabel(job.type)} export`}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

export function ExportCard() {
  const id = useId();
  const [type, setType] = useState<DataExportType>('all');
  const [format, setFormat] = useState<DataExportFormat>('json');
  const exportsQuery = useExportsQuery();
  const request = useRequestExport();
  const jobs = exportsQuery.data?.exports ?? [];
  const queryClient = useQueryClient();
  const finished = jobs.filter((j) => j.status === 'completed').length;
  // a finished export takes up storage: refresh the usage bars
  useEffect(() => {
    if (finished > 0) void queryClient.invalidateQueries({ queryKey: dataKeys.storage() });
  }, [finished, queryClient]);

  return (
    <SettingsCard
      title="Download your data"
      description={`A zip of your data and your own media files. Each export can be downloaded for ${DataToolsLimits.exportTtlDays} days.`}
    >
      <form
        className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          request.mutate({ type, format });
        }}
      >
        <SelectField
          id={`${id}-type`}
          label="What to export"
          value={type}
          options={EXPORT_TYPE_OPTIONS}
          onChange={setType}
        />
        <SelectField
          id={`${id}-format`}
          label="Format"
          value={format}
          options={FORMAT_OPTIONS}
          onChange={setFormat}
        />
        <Button type="submit" loading={request.isPending} icon={<DownloadIcon size={16} />}>
          Request export
        </Button>
      </form>
      <div className="mt-5" aria-live="polite">
        {exportsQuery.isPending ? (
          <LoadingState label="Loading your exports…" />
        ) : exportsQuery.isError ? (
          <p className="text-sm text-danger">Could not load your exports.</p>
        ) : jobs.length === 0 ? (
          <p className="text-sm text-muted">No exports yet.</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Your exports">
            {jobs.map((job) => (
              <ExportRow key={job.id} job={job} />
            ))}
          </ul>
        )}
      </div>
      <p className="mt-5 text-sm text-muted">
        Need a single file of everything we hold about you?{' '}
        <a href={PERSONAL_DATA_URL} download className="font-semibold text-accent-text underline">
          Download your personal data (JSON)
        </a>
      </p>
    </SettingsCard>
  );
}
