/** Settings → Data & privacy: export, import, sync, storage, retention, consents, deletion. */
import { useEffect } from 'react';
import { useAuthStore } from '../auth/store.ts';
import { userIdOf } from '../auth/user.ts';
import { DeletionCard } from './components/deletion-card.tsx';
import { ExportCard } from './components/export-card.tsx';
import { ImportCard } from './components/import-card.tsx';
import { ConsentCard, RetentionCard } from './components/privacy-cards.tsx';
import { StorageCard } from './components/storage-card.tsx';
import { SyncCard } from './components/sync-card.tsx';
import { useDataStore } from './store.ts';

export function DataPrivacySection() {
  const userId = useAuthStore((s) => userIdOf(s.user));
  // data-storage is per user: load this user's copy (and again after a switch)
  useEffect(() => {
    if (userId) void useDataStore.persist.rehydrate();
  }, [userId]);
  return (
    <>
      <ExportCard />
      <ImportCard />
      <SyncCard />
      <StorageCard />
      <RetentionCard />
      <ConsentCard />
      <DeletionCard />
    </>
  );
}
