import type { SeedStep } from '../../seed/demo.ts';
import { createProduction } from '../productions/productions.service.ts';
import { updateMemberRole } from './community-members.service.ts';
import { createCommunityPost, toggleCommunityPostLike } from './community-posts.service.ts';
import { createCommunity, inviteToCommunity, joinCommunity } from './communities.service.ts';

/**
 * Demo communities and a production, so /communities and /productions look alive after
 * `npm start`: Maya's photography community with members, a moderator, posts and likes; Leo's
 * music community; a private circle that Sam is invited to; Maya's next shoot as a production.
 */
export const seedCommunities: SeedStep = async (db, ids, ctx) => {
  const c = { ...ctx, db };
  const viewer = (id: string) => ({ id, sessionId: 'seed' });

  const photo = await createCommunity(c, ids.creator, {
    name: 'Alpine Photographers',
    description: 'Mountains, light and the gear that gets you there. Share your best shots.',
    category: 'photography',
  });
  for (const member of [ids.fan, ids.fan2, ids.creator2]) await joinCommunity(c, member, photo.id);
  await updateMemberRole(c, ids.creator, photo.id, ids.creator2, 'moderator');
  const welcome = await createCommunityPost(
    c,
    viewer(ids.creator),
    photo.id,
    'Welcome! Post one photo from your last hike and tell us where it was taken.',
    null,
  );
  const tip = await createCommunityPost(
    c,
    viewer(ids.fan),
    photo.id,
    'Tip: shoot the ridge 20 minutes before sunrise, the blue hour is worth the cold.',
    null,
  );
  for (const liker of [ids.fan, ids.fan2, ids.creator2])
    await toggleCommunityPostLike(c, liker, welcome.id);
  await toggleCommunityPostLike(c, ids.creator, tip.id);

  const music = await createCommunity(c, ids.creator2, {
    name: 'Beat Makers',
    description: 'Loops, samples and feedback on works in progress.',
    category: 'music',
  });
  await joinCommunity(c, ids.fan, music.id);
  await createCommunityPost(
    c,
    viewer(ids.creator2),
    music.id,
    'New sample pack drops Friday.',
    null,
  );

  const circle = await createCommunity(c, ids.creator, {
    name: "Maya's Inner Circle",
    description: 'Behind the scenes with my closest supporters.',
    category: 'lifestyle',
    isPrivate: true,
  });
  await inviteToCommunity(c, ids.creator, circle.id, ids.fan);

  await createProduction(c, ids.creator, {
    title: 'Dolomites sunrise shoot',
    description: 'Three mornings on the Seceda ridge; prints and a behind-the-scenes reel.',
    status: 'planned',
    shootDate: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
    collaborators: [{ name: 'Jonas', role: 'Drone pilot', userId: null }],
  });
};
