/** Sync (spec §4): idle → syncing 0–100 % → idle with the last sync time, or an error. */
import { fullDateTime, relativeTime } from '../../../lib/relative-time.ts';
import { Button } from '../../../ui/button.tsx';
import { RefreshIcon } from '../../../ui/icons.tsx';
import { SettingsCard } from '../../settings/components/settings-card.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { refreshCurrentUser } from '../../auth/queries.ts';
import { profileKeys } from '../../profile/queries.ts';
import { useDataStore } from '../store.ts';
import { dataKeys } from '../queries.ts';
import { ProgressBar } from './progress-bar.tsx';

export function SyncCard() {
  const sync = useDataStore((s) => s.sync);
  const startSync = useDataStore((s) => s.startSync);
  const queryClient = useQueryClient();
  const syncing = sync.status === 'syncing';

  async function run() {
    const result = await startSync();
    if (result.status === 'idle') {
      // counters and sizes may have changed
      void queryClient.invalidateQueries({ queryKey: dataKeys.storage() });
      // nothing observes the auth query: re-read the stored user (its counters) directly
      void refreshCurrentUser().catch(() => null);
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    }
  }

  return (
    <SettingsCard
      title="Sync your account"
      description="Recounts your followers, subscribers and posts and measures your stored files."
      actions={
        <Button
          variant="secondary"
          icon={<RefreshIcon size={16} />}
          onClick={() => void run()}
          disabled={syncing}
        >
          {syncing ? 'Syncing…' : 'Sync now'}
        </Button>
      }
    >
      <div aria-live="polite" className="flex flex-col gap-2">
        {syncing ? (
          <>
            <ProgressBar value={sync.progress} label="Sync progress" />
            <p className="text-sm text-muted">Syncing… {sync.progress}%</p>
          </>
        ) : sync.status === 'error' ? (
          <p role="alert" className="text-sm text-danger">
            Sync failed: {sync.error}
          </p>
        ) : (
          <p className="text-sm text-muted">
            {sync.lastSync ? (
              <>
                Last synced{' '}
                <time dateTime={sync.lastSync} title={fullDateTime(sync.lastSync)}>
                  {relativeTime(sync.lastSync)}
                </time>
              </>
            ) : (
              'Not synced on this device yet.'
            )}
          </p>
        )}
      </div>
    </SettingsCard>
  );
}
