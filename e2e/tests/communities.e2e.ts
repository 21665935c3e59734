import { beforeAll, describe, expect, it } from 'vitest';
import { newPage, PHONE } from '../support/browser.ts';
import { jpegFile, journey, logIn } from '../support/journey.ts';

const run = journey();
let photo: string;

beforeAll(async () => {
  photo = await jpegFile('trail.jpg', { width: 640, height: 420, background: '#2f855a' });
});

describe('communities journey', () => {
  it(
    'a creator creates a community and posts a photo; a fan finds it, joins and likes; the owner makes the fan a moderator',
    { timeout: 150_000 },
    async () => {
      const creator = await newPage(run.browser, run.server.url);
      await logIn(creator.page, 'creator@fanspace.test');
      await creator.page.goto('/communities');
      // the seeded grid is there, with the default filters of spec §2
      await expect
        .poll(
          () =>
            creator.page.getByRole('link', { name: 'Alpine Photographers' }).first().isVisible(),
          {
            timeout: 15_000,
          },
        )
        .toBe(true);
      expect(await creator.page.getByLabel('Category').inputValue()).toBe('all');
      expect(await creator.page.getByLabel('Sort by').inputValue()).toBe('activity');

      await creator.page.getByRole('button', { name: 'Create community' }).first().click();
      const dialog = creator.page.getByRole('dialog');
      await dialog.getByLabel('Name').fill('Trail Runners');
      await dialog.getByLabel('Description').fill('Weekend trail runs and race plans.');
      await dialog.getByLabel('Category').selectOption('fitness');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await creator.page.waitForURL(/\/communities\/[0-9a-f-]{36}$/);
      const communityPath = new URL(creator.page.url()).pathname;
      await expect
        .poll(() => creator.page.getByRole('heading', { name: 'Trail Runners' }).isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);

      await creator.page
        .getByLabel('Share something with the community')
        .fill('First group run Saturday 8am!');
      await creator.page.getByLabel('Image').setInputFiles(photo);
      await creator.page.getByRole('button', { name: 'Post', exact: true }).click();
      const post = creator.page.getByTestId('community-post').first();
      await expect
        .poll(() => post.getByText('First group run Saturday 8am!').isVisible(), {
          timeout: 20_000,
        })
        .toBe(true);
      await expect
        .poll(
          () =>
            post
              .getByRole('img')
              .last()
              .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
          {
            timeout: 15_000,
          },
        )
        .toBe(true);

      // a fan on a phone searches, joins through the join modal and likes the post
      const fan = await newPage(run.browser, run.server.url, PHONE);
      await logIn(fan.page, 'fan@fanspace.test');
      await fan.page.goto('/communities');
      await fan.page.getByLabel('Search communities').fill('Trail');
      await fan.page.getByRole('button', { name: 'Join Trail Runners' }).click();
      await fan.page.getByRole('dialog').getByRole('button', { name: 'Join community' }).click();
      await fan.page.waitForURL((url) => url.pathname === communityPath);
      const fanPost = fan.page.getByTestId('community-post').first();
      await expect
        .poll(() => fanPost.getByText('First group run Saturday 8am!').isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);
      await fanPost.getByRole('button', { name: /0 likes/ }).click();
      await expect
        .poll(() => fanPost.getByRole('button', { name: /1 like$/ }).isVisible(), {
          timeout: 10_000,
        })
        .toBe(true);

      // the owner sees the member and the like, and promotes the fan
      await creator.page.reload();
      await expect
        .poll(() => creator.page.getByText('2 members').first().isVisible(), { timeout: 15_000 })
        .toBe(true);
      await expect
        .poll(() => creator.page.getByText('1 like', { exact: true }).first().isVisible())
        .toBe(true);
      await creator.page.getByText(/Members \(2\)/).click();
      await creator.page.getByLabel('Role of sam_fan').selectOption('moderator');
      await expect
        .poll(() => creator.page.getByText('sam_fan is now a moderator').isVisible(), {
          timeout: 10_000,
        })
        .toBe(true);

      await fan.page.reload();
      await expect
        .poll(() => fan.page.getByText('You are a moderator').isVisible(), { timeout: 15_000 })
        .toBe(true);
      await fan.context.close();
      await creator.context.close();
    },
  );
});
