import { afterEach, describe, expect, it } from 'vitest';
import { createTestServer, testConfig, type TestServer } from '../../../test/harness.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Blocks the event loop, as a CPU-bound burst of requests would. */
function busy(ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // spin
  }
}

describe('overload shedding', () => {
  it('is off under NODE_ENV=test unless asked for, on elsewhere by default', () => {
    expect(testConfig().pressureEnabled).toBe(false);
    expect(testConfig({ PRESSURE_ENABLED: 'true' }).pressureEnabled).toBe(true);
    expect(testConfig({ NODE_ENV: 'production' }).pressureEnabled).toBe(true);
  });

  it('answers 503 with a message and Retry-After above the memory cap, but not on /health', async () => {
    server = await createTestServer({
      env: {
        PRESSURE_ENABLED: 'true',
        PRESSURE_MAX_HEAP_BYTES: '1',
        PRESSURE_SAMPLE_INTERVAL_MS: '5',
        PRESSURE_RETRY_AFTER_SECONDS: '7',
      },
    });
    await sleep(30);
    const res = await server.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.json()).toEqual({
      message: 'The server is overloaded, please try again in 7 seconds.',
      code: 'SERVICE_UNAVAILABLE',
      retryAfterSeconds: 7,
    });
    const health = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('sheds while the event loop is saturated and recovers once it is not', async () => {
    server = await createTestServer({
      env: {
        PRESSURE_ENABLED: 'true',
        PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
        PRESSURE_MAX_EVENT_LOOP_UTILIZATION: '0.9',
        PRESSURE_SAMPLE_INTERVAL_MS: '1000',
      },
    });
    const app = server.app;
    const me = () => app.inject({ method: 'GET', url: '/api/users/me' });
    // starting the server kept the loop busy; wait for a calm sample (the machine may be loaded)
    expect(await statusWithin(5000, me, (s) => s !== 503)).toBe(401);
    busy(1500);
    await sleep(5);
    const during = await me();
    expect(during.statusCode).toBe(503);
    expect(during.headers['retry-after']).toBe('10');
    expect(await statusWithin(5000, me, (s) => s !== 503)).toBe(401);
  });

  it('sheds requests past PRESSURE_MAX_IN_FLIGHT at once and takes them again as slots free', async () => {
    // requests waiting on I/O (a full database pool) leave the event loop calm: only the count
    // of requests in progress shows the queue
    const held: Array<() => void> = [];
    server = await createTestServer({
      env: { PRESSURE_ENABLED: 'true', PRESSURE_MAX_IN_FLIGHT: '2' },
      extraRoutes: (api) => {
        api.get('/test/held', { config: { auth: 'public' } }, async () => {
          await new Promise<void>((resolve) => held.push(resolve));
          return { ok: true };
        });
      },
    });
    const app = server.app;
    const first = app.inject({ method: 'GET', url: '/api/test/held' });
    const second = app.inject({ method: 'GET', url: '/api/test/held' });
    while (held.length < 2) await sleep(5);
    const third = await app.inject({ method: 'GET', url: '/api/users/me' });
    expect(third.statusCode).toBe(503);
    expect(third.headers['retry-after']).toBe('10');
    expect(third.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 10 });
    // the health check is never shed
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // shed requests hold no slot: one freed slot lets the next request through
    const me = () => app.inject({ method: 'GET', url: '/api/users/me' });
    held.shift()?.();
    expect((await first).statusCode).toBe(200);
    // the slot frees in onResponse, just after inject() has its answer
    expect(await statusWithin(2000, me, (s) => s !== 503)).toBe(401);
    held.shift()?.();
    expect((await second).statusCode).toBe(200);
    await sleep(50);
    // both slots free again: two requests at once, the cap, pass
    const after = await Promise.all([1, 2].map(me));
    expect(after.map((r) => r.statusCode)).toEqual([401, 401]);
  });
});

/** Polls `request` until its status satisfies `done` or the time is up; returns the last status. */
async function statusWithin(
  ms: number,
  request: () => Promise<{ statusCode: number }>,
  done: (status: number) => boolean,
): Promise<number> {
  const end = Date.now() + ms;
  let status = (await request()).statusCode;
  while (!done(status) && Date.now() < end) {
    await sleep(100);
    status = (await request()).statusCode;
  }
  return status;
}
