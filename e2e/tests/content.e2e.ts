import { beforeAll, describe, expect, it } from 'vitest';
import { newPage, PHONE } from '../support/browser.ts';
import { jpegFile, journey, logIn } from '../support/journey.ts';

const run = journey();
let photo: string;

beforeAll(async () => {
  photo = await jpegFile('sunset.jpg', {
    width: 800,
    height: 600,
    background: '#d9480f',
    svg: '<svg width="800" height="600"><circle cx="400" cy="300" r="180" fill="#ffd43b"/></svg>',
  });
});

describe('content journey', () => {
  it(
    'a creator posts a locked photo; a fan sees only the blurred teaser and the price',
    { timeout: 120_000 },
    async () => {
      const creator = await newPage(run.browser, run.server.url);
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

      const fan = await newPage(run.browser, run.server.url, PHONE);
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
    const fan = await newPage(run.browser, run.server.url);
    await logIn(fan.page, 'fan@fanspace.test');
    await fan.page.goto('/u/leo_beats');
    await fan.page.getByRole('button', { name: 'Subscribe · $4.99' }).click();
    const dialog = fan.page.getByRole('dialog', { name: /Subscribe to/ });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Pay $4.99' }).click();
    await expect
      .poll(() => fan.page.getByRole('link', { name: 'Subscribed' }).isVisible(), {
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
    const fan = await newPage(run.browser, run.server.url, PHONE);
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
