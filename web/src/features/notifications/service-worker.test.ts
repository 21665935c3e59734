/** The service worker's push handling (web/public/sw.js), run against a fake worker scope. */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const source = readFileSync(resolve(here, '../../../public/sw.js'), 'utf8');
const ORIGIN = 'https://fanspace.test';

interface FakeClient {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function loadWorker(windows: FakeClient[] = []) {
  const handlers = new Map<string, (event: unknown) => void>();
  const shown: Array<{ title: string; options: NotificationOptions }> = [];
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, handler: (event: unknown) => void) =>
      handlers.set(type, handler),
    skipWaiting: vi.fn(),
    registration: {
      showNotification: vi.fn(async (title: string, options: NotificationOptions) => {
        shown.push({ title, options });
      }),
    },
    clients: {
      claim: vi.fn(),
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
  };
  new Function('self', source)(self);
  async function dispatch(type: string, event: Record<string, unknown>) {
    let work: Promise<unknown> = Promise.resolve();
    handlers.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  }
  return { self, shown, dispatch };
}

function pushEvent(payload: unknown) {
  return {
    data: {
      json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload),
      text: () => String(payload),
    },
  };
}

function client(url: string): FakeClient {
  const c: FakeClient = { url, focus: vi.fn(async () => c), navigate: vi.fn(async () => c) };
  return c;
}

describe('service worker push', () => {
  it('shows title, body, icon and url from the payload', async () => {
    const worker = loadWorker();
    await worker.dispatch(
      'push',
      pushEvent({ title: 'New tip', body: 'Ana sent you $5', icon: '/a.png', url: '/wallet' }),
    );
    expect(worker.shown).toHaveLength(1);
    expect(worker.shown[0]!.title).toBe('New tip');
    expect(worker.shown[0]!.options).toMatchObject({
      body: 'Ana sent you $5',
      icon: '/a.png',
      data: { url: `${ORIGIN}/wallet` },
    });
  });

  it('falls back for text payloads and never links off-site', async () => {
    const worker = loadWorker();
    await worker.dispatch('push', {
      data: {
        json: () => {
          throw new Error('not json');
        },
        text: () => 'Plain text',
      },
    });
    await worker.dispatch('push', pushEvent({ title: 'x', url: 'https://evil.example/' }));
    expect(worker.shown[0]!.title).toBe('Fanspace');
    expect(worker.shown[0]!.options.body).toBe('Plain text');
    expect(worker.shown[0]!.options.icon).toBe('/favicon.svg');
    expect((worker.shown[1]!.options.data as { url: string }).url).toBe(`${ORIGIN}/notifications`);
  });

  it('focuses a tab already on the URL, else navigates an open tab, else opens one', async () => {
    const close = vi.fn();
    const click = (url: string) => ({ notification: { close, data: { url } } });

    const onPage = client(`${ORIGIN}/messages/c1`);
    const other = client(`${ORIGIN}/`);
    let worker = loadWorker([other, onPage]);
    await worker.dispatch('notificationclick', click(`${ORIGIN}/messages/c1`));
    expect(close).toHaveBeenCalled();
    expect(onPage.focus).toHaveBeenCalled();
    expect(other.navigate).not.toHaveBeenCalled();

    worker = loadWorker([other]);
    await worker.dispatch('notificationclick', click(`${ORIGIN}/p/9`));
    expect(other.navigate).toHaveBeenCalledWith(`${ORIGIN}/p/9`);
    expect(other.focus).toHaveBeenCalled();

    worker = loadWorker([]);
    await worker.dispatch('notificationclick', click(`${ORIGIN}/p/9`));
    expect(worker.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/p/9`);
  });
});
