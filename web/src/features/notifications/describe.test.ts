import { describe, expect, it } from 'vitest';
import { makePublicUser } from '../../test/fixtures.ts';
import { dayLabel, describeNotification, groupByDay, notificationSentence } from './describe.ts';
import { makeNotification } from './test-kit.ts';

describe('describeNotification', () => {
  const ana = makePublicUser({ username: 'ana', displayName: 'Ana' });
  const base = { actor: ana, actorId: ana.id };

  it('links each type to its post, chat, profile or wallet', () => {
    const cases: Array<[Parameters<typeof makeNotification>[0], string | null, string]> = [
      [
        { type: 'follow', relatedType: 'user', relatedId: ana.id },
        '/u/ana',
        'Ana started following you',
      ],
      [
        {
          type: 'collaboration',
          relatedType: 'collaboration',
          relatedId: 'k1',
          data: { event: 'invited', splitPercent: 20, postId: 'p9', url: '/collaborations' },
        },
        '/collaborations',
        'Ana invited you to collaborate on a post (20 % split)',
      ],
      [
        { type: 'collaboration', relatedType: 'collaboration', data: { event: 'declined' } },
        '/collaborations',
        'Ana declined your collaboration invite',
      ],
      [{ type: 'like', relatedType: 'post', relatedId: 'p1' }, '/p/p1', 'Ana liked your post'],
      [
        { type: 'comment', relatedType: 'post', relatedId: 'p2', data: { postId: 'p2' } },
        '/p/p2',
        'Ana commented on your post',
      ],
      [
        { type: 'message', relatedType: 'chat', relatedId: 'c1', data: { chatId: 'c1' } },
        '/messages/c1',
        'Ana sent you a message',
      ],
      [
        { type: 'tip', relatedType: 'chat', relatedId: 'c2', data: { amount: 5, chatId: 'c2' } },
        '/messages/c2',
        'Ana sent you a $5.00 tip',
      ],
      [
        { type: 'purchase', relatedType: 'post', relatedId: 'p3', data: { amount: 12.5 } },
        '/p/p3',
        'Ana bought your content for $12.50',
      ],
      [
        { type: 'subscription', relatedType: 'subscription', relatedId: 's1' },
        '/u/ana',
        'Ana subscribed to you',
      ],
    ];
    for (const [overrides, href, sentence] of cases) {
      const n = makeNotification({ ...base, ...overrides });
      const view = describeNotification(n);
      expect(view.href).toBe(href);
      expect(notificationSentence(n, view)).toBe(sentence);
    }
  });

  it('reads system notices from their data and uses the {hash} actor', () => {
    const n = makeNotification({
      type: 'system',
      actor: null,
      actorId: '{hash}',
      relatedType: null,
      relatedId: null,
      data: { message: 'Welcome to Fanspace' },
    });
    const view = describeNotification(n);
    expect(view.actor).toBeNull();
    expect(view.actorName).toBe('Fanspace');
    expect(notificationSentence(n, view)).toBe('Welcome to Fanspace');
    expect(view.href).toBeNull();
  });

  it('uses looked-up actors when the row came without one, and refuses off-site urls', () => {
    const n = makeNotification({ type: 'follow', actor: null, actorId: ana.id, relatedId: ana.id });
    expect(describeNotification(n, { actors: { [ana.id]: ana } }).href).toBe('/u/ana');
    expect(describeNotification(n).actorName).toBe('Someone');
    const external = makeNotification({
      ...base,
      type: 'admin',
      relatedType: null,
      relatedId: null,
      data: { url: '//evil.example' },
    });
    expect(describeNotification(external).href).toBeNull();
  });
});

describe('grouping by day', () => {
  it('labels today, yesterday and older days', () => {
    const now = new Date(2026, 10, 22, 12);
    expect(dayLabel(new Date(2026, 10, 22, 1).toISOString(), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 21, 23).toISOString(), now)).toBe('Yesterday');
    const rows = [
      { createdAt: new Date(2026, 10, 22, 9).toISOString() },
      { createdAt: new Date(2026, 10, 22, 8).toISOString() },
      { createdAt: new Date(2026, 10, 21, 8).toISOString() },
      { createdAt: new Date(2026, 9, 1, 8).toISOString() },
    ];
    const groups = groupByDay(rows, now);
    expect(groups.map((g) => [g.label, g.items.length])).toEqual([
      ['Today', 2],
      ['Yesterday', 1],
      [dayLabel(rows[3]!.createdAt, now), 1],
    ]);
  });
});

describe('links of notices from the team and the platform', () => {
  const system = { actor: null, actorId: '{hash}', data: { message: 'Hi' } };
  it('opens the page each notice is about', () => {
    const cases: Array<[Parameters<typeof makeNotification>[0], string]> = [
      [{ ...system, type: 'admin', relatedType: 'warning', relatedId: null }, '/settings/standing'],
      // a removed post would only show "not found"
      [{ ...system, type: 'admin', relatedType: 'post', relatedId: 'p1' }, '/settings/standing'],
      [{ ...system, type: 'system', relatedType: 'suggestion', relatedId: 's1' }, '/suggestions'],
      [{ ...system, type: 'system', relatedType: 'model_release', relatedId: 'r1' }, '/releases'],
      [{ ...system, type: 'admin', relatedType: 'pro_pack', relatedId: null }, '/pro-pack'],
      // a restored post is back: open it
      [
        { ...system, type: 'admin', relatedType: 'dmca', relatedId: 'd1', data: { postId: 'p2' } },
        '/p/p2',
      ],
    ];
    for (const [overrides, href] of cases)
      expect(describeNotification(makeNotification(overrides)).href).toBe(href);
  });
});
