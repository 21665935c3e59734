import {
  ErrorCodes,
  ONBOARDING_STEPS,
  type OnboardingResponse,
  type OnboardingStep,
  type OnboardingStepId,
} from '@fanspace/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { NotFoundError } from '../../platform/errors.ts';

/**
 * The getting-started checklist, computed from real data every time (nothing to fall out of
 * sync): fans get the profile and follow steps, creators also verification, price, payout
 * account and a first post. A step can be dismissed; once every step is done or dismissed the
 * home page card hides.
 */
type Ctx = Pick<AppContext, 'db'>;

const STEP_TEXT: Record<OnboardingStepId, { title: string; description: string; href: string }> = {
  verify_email: {
    title: 'Confirm your email',
    description: 'So you can recover your account and get receipts.',
    href: '/settings/account',
  },
  avatar: {
    title: 'Add a profile photo',
    description: 'People follow faces, not grey circles.',
    href: '/settings/profile',
  },
  bio: {
    title: 'Write a short bio',
    description: 'Tell people who you are in a sentence or two.',
    href: '/settings/profile',
  },
  follow_creator: {
    title: 'Follow a creator',
    description: 'Your home feed fills up with the people you follow.',
    href: '/discover',
  },
  identity_verified: {
    title: 'Verify your identity',
    description: 'Required before you can post and get paid.',
    href: '/settings/creator',
  },
  subscription_price: {
    title: 'Set your subscription price',
    description: 'Free to follow, or 4.99–49.99 per month.',
    href: '/settings/creator',
  },
  payout_method: {
    title: 'Add a payout account',
    description: 'Where your earnings are sent.',
    href: '/settings/payments',
  },
  first_post: {
    title: 'Publish your first post',
    description: 'Say hello to your first fans.',
    href: '/create',
  },
};

const FAN_STEPS: OnboardingStepId[] = ['verify_email', 'avatar', 'bio', 'follow_creator'];

async function facts(ctx: Ctx, userId: string) {
  const exists = (query: { executeTakeFirst(): Promise<unknown> }) =>
    query.executeTakeFirst().then(Boolean);
  const [follows, post, payout, dismissed] = await Promise.all([
    exists(
      ctx.db.selectFrom('follows').select('followee_id').where('follower_id', '=', userId).limit(1),
    ),
    exists(
      ctx.db
        .selectFrom('posts')
        .select('id')
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .limit(1),
    ),
    exists(ctx.db.selectFrom('payout_settings').select('user_id').where('user_id', '=', userId)),
    ctx.db
      .selectFrom('onboarding_dismissals')
      .select('step')
      .where('user_id', '=', userId)
      .execute(),
  ]);
  return { follows, post, payout, dismissed: new Set(dismissed.map((d) => d.step)) };
}

export async function onboarding(ctx: Ctx, user: UserRow): Promise<OnboardingResponse> {
  const creator = user.account_type === 'creator';
  const f = await facts(ctx, user.id);
  const done: Record<OnboardingStepId, boolean> = {
    verify_email: user.email_verified_at !== null,
    avatar: Boolean(user.avatar_url),
    bio: user.bio.trim() !== '',
    follow_creator: f.follows,
    identity_verified: user.identity_status === 'verified',
    subscription_price: user.subscription_price_cents > 0,
    payout_method: f.payout,
    first_post: f.post,
  };
  const ids = creator ? [...ONBOARDING_STEPS] : FAN_STEPS;
  const steps: OnboardingStep[] = ids.map((id) => ({
    id,
    ...STEP_TEXT[id],
    done: done[id],
    dismissed: f.dismissed.has(id),
  }));
  const completed = steps.filter((s) => s.done).length;
  return {
    role: creator ? 'creator' : 'fan',
    steps,
    completed,
    total: steps.length,
    finished: steps.every((s) => s.done || s.dismissed),
  };
}

export async function dismissStep(ctx: Ctx, user: UserRow, step: string) {
  if (!(ONBOARDING_STEPS as readonly string[]).includes(step))
    throw new NotFoundError(`Unknown onboarding step: ${step}`, ErrorCodes.ONBOARDING_STEP_UNKNOWN);
  await ctx.db
    .insertInto('onboarding_dismissals')
    .values({ user_id: user.id, step })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return onboarding(ctx, user);
}
