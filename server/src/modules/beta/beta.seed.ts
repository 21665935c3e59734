import type { SeedStep } from '../../seed/demo.ts';
import { createBetaCode, grantBetaAccess } from './beta.service.ts';

/** Code a demo visitor can use at signup (with BETA_REQUIRED) or on the beta page. */
export const DEMO_BETA_CODE = 'FANSPACE-BETA';

/** Demo data: a shared beta code, and beta access for the demo creator and fan. */
export const seedBeta: SeedStep = async (db, ids) => {
  await createBetaCode(db, { code: DEMO_BETA_CODE, maxUses: 1000, createdBy: ids.admin });
  for (const id of [ids.creator, ids.fan]) await grantBetaAccess(db, id);
};
