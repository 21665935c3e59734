import type { Migration } from 'kysely';
import * as foundation from './2026-11-22T0800-foundation.ts';

/**
 * Every migration, by timestamped name. Listed statically (not read from disk) so bundling
 * and tests never depend on the working directory. Append new ones at the end.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0800-foundation': foundation,
};
