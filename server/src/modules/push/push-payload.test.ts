import { describe, expect, it } from 'vitest';
import { pushPayloadFor } from './push.service.ts';

const base = { id: 'n1', related_id: null, related_type: null, data: {} };

describe('pushPayloadFor: where tapping the push leads', () => {
  it('opens what the notification row opens in the app', () => {
    const cases: Array<[Parameters<typeof pushPayloadFor>[0], string | null, string]> = [
      // a chat tip: the chat, not the notifications page
      [
        { ...base, type: 'tip', related_type: 'chat', related_id: 'c1', data: { chatId: 'c1' } },
        '@sam',
        '/messages/c1',
      ],
      // the notification's own link (community invite, support reply, scheduled story)
      [
        {
          ...base,
          type: 'system',
          related_type: 'community',
          related_id: 'k1',
          data: { message: 'You were invited to join X', url: '/communities/k1' },
        },
        'maya',
        '/communities/k1',
      ],
      [{ ...base, type: 'system', data: { url: '/?story=s1' } }, null, '/?story=s1'],
      // a comment mention on a post
      [
        { ...base, type: 'mention', related_type: 'comment', data: { postId: 'p2' } },
        'sam',
        '/p/p2',
      ],
      [{ ...base, type: 'like', related_type: 'post', related_id: 'p1' }, 'sam', '/p/p1'],
      [{ ...base, type: 'follow', related_type: 'user', related_id: 'u1' }, 'sam', '/u/sam'],
      [{ ...base, type: 'message', data: { chatId: 'c2' } }, 'sam', '/messages/c2'],
      [
        { ...base, type: 'admin', related_type: 'post', related_id: 'p3' },
        null,
        '/settings/standing',
      ],
      // off-site links are never followed
      [{ ...base, type: 'admin', data: { url: '//evil.example' } }, null, '/notifications'],
      [{ ...base, type: 'admin', data: { url: 'https://evil.example' } }, null, '/notifications'],
    ];
    for (const [n, actor, url] of cases) expect(pushPayloadFor(n, actor).url).toBe(url);
  });
});

describe('pushPayloadFor: what the push says', () => {
  it('names money in the platform currency', () => {
    const tip = { ...base, type: 'tip' as const, data: { amountCents: 123456 } };
    expect(pushPayloadFor(tip, 'sam').body).toBe('@sam sent you a tip ($1,234.56)');
    expect(pushPayloadFor({ ...tip, data: {} }, null).body).toBe('Someone sent you a tip');
  });
});
