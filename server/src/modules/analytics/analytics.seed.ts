import type { SeedStep } from '../../seed/demo.ts';

/**
 * Demo analytics, so Maya's dashboard looks alive after `npm start`: a year of daily rollups
 * with a gentle upward trend (deterministic, not random between runs), per-post counts for
 * her posts over the last month, and the other demo accounts as her profile viewers. Money and
 * subscriptions are not seeded here: earnings, new subscribers and cancellations come from the
 * payments seed's real subscriptions and ledger transactions, so the audience figures (churn:
 * cancellations of the subscribers at the start) add up with the live subscriber count.
 */
/** mulberry32: small, deterministic, good enough for demo noise */
function generator(seed: number) {
  let state = seed >>> 0;
  return (max: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * max);
  };
}

export const seedAnalytics: SeedStep = async (db, ids) => {
  const rand = generator(42);
  const creator = ids.creator;
  const now = Date.now();
  const rows: { creator_id: string; grain: 'hour'; bucket: Date; metric: string; count: number }[] =
    [];
  for (let d = 365; d >= 1; d -= 1) {
    const bucket = new Date(now - d * 86_400_000);
    bucket.setUTCHours(17 + rand(4), 0, 0, 0);
    const trend = 1 + (365 - d) / 180;
    const add = (metric: string, base: number) => {
      const count = Math.round(base * trend + rand(Math.max(1, base)));
      if (count > 0) rows.push({ creator_id: creator, grain: 'hour', bucket, metric, count });
    };
    add('post_view', 18);
    add('profile_view', 7);
    add('like', 4);
    add('comment', 1);
  }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('analytics_creator_counts')
      .values(rows.slice(i, i + 500))
      .execute();

  const posts = await db
    .selectFrom('posts')
    .select(['id'])
    .where('user_id', '=', creator)
    .where('deleted_at', 'is', null)
    .execute();
  const postRows: {
    post_id: string;
    day: string;
    metric: string;
    creator_id: string;
    count: number;
  }[] = [];
  posts.forEach((post, index) => {
    for (let d = 29; d >= 0; d -= 1) {
      const day = new Date(now - d * 86_400_000).toISOString().slice(0, 10);
      const views = rand(12 + index * 4);
      if (views === 0) continue;
      postRows.push({
        post_id: post.id,
        day,
        metric: 'post_view',
        creator_id: creator,
        count: views,
      });
      const likes = rand(Math.ceil(views / 3) + 1);
      if (likes > 0)
        postRows.push({ post_id: post.id, day, metric: 'like', creator_id: creator, count: likes });
      if (rand(5) === 0)
        postRows.push({ post_id: post.id, day, metric: 'comment', creator_id: creator, count: 1 });
    }
  });
  if (postRows.length) await db.insertInto('analytics_post_counts').values(postRows).execute();

  const viewers = [ids.fan, ids.fan2, ids.creator2].filter((id): id is string => Boolean(id));
  await db
    .insertInto('analytics_profile_viewers')
    .values(
      viewers.map((viewer_id, i) => ({
        creator_id: creator,
        viewer_id,
        views: 3 + i * 2,
        first_viewed_at: new Date(now - (20 - i) * 86_400_000),
        last_viewed_at: new Date(now - i * 3_600_000),
      })),
    )
    .execute();
};
