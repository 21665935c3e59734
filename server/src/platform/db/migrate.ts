import { Migrator, type MigrationResultSet } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';

export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // features land from parallel branches with their own timestamps, so a database that already
    // ran a later-named migration must still accept an earlier-named one that arrived after it;
    // every migration touches only its own tables and columns (docs/ARCHITECTURE.md, Database)
    allowUnorderedMigrations: true,
  });
  const result = await migrator.migrateToLatest();
  if (result.error)
    throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return result;
}
