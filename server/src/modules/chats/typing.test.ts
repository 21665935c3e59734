import { describe, expect, it } from 'vitest';
import { parseClientFrame } from '../../platform/realtime/client-frames.ts';
import { TYPING_REPEAT_MS, typingThrottle } from './typing.ts';

const text = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('typing frames', () => {
  it('parses {chatId, isTyping} and refuses anything else', () => {
    const frame = { type: 'typing', data: { chatId: 'c1', isTyping: true } };
    expect(parseClientFrame(text(frame), false)).toEqual({ ok: true, frame });
    for (const data of [
      { chatId: 'c1' },
      { chatId: '', isTyping: true },
      { chatId: 'c', isTyping: 'yes' },
    ]) {
      const parsed = parseClientFrame(text({ type: 'typing', data }), false);
      expect(parsed.ok).toBe(false);
    }
  });

  it('passes a state change at once and a repeat once per window', () => {
    const key = `user:${Math.random()}`;
    expect(typingThrottle(key, true, 1000)).toBe(true);
    expect(typingThrottle(key, true, 1000 + TYPING_REPEAT_MS - 1)).toBe(false);
    expect(typingThrottle(key, false, 1000 + 10)).toBe(true);
    expect(typingThrottle(key, false, 1000 + 20)).toBe(false);
    expect(typingThrottle(key, true, 1000 + 30)).toBe(true);
    expect(typingThrottle(key, true, 1030 + TYPING_REPEAT_MS)).toBe(true);
  });
});
