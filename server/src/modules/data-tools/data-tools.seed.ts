import { DataToolsLimits } from '@fanspace/contracts';
import type { SeedStep } from '../../seed/demo.ts';

/** Demo data: every demo account agreed to the terms and privacy policy when it signed up. */
export const seedDataTools: SeedStep = async (db, ids) => {
  const rows = Object.values(ids).flatMap((userId) =>
    (['terms', 'privacy'] as const).map((type) => ({
      user_id: userId,
      consent_type: type,
      granted: true,
      version: DataToolsLimits.consentVersion,
    })),
  );
  await db.insertInto('consent_records').values(rows).execute();
};
