/** Storage usage bars per category, plus clear cache, optimize and clean up. */
import type { StorageUsageCategory } from '@fanspace/contracts';
import { useId, useState } from 'react';
import { formatBytes } from '../../../lib/read-file.ts';
import { Button } from '../../../ui/button.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { SettingsCard } from '../../settings/components/settings-card.tsx';
import { useCleanup, useClearCache, useOptimizeStorage, useStorageUsageQuery } from '../queries.ts';
import { SelectField } from './progress-bar.tsx';
import { plural } from '../../../lib/plural.ts';

const CLEANUP_OPTIONS = [
  { value: '7d', label: 'Older than a week' },
  { value: '30d', label: 'Older than 30 days' },
  { value: '90d', label: 'Older than 90 days' },
  { value: '1y', label: 'Older than a year' },
] as const;
type CleanupAge = (typeof CLEANUP_OPTIONS)[number]['value'];

function UsageBars({ categories, total }: { categories: StorageUsageCategory[]; total: number }) {
  return (
    <ul className="flex flex-col gap-3" aria-label="Storage by category">
      {categories.map((c) => {
        const share = total > 0 ? (c.bytes / total) * 100 : 0;
        return (
          <li key={c.key}>
            <div className="flex justify-between gap-2 text-sm">
              <span className="text-fg">{c.label}</span>
              <span className="text-muted">
                {formatBytes(c.bytes)}
                <span className="sr-only"> in {plural(c.files, 'file')}</span>
              </span>
            </div>
            <div className="mt-1 h-2 overflow-hidden rounded-full bg-surface-3" aria-hidden="true">
              <div
                className="h-full rounded-full bg-accent"
                style={{ width: `${c.bytes > 0 ? Math.max(share, 1) : 0}%` }}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function StorageCard() {
  const id = useId();
  const usage = useStorageUsageQuery();
  const clearCache = useClearCache();
  const optimize = useOptimizeStorage();
  const cleanup = useCleanup();
  const [age, setAge] = useState<CleanupAge>('30d');

  return (
    <SettingsCard
      title="Storage"
      description="What your files take up, measured from what is stored."
      actions={
        usage.data ? (
          <p className="text-lg font-bold text-fg">{formatBytes(usage.data.totalBytes)}</p>
        ) : null
      }
    >
      {usage.isPending ? (
        <LoadingState label="Measuring your storage…" />
      ) : usage.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-danger">Could not load your storage usage.</p>
          <Button variant="outline" size="sm" onClick={() => void usage.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <UsageBars categories={usage.data.categories} total={usage.data.totalBytes} />
          {!usage.data.exact ? (
            <p className="mt-2 text-xs text-muted">Some files are still being measured.</p>
          ) : null}
        </>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Button
          variant="outline"
          loading={clearCache.isPending}
          onClick={() => clearCache.mutate()}
        >
          Clear cache
        </Button>
        <Button variant="outline" loading={optimize.isPending} onClick={() => optimize.mutate()}>
          Optimize storage
        </Button>
      </div>
      <form
        className="mt-6 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          cleanup.mutate(age);
        }}
      >
        <SelectField
          id={`${id}-age`}
          label="Delete old exports, imports and notifications"
          value={age}
          options={CLEANUP_OPTIONS}
          onChange={setAge}
        />
        <Button type="submit" variant="outline" loading={cleanup.isPending}>
          Clean up
        </Button>
      </form>
    </SettingsCard>
  );
}
