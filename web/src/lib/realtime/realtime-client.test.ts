import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_UNAUTHENTICATED, createRealtimeClient } from './realtime-client.ts';

/** Just enough of a WebSocket for the client: listeners and a way to fire events. */
class FakeSocket extends EventTarget {
  readyState = 0;
  close = vi.fn();
  send = vi.fn();
  emitClose(code: number): void {
    const event = new Event('close') as Event & { code: number };
    Object.defineProperty(event, 'code', { value: code });
    this.dispatchEvent(event);
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const client = createRealtimeClient(() => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket as unknown as WebSocket;
  });
  return { client, sockets };
}

describe('realtime client reconnects', () => {
  afterEach(() => vi.useRealTimers());

  it('reconnects after an ordinary close', () => {
    vi.useFakeTimers();
    const { client, sockets } = setup();
    client.connect();
    sockets[0]!.emitClose(1006);
    expect(client.status()).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('stops for good when the server closes with 4401, until connect() is called again', () => {
    vi.useFakeTimers();
    const { client, sockets } = setup();
    client.connect();
    sockets[0]!.emitClose(CLOSE_UNAUTHENTICATED);
    expect(client.status()).toBe('unauthorized');
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(1);

    client.connect();
    expect(sockets).toHaveLength(2);
  });
});
