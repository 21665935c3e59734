import type { AppContext } from '../platform/context.ts';
import { hashPassword } from '../platform/auth/passwords.ts';
import { withTransaction, type DbHandle } from '../platform/db/database.ts';
import { seedGraph } from '../modules/graph/graph.seed.ts';
import { seedBeta } from '../modules/beta/beta.seed.ts';
import { seedPosts } from '../modules/posts/posts.seed.ts';
import { seedPayments } from '../modules/payments/payments.seed.ts';
import { seedChats } from '../modules/chats/chats.seed.ts';
import { seedModeration } from '../modules/admin/admin.seed.ts';
import { seedStories } from '../modules/stories/stories.seed.ts';
import { seedDataTools } from '../modules/data-tools/data-tools.seed.ts';
import { seedAnalytics } from '../modules/analytics/analytics.seed.ts';
import { seedCreatorKit } from '../modules/creator-kit/creator-kit.seed.ts';
import { seedCommunity } from '../modules/community/community.seed.ts';
import { seedCommerce } from '../modules/commerce/commerce.seed.ts';
import { seedCommunities } from '../modules/communities/communities.seed.ts';
import { seedReferrals } from '../modules/referrals/referrals.seed.ts';

export const DEMO_PASSWORD = 'fanspace-demo';
export const DEMO_ADMIN_TOTP_SECRET = 'FANSPACEDEMOADMINTOTPSECRETKEYAA';

export interface DemoAccount {
  key: 'admin' | 'creator' | 'creator2' | 'fan' | 'fan2';
  email: string;
  username: string;
  displayName: string;
  bio: string;
  accountType: 'fan' | 'creator';
  isAdmin?: boolean;
  subscriptionPriceCents?: number;
}

/** The demo cast, shared by `npm start` and the tests (one seed, SPEC-independent data). */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    key: 'admin',
    email: 'admin@fanspace.test',
    username: 'admin',
    displayName: 'Fanspace Admin',
    bio: 'Keeping Fanspace safe.',
    accountType: 'fan',
    isAdmin: true,
  },
  {
    key: 'creator',
    email: 'creator@fanspace.test',
    username: 'maya.lens',
    displayName: 'Maya Lens',
    bio: 'Travel photographer. Behind-the-scenes sets for subscribers.',
    accountType: 'creator',
    subscriptionPriceCents: 999,
  },
  {
    key: 'creator2',
    email: 'creator2@fanspace.test',
    username: 'leo_beats',
    displayName: 'Leo Beats',
    bio: 'Producer and drummer. Stems, sessions and tutorials.',
    accountType: 'creator',
    subscriptionPriceCents: 499,
  },
  {
    key: 'fan',
    email: 'fan@fanspace.test',
    username: 'sam_fan',
    displayName: 'Sam',
    bio: 'Here for the photos and the beats.',
    accountType: 'fan',
  },
  {
    key: 'fan2',
    email: 'fan2@fanspace.test',
    username: 'alex.fan',
    displayName: 'Alex',
    bio: '',
    accountType: 'fan',
  },
];

export type DemoIds = Record<DemoAccount['key'], string>;

/**
 * Extension point: later modules add their demo data (posts, follows, wallets…) here, keyed by
 * the demo user ids. Each step runs in the seed transaction.
 */
export type SeedStep = (db: DbHandle, ids: DemoIds, ctx: AppContext) => Promise<void>;
export const seedSteps: SeedStep[] = [];
seedSteps.push(seedGraph);
seedSteps.push(seedBeta);
seedSteps.push(seedPosts);
seedSteps.push(seedPayments);
seedSteps.push(seedChats);
seedSteps.push(seedModeration);
seedSteps.push(seedStories);
seedSteps.push(seedDataTools);
seedSteps.push(seedAnalytics);
seedSteps.push(seedCreatorKit);
seedSteps.push(seedCommunity);
seedSteps.push(seedCommerce);
seedSteps.push(seedCommunities);
seedSteps.push(seedReferrals);

export async function seedDemo(ctx: AppContext): Promise<DemoIds> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return withTransaction(ctx.db, async (tx) => {
    const ids = {} as DemoIds;
    const now = new Date();
    for (const account of DEMO_ACCOUNTS) {
      const row = await tx
        .insertInto('users')
        .values({
          email: account.email,
          username: account.username,
          password_hash: passwordHash,
          display_name: account.displayName,
          bio: account.bio,
          account_type: account.accountType,
          is_admin: account.isAdmin ?? false,
          identity_status: account.accountType === 'creator' ? 'verified' : 'none',
          subscription_price_cents: account.subscriptionPriceCents ?? 0,
          email_verified_at: now,
          totp_secret: account.isAdmin ? DEMO_ADMIN_TOTP_SECRET : null,
          totp_enabled_at: account.isAdmin && ctx.config.ADMIN_REQUIRE_2FA ? now : null,
          onboarding_completed_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[account.key] = row.id;
    }
    for (const step of seedSteps) await step(tx, ids, ctx);
    return ids;
  });
}

export async function seedDemoIfEmpty(
  ctx: AppContext,
): Promise<{ ids: DemoIds; banner: string } | null> {
  const existing = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const ids = await seedDemo(ctx);
  const lines = [
    'Demo data seeded. Log in with any of these (password: fanspace-demo):',
    ...DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(24)} ${a.isAdmin ? 'admin' : a.accountType}`),
  ];
  if (ctx.config.ADMIN_REQUIRE_2FA)
    lines.push(`  admin TOTP secret (base32): ${DEMO_ADMIN_TOTP_SECRET}`);
  return { ids, banner: lines.join('\n') };
}
