import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtimeClient } from '../../lib/realtime/realtime-client.ts';
import { resetTyping, sendTyping, stopTyping, TYPING_IDLE_MS } from './typing.ts';
import { createCoalescer, TYPING_VISIBLE_MS, useTypingStore } from './use-chat-realtime.ts';

describe('outgoing typing frames', () => {
  let send: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.useFakeTimers();
    resetTyping();
    send = vi.spyOn(realtimeClient, 'send').mockReturnValue(true);
  });
  afterEach(() => {
    send.mockRestore();
    vi.useRealTimers();
  });

  it('sends isTyping true at most every 2 s, and false after 3 s idle', () => {
    sendTyping('c1', 0);
    sendTyping('c1', 500);
    sendTyping('c1', 1999);
    expect(send).toHaveBeenCalledTimes(1);
    sendTyping('c1', 2000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith('typing', { chatId: 'c1', isTyping: true });
    vi.advanceTimersByTime(TYPING_IDLE_MS);
    expect(send).toHaveBeenLastCalledWith('typing', { chatId: 'c1', isTyping: false });
  });

  it('stops at once when the message is sent', () => {
    sendTyping('c2', 0);
    stopTyping('c2');
    expect(send).toHaveBeenLastCalledWith('typing', { chatId: 'c2', isTyping: false });
    stopTyping('c2');
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe('incoming typing state', () => {
  it('fades 5 s after the last frame, or at once on isTyping false', () => {
    vi.useFakeTimers();
    useTypingStore.getState().mark('c', 'u');
    expect(useTypingStore.getState().typing.c).toEqual(['u']);
    vi.advanceTimersByTime(TYPING_VISIBLE_MS - 1);
    expect(useTypingStore.getState().typing.c).toEqual(['u']);
    vi.advanceTimersByTime(1);
    expect(useTypingStore.getState().typing.c).toEqual([]);
    useTypingStore.getState().mark('c', 'u');
    useTypingStore.getState().clear('c', 'u');
    expect(useTypingStore.getState().typing.c).toEqual([]);
    vi.useRealTimers();
  });
});

describe('update fetch coalescing', () => {
  it('runs one fetch at a time and one more for frames that came meanwhile', async () => {
    let release!: () => void;
    const run = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const trigger = createCoalescer(run);
    const first = trigger();
    void trigger();
    void trigger();
    expect(run).toHaveBeenCalledTimes(1);
    release();
    await Promise.resolve();
    await Promise.resolve();
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(2));
    release();
    await first;
    expect(run).toHaveBeenCalledTimes(2);
  });
});
