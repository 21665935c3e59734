import type { RealtimeEventType, RealtimeFrame } from '@fanspace/contracts';
import type { AddressInfo } from 'node:net';
import { WebSocket, type ClientOptions } from 'ws';
import type { App } from '../../platform/http/app.ts';

/** Test-only WebSocket client: queues frames so a test can await them in order. */
export class TestSocket {
  private readonly frames: RealtimeFrame[] = [];
  /** every frame ever received, consumed or not */
  readonly history: RealtimeFrame[] = [];
  private waiters: Array<() => void> = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as RealtimeFrame;
      this.frames.push(frame);
      this.history.push(frame);
      this.wake();
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.wake();
      });
    });
  }

  /** Connects without waiting for `ready` (auth failures close right after the upgrade). */
  static connect(url: string, options: ClientOptions = {}): Promise<TestSocket> {
    const ws = new WebSocket(url, options);
    const socket = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('error', reject);
    });
  }

  /** Connects and waits for `ready`. */
  static async open(url: string, options: ClientOptions = {}) {
    const socket = await TestSocket.connect(url, options);
    const ready = await socket.next('ready');
    return { socket, ready: ready.data };
  }

  send(frame: unknown) {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Takes the first unconsumed frame of `type` (others stay queued); rejects on timeout. */
  async next<T extends RealtimeEventType>(
    type: T,
    match: (frame: RealtimeFrame<T>) => boolean = () => true,
    timeoutMs = 3000,
  ): Promise<RealtimeFrame<T>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.frames.findIndex(
        (frame) => frame.type === type && match(frame as RealtimeFrame<T>),
      );
      if (index >= 0) {
        return this.frames.splice(index, 1)[0] as RealtimeFrame<T>;
      }
      if (this.ws.readyState === WebSocket.CLOSED) throw new Error(`closed before ${type}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${type}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Frames received and not yet consumed by `next`. */
  received(): RealtimeFrame[] {
    return [...this.frames];
  }

  async close() {
    if (this.ws.readyState !== WebSocket.CLOSED) this.ws.close();
    await this.closed;
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

/** Starts `app` on an ephemeral port and returns the ws:// base of its API. */
export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/api`;
}
