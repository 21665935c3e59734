import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { StoredAutomationAction } from '../../platform/db/schema.ts';
import type { SeedStep } from '../../seed/demo.ts';

const action = (text: string): string =>
  JSON.stringify({
    type: 'send_message',
    text,
    lockedCents: null,
    mediaIds: [],
  } satisfies StoredAutomationAction);

/**
 * Demo data of the creator kit: Maya's notes about Sam, her templates, profile widgets and
 * automation rules, and an invite to Leo on one of her paid posts.
 */
export const seedCreatorKit: SeedStep = async (db, ids) => {
  await db
    .insertInto('creator_notes')
    .values([
      {
        creator_id: ids.creator,
        fan_id: ids.fan,
        note: 'Loves the mountain sets. Asked about prints.',
      },
      { creator_id: ids.creator, fan_id: ids.fan, note: 'Birthday in May — send a thank-you.' },
    ])
    .execute();
  await db
    .insertInto('creator_templates')
    .values([
      {
        user_id: ids.creator,
        type: 'message',
        name: 'Thanks for subscribing',
        body: 'Thank you for subscribing! New sets every Friday.',
        price_cents: null,
      },
      {
        user_id: ids.creator,
        type: 'post',
        name: 'Weekly set',
        body: 'This week’s set is here 📸 #travel',
        price_cents: 999,
      },
    ])
    .execute();
  await db
    .insertInto('automation_rules')
    .values([
      {
        user_id: ids.creator,
        name: 'Welcome new subscribers',
        trigger: 'new_subscriber',
        action: action('Welcome {username}! So happy to have you here.'),
      },
      {
        user_id: ids.creator,
        name: 'Thank tippers',
        trigger: 'tip_received',
        action: action('Thank you for the tip, {username}!'),
      },
    ])
    .execute();
  const widgets = [
    {
      id: randomUUID(),
      type: 'about',
      title: 'About me',
      enabled: true,
      config: { text: 'Travel photographer based in Lisbon. New sets every Friday.' },
    },
    {
      id: randomUUID(),
      type: 'links',
      title: 'Find me elsewhere',
      enabled: true,
      config: { links: [{ label: 'Print shop', url: 'https://example.com/prints' }] },
    },
    {
      id: randomUUID(),
      type: 'top-posts',
      title: 'Top posts',
      enabled: true,
      config: { limit: 3 },
    },
  ];
  await db
    .updateTable('users')
    .set({ profile: sql<string>`profile || ${JSON.stringify({ widgets })}::jsonb` })
    .where('id', '=', ids.creator)
    .execute();
  const post = await db
    .selectFrom('posts')
    .select('id')
    .where('user_id', '=', ids.creator)
    .where('access_level', '=', 'paid')
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (post)
    await db
      .insertInto('collaborations')
      .values({
        post_id: post.id,
        owner_id: ids.creator,
        collaborator_id: ids.creator2,
        split_percent: 20,
      })
      .execute();
};
