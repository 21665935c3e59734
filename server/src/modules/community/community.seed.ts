import type { SeedStep } from '../../seed/demo.ts';
import { setVote } from './community.queries.ts';

/**
 * Demo data: a roadmap, a few suggestions with votes, one contact message and some feedback,
 * so the community pages and the back office's Community section look alive after `npm start`.
 */
export const seedCommunity: SeedStep = async (db, ids) => {
  await db
    .insertInto('roadmap_items')
    .values([
      {
        title: 'Group chats',
        description: 'Talk with several fans at once.',
        status: 'in_progress',
        eta: 'Q1 2027',
        position: 1,
      },
      {
        title: 'Polls in posts',
        description: 'Ask your fans what to make next.',
        status: 'planned',
        eta: 'Q2 2027',
        position: 2,
      },
      { title: 'Scheduled posts', description: 'Publish later.', status: 'done', position: 3 },
    ])
    .execute();

  const ideas = [
    { by: ids.fan, title: 'Dark mode for the post editor', voters: [ids.fan, ids.creator] },
    { by: ids.creator, title: 'Bundle discounts for locked posts', voters: [ids.creator] },
    { by: ids.fan2, title: 'Download my purchased videos', voters: [ids.fan2, ids.fan] },
  ];
  for (const idea of ideas) {
    const row = await db
      .insertInto('suggestions')
      .values({ user_id: idea.by, title: idea.title })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const voter of idea.voters) await setVote(db, row.id, voter, true);
  }

  await db
    .insertInto('contact_messages')
    .values({
      name: 'Morgan from Creator Weekly',
      email: 'morgan@creatorweekly.example',
      subject: 'Interview request',
      message: 'We would love to feature Fanspace in our next issue. Who can we talk to?',
    })
    .execute();
  await db
    .insertInto('site_feedback')
    .values([
      { user_id: ids.fan, rating: 5, message: 'Love the new stories!', page: '/' },
      { user_id: ids.creator, rating: 4, message: 'Payouts could be faster.', page: '/earnings' },
    ])
    .execute();
};
