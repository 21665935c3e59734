import type { SeedStep } from '../../seed/demo.ts';

/**
 * Demo data: the demo creator's referral code (fixed, so the demo link is known:
 * /signup?ref=MAYALENS; random codes never contain an L, so it cannot clash) and the second
 * demo creator as someone she referred. Their earlier demo sales predate the referral.
 */
export const DEMO_REFERRAL_CODE = 'MAYALENS';

export const seedReferrals: SeedStep = async (db, ids) => {
  await db
    .insertInto('referral_codes')
    .values({ user_id: ids.creator, code: DEMO_REFERRAL_CODE })
    .execute();
  await db
    .insertInto('referrals')
    .values({ referrer_id: ids.creator, referred_id: ids.creator2, code: DEMO_REFERRAL_CODE })
    .execute();
};
