import type { DbHandle } from '../../platform/db/database.ts';
import type { SeedStep } from '../../seed/demo.ts';
import { createComment } from '../posts/comments.service.ts';
import { invalidateFlaggedTerms } from './auto-flag.ts';
import { createReport } from './reports.service.ts';

/**
 * Demo moderation: a few flagged terms and a threshold of 2, then a fan's spammy comment (an
 * automatic flag, through the real comment path) and two fans reporting the same post (high
 * priority), so the moderation queue has something to show after `npm start`.
 */
export const DEMO_FLAGGED_TERMS = ['buy followers', 'free money', 'crypto giveaway', 'casino'];

async function postOf(db: DbHandle, userId: string, access: 'public' | 'followers') {
  return db
    .selectFrom('posts')
    .select('id')
    .where('user_id', '=', userId)
    .where('access_level', '=', access)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .executeTakeFirst();
}

export const seedModeration: SeedStep = async (db, ids) => {
  const value = JSON.stringify({ flaggedTerms: DEMO_FLAGGED_TERMS, reportThreshold: 2 });
  await db
    .insertInto('platform_settings')
    .values({ key: 'moderation', value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  // earlier seed steps wrote content with the empty list cached: read the new one
  invalidateFlaggedTerms(db);

  // on the followers-only post (the demo fan2 follows the first creator)
  const photo = await postOf(db, ids.creator, 'followers');
  if (photo)
    await createComment(db, ids.fan2, photo.id, {
      text: 'Free money!! DM me for the crypto giveaway',
    });
  const beat = await postOf(db, ids.creator2, 'public');
  if (beat)
    for (const reporter of [ids.fan, ids.fan2])
      await createReport(db, reporter, {
        type: 'post',
        targetId: beat.id,
        reason: 'Spam or scam',
        details: 'The link in the caption asks for card details.',
      });
};
