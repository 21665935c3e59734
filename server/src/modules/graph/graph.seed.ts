import { withTransaction } from '../../platform/db/database.ts';
import type { SeedStep } from '../../seed/demo.ts';
import { adjustFollowCounts, insertFollow } from './graph.queries.ts';

/** Demo follows, so feeds and follower counts look alive after `npm start`. */
export const seedGraph: SeedStep = (db, ids) =>
  withTransaction(db, async (tx) => {
    const follows: Array<[string, string]> = [
      [ids.fan, ids.creator],
      [ids.fan, ids.creator2],
      [ids.fan2, ids.creator],
    ];
    for (const [follower, followee] of follows)
      if (await insertFollow(tx, follower, followee))
        await adjustFollowCounts(tx, follower, followee, 1);
  });
