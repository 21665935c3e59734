import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, PHONE } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let photo: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  photo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fanspace-photo-')), 'sunset.jpg');
  await sharp({ create: { width: 800, height: 600, channels: 3, background: '#d9480f' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="800" height="600"><circle cx="400" cy="300" r="180" fill="#ffd43b"/></svg>',
        ),
      },
    ])
    .jpeg()
    .toFile(photo);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email or username', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('fanspace-demo');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

describe('content journey', () => {
  it(
    'a creator posts a locked photo; a fan sees only the blurred teaser and the price',
    { timeout: 120_000 },
    async () => {
      const creator = await newPage(browser, server.url);
      await logIn(creator.page, 'creator@fanspace.test');
      await creator.page.goto('/create');
      await creator.page
        .getByRole('textbox', { name: 'Caption' })
        .fill('Golden hour set, full resolution #sunset');
      await creator.page.getByLabel('Add photos or videos').setInputFiles(photo);
      await creator.page
        .getByRole('group', { name: 'Who can see this post' })
        .getByRole('radio', { name: 'Pay to unlock' })
        .check();
      await creator.page.getByRole('textbox', { name: 'Price (USD)' }).fill('7.50');
      const publish = creator.page.getByRole('button', { name: 'Publish' });
      await expect.poll(() => publish.isEnabled(), { timeout: 30_000 }).toBe(true);
      await publish.click();
      await creator.page.waitForURL('**/p/*');
      const postPath = new URL(creator.page.url()).pathname;
      await creator.context.close();

      const fan = await newPage(browser, server.url, PHONE);
      const mediaRequests: string[] = [];
      fan.page.on('request', (r) => {
        if (r.url().includes('/api/media/')) mediaRequests.push(r.url());
      });
      await logIn(fan.page, 'fan2@fanspace.test');
      await fan.page.goto(postPath);
      const locked = fan.page.getByRole('group', { name: 'Locked post' });
      await expect.poll(() => locked.isVisible(), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => locked.getByText('$7.50').first().isVisible()).toBe(true);
      const teaser = fan.page.getByAltText(/^Blurred preview of a locked post by @/);
      await expect.poll(() => teaser.isVisible()).toBe(true);
      expect(await teaser.getAttribute('src')).toMatch(/\/api\/files\/public\/teasers\//);
      // nothing in the page or its requests points at the original or a clear rendition
      const html = await fan.page.content();
      expect(html).not.toMatch(/\/api\/media\/[^"']*\/content/);
      expect(mediaRequests.filter((u) => u.includes('/content'))).toEqual([]);
      await fan.context.close();
    },
  );

  it('a fan subscribes to a creator from the profile page', { timeout: 60_000 }, async () => {
    const fan = await newPage(browser, server.url);
    await logIn(fan.page, 'fan@fanspace.test');
    await fan.page.goto('/u/leo_beats');
    await fan.page.getByRole('button', { name: 'Subscribe · $4.99' }).click();
    const dialog = fan.page.getByRole('dialog', { name: /Subscribe to/ });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Pay $4.99' }).click();
    await expect
      .poll(() => fan.page.getByRole('button', { name: 'Subscribed' }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    const mine = await fan.page.request.get('/api/users/me/subscriptions');
    const { subscriptions } = (await mine.json()) as {
      subscriptions: { creator?: { username: string } }[];
    };
    expect(subscriptions.map((s) => s.creator?.username)).toContain('leo_beats');
    await fan.context.close();
  });

  it('a fan with an empty wallet adds test funds', { timeout: 60_000 }, async () => {
    const fan = await newPage(browser, server.url, PHONE);
    await logIn(fan.page, 'fan2@fanspace.test');
    await fan.page.goto('/wallet');
    const balance = fan.page.getByTestId('wallet-balance');
    await expect.poll(() => balance.innerText()).toBe('$0.00');
    await fan.page.getByRole('button', { name: 'Add test funds' }).click();
    await expect.poll(() => balance.innerText(), { timeout: 10_000 }).toBe('$10.00');
    await expect
      .poll(() => fan.page.getByRole('list', { name: 'Transactions' }).isVisible())
      .toBe(true);
    await fan.context.close();
  });
});
