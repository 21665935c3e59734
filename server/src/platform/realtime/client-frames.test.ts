import { describe, expect, it } from 'vitest';
import { FrameLimiter, parseClientFrame } from './client-frames.ts';

const text = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('parseClientFrame', () => {
  it('accepts known frames, with data optional where it may be empty', () => {
    expect(parseClientFrame(text({ type: 'ping' }), false)).toEqual({
      ok: true,
      frame: { type: 'ping', data: {} },
    });
    const watch = { type: 'presence_watch', data: { userIds: ['a', 'b'] } };
    expect(parseClientFrame(text(watch), false)).toEqual({ ok: true, frame: watch });
  });

  it('refuses, never throws, whatever arrives', () => {
    const cases: Array<[Parameters<typeof parseClientFrame>[0], boolean, string]> = [
      [Buffer.from('{'), false, 'MALFORMED_BODY'],
      [Buffer.from('null'), false, 'VALIDATION_FAILED'],
      [text({ type: 'toString' }), false, 'VALIDATION_FAILED'],
      [text({ type: 'ping', data: { id: 7 } }), false, 'VALIDATION_FAILED'],
      [text({ type: 'presence_watch' }), false, 'VALIDATION_FAILED'],
      [
        text({ type: 'presence_watch', data: { userIds: Array(201).fill('x') } }),
        false,
        'VALIDATION_FAILED',
      ],
      [[Buffer.from('{"type":"pi'), Buffer.from('ng"}')], false, 'VALIDATION_FAILED'],
      [Buffer.alloc(5000, 32), false, 'PAYLOAD_TOO_LARGE'],
      [text({ type: 'ping' }), true, 'UNSUPPORTED_MEDIA_TYPE'],
    ];
    for (const [data, binary, code] of cases) {
      const parsed = parseClientFrame(data, binary);
      expect(parsed.ok ? 'ok' : parsed.error.code).toBe(code);
    }
  });
});

describe('FrameLimiter', () => {
  it('allows a burst, then refills at its rate', () => {
    const limiter = new FrameLimiter(10, 3);
    const t0 = Date.now();
    expect([1, 2, 3, 4].map(() => limiter.take(t0))).toEqual([true, true, true, false]);
    expect(limiter.take(t0 + 50)).toBe(false);
    expect(limiter.take(t0 + 160)).toBe(true);
  });
});
