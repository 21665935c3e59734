import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, PHONE } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('web shell', () => {
  it('serves the home page, redirects a visitor away from a private path, and shows login', async () => {
    const { context, page } = await newPage(browser, server.url);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto('/');
    await expect.poll(() => page.locator('#splash').count()).toBe(0);
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: /log in/i })
          .first()
          .isVisible(),
      )
      .toBe(true);

    // a private path: the visitor is sent to / after about a second
    await page.goto('/settings');
    const started = Date.now();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);

    await page
      .getByRole('link', { name: /log in/i })
      .first()
      .click();
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByRole('button', { name: /log in/i }).isVisible()).toBe(true);
    await expect
      .poll(() =>
        page
          .getByLabel(/password/i)
          .first()
          .isVisible(),
      )
      .toBe(true);

    // the history fallback serves the app on a deep link, and unknown API paths stay JSON
    const deep = await page.request.get('/login');
    expect(deep.headers()['content-type']).toContain('text/html');
    const api = await page.request.get('/api/does-not-exist');
    expect(api.status()).toBe(404);
    expect((await api.json()).code).toBe('ROUTE_NOT_FOUND');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('lays out for a phone', async () => {
    const { context, page } = await newPage(browser, server.url, PHONE);
    await page.goto('/login');
    await expect.poll(() => page.getByRole('button', { name: /log in/i }).isVisible()).toBe(true);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
