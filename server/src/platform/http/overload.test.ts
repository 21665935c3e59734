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
