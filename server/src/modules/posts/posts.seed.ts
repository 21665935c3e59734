import type { DbHandle } from '../../platform/db/database.ts';
import type { SeedStep } from '../../seed/demo.ts';
import { loadSharp } from '../../platform/storage/sharp.ts';
import { ingestMedia } from '../media/media.service.ts';
import { createComment } from './comments.service.ts';
import { likePost } from './engagement.service.ts';
import { accessFromInput, collectHashtags } from './posts.rules.ts';
import { writePost } from './posts.service.ts';
import type { AccessDetailsInput } from '@fanspace/contracts';

/**
 * Demo posts: each demo creator gets a free, a followers-only, a subscriber-only and a
 * pay-to-unlock post with a generated picture, captions with hashtags, and a few likes and
 * comments from the demo fans, so feeds, locks and search look alive after `npm start`.
 */

interface DemoPost {
  caption: string;
  access: AccessDetailsInput;
  /** two colours of the generated gradient */
  colors: [[number, number, number], [number, number, number]];
}

const POSTS: Record<'creator' | 'creator2', DemoPost[]> = {
  creator: [
    {
      caption: 'Golden hour over the Lisbon rooftops #travel #sunset #lisbon',
      access: { accessLevel: 'public' },
      colors: [
        [250, 170, 80],
        [120, 40, 110],
      ],
    },
    {
      caption: 'Thanks for following! A quiet morning by the sea #travel #ocean',
      access: { accessLevel: 'followers' },
      colors: [
        [40, 120, 200],
        [220, 240, 250],
      ],
    },
    {
      caption: 'Behind the scenes of the desert shoot, for subscribers #bts #desert',
      access: { accessLevel: 'subscribers' },
      colors: [
        [230, 190, 120],
        [160, 80, 40],
      ],
    },
    {
      caption: 'Full-resolution print of the northern lights #aurora #print',
      access: { accessLevel: 'paid', price: 4.99 },
      colors: [
        [20, 200, 140],
        [20, 20, 60],
      ],
    },
  ],
  creator2: [
    {
      caption: 'New beat dropping Friday, who is ready? #music #beats',
      access: { accessLevel: 'public' },
      colors: [
        [90, 30, 160],
        [240, 60, 120],
      ],
    },
    {
      caption: 'Studio tour for my followers #studio #music',
      access: { accessLevel: 'followers' },
      colors: [
        [30, 30, 30],
        [200, 160, 40],
      ],
    },
    {
      caption: 'Drum stems from last session, subscribers only #stems #drums',
      access: { accessLevel: 'subscribers' },
      colors: [
        [200, 60, 40],
        [40, 40, 40],
      ],
    },
    {
      caption: 'Full mixing tutorial: pay once, keep forever #tutorial #mixing',
      access: { accessLevel: 'subscribers_or_paid', price: 9.99 },
      colors: [
        [60, 180, 220],
        [20, 60, 120],
      ],
    },
  ],
};

/** A soft diagonal gradient, JPEG, small enough to keep the seed quick. */
async function gradient([a, b]: DemoPost['colors']): Promise<Buffer> {
  const width = 480;
  const height = 360;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const t = (x / width + y / height) / 2;
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c += 1) pixels[i + c] = Math.round(a[c]! * (1 - t) + b[c]! * t);
    }
  const sharp = await loadSharp();
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function engage(db: DbHandle, postId: string, fans: string[], comments: string[]) {
  for (const fan of fans) await likePost(db, fan, postId);
  for (const [i, text] of comments.entries())
    await createComment(db, fans[i % fans.length]!, postId, { text });
}

export const seedPosts: SeedStep = async (db, ids, ctx) => {
  // the media pipeline writes through this handle, so it joins the seed transaction
  const mediaCtx = { ...ctx, db };
  let hoursAgo = 30;
  for (const key of ['creator', 'creator2'] as const) {
    const authorId = ids[key];
    for (const demo of POSTS[key]) {
      const media = await ingestMedia(mediaCtx, authorId, {
        filename: 'demo.jpg',
        mimetype: 'image/jpeg',
        bytes: await gradient(demo.colors),
      });
      const post = await writePost(db, authorId, {
        caption: demo.caption,
        access: accessFromInput(demo.access),
        hashtags: collectHashtags(demo.caption),
        media: [media],
        modelReleaseIds: [],
        publishedAt: new Date(Date.now() - hoursAgo * 3_600_000),
      });
      hoursAgo -= 3;
      // fans engage where they have access: public posts, and followers posts they follow
      if (demo.access.accessLevel === 'public')
        await engage(db, post.id, [ids.fan, ids.fan2], ['Stunning! 😍', 'Saving this one']);
      else if (demo.access.accessLevel === 'followers')
        await engage(
          db,
          post.id,
          [ids.fan],
          [`Love it @${key === 'creator' ? 'maya.lens' : 'leo_beats'}`],
        );
    }
  }
};
