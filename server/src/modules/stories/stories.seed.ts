import type { SeedStep } from '../../seed/demo.ts';
import { loadSharp } from '../../platform/storage/sharp.ts';
import { enqueuePublish } from '../scheduler/scheduler.publish.ts';
import { insertItems } from '../scheduler/scheduler.queries.ts';
import { createStory } from './stories.service.ts';

/**
 * Demo stories and scheduled items, so the tray and the scheduler look alive after `npm start`:
 * Maya has a photo story and a text story, Leo a text story (they expire a day later, like any
 * story), and Maya's scheduler holds a post, a story and a mass message for the coming days.
 */

/** A portrait picture: a vertical two-colour gradient drawn by an SVG. */
async function portrait(top: string, bottom: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="540" height="960">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/>
    </linearGradient></defs>
    <rect width="540" height="960" fill="url(#g)"/>
    <circle cx="400" cy="260" r="90" fill="#fff6d5" opacity="0.85"/>
  </svg>`;
  return (await loadSharp())(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

const inDays = (days: number, hour: number) => {
  const at = new Date(Date.now() + days * 86_400_000);
  at.setUTCHours(hour, 0, 0, 0);
  return at;
};

export const seedStories: SeedStep = async (db, ids, ctx) => {
  const storyCtx = { ...ctx, db };
  const author = (id: string) => ({
    id,
    account_type: 'creator' as const,
    identity_status: 'verified' as const,
  });
  await createStory(
    storyCtx,
    author(ids.creator),
    {
      caption: 'Sunrise from the ridge',
      textOverlay: 'Day 3 in the Alps ⛰️',
      textPosition: { x: 0.5, y: 0.18 },
      textSize: 'large',
      textColor: '#ffffff',
      accessLevel: 'public',
    },
    {
      filename: 'story.jpg',
      mimetype: 'image/jpeg',
      bytes: await portrait('#f59e0b', '#7c2d12'),
    },
  );
  await createStory(
    storyCtx,
    author(ids.creator),
    {
      textOverlay: 'New print drop Friday. Followers get first pick!',
      backgroundColor: '#7c3aed',
      textSize: 'medium',
      accessLevel: 'followers',
    },
    null,
  );
  await createStory(
    storyCtx,
    author(ids.creator2),
    {
      textOverlay: 'Live session tonight, 9 pm 🥁',
      backgroundColor: '#0f172a',
      textColor: '#38bdf8',
      textSize: 'xl',
      textPosition: { x: 0.5, y: 0.4 },
      accessLevel: 'public',
    },
    null,
  );

  const scheduled = await insertItems(db, [
    {
      userId: ids.creator,
      type: 'post',
      payload: {
        caption: 'Fresh set from the Dolomites, out now #travel #mountains',
        accessDetails: { accessLevel: 'public' },
      },
      scheduledFor: inDays(1, 9),
    },
    {
      userId: ids.creator,
      type: 'story',
      payload: {
        textOverlay: 'Q&A in one hour, send your questions',
        backgroundColor: '#be185d',
        accessLevel: 'followers',
      },
      scheduledFor: inDays(2, 17),
    },
    {
      userId: ids.creator,
      type: 'mass_message',
      payload: {
        segment: 'subscribers',
        text: 'Thank you for subscribing! A new set lands tomorrow.',
      },
      scheduledFor: inDays(3, 12),
    },
  ]);
  for (const item of scheduled) await enqueuePublish(ctx, db, item);
};
