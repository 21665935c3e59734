import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, PHONE } from '../support/browser.ts';
import { journey, logIn } from '../support/journey.ts';

const run = journey();

/** Reloads until `check` holds (the job runner works in the background). */
async function eventually(page: Page, check: () => Promise<boolean>, timeout = 20_000) {
  await expect
    .poll(
      async () => {
        if (await check()) return true;
        await page.reload();
        return false;
      },
      { timeout, interval: 1500 },
    )
    .toBe(true);
}

describe('stories and the scheduler', () => {
  it(
    'a creator posts a story a fan watches, sees the fan among its viewers, and schedules a post that goes out',
    { timeout: 300_000 },
    async () => {
      const creator = await newPage(run.browser, run.server.url);
      await logIn(creator.page, 'creator@fanspace.test');
      await creator.page.goto('/');
      const composer = creator.page.getByRole('dialog', { name: 'New story' });
      // the home page is still settling (tray, getting-started card) and may swallow a first click
      await expect
        .poll(
          async () => {
            if (!(await composer.isVisible()))
              await creator.page.getByRole('button', { name: 'Add story' }).first().click();
            return composer.isVisible();
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      await composer.getByText('Text', { exact: true }).click();
      await composer.getByLabel('Text on the story').fill('Hello from the e2e story');
      await composer.getByRole('button', { name: 'Share story' }).click();
      await expect
        .poll(() => creator.page.getByText('Story shared.', { exact: false }).isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);

      // the fan, on a phone, watches Maya's stories up to the new one
      const fan = await newPage(run.browser, run.server.url, PHONE);
      await logIn(fan.page, 'fan@fanspace.test');
      await fan.page.goto('/');
      await fan.page.getByRole('button', { name: /^Stories by Maya Lens/ }).click();
      const viewer = fan.page.getByRole('dialog', { name: 'Stories by Maya Lens' });
      await expect.poll(() => viewer.isVisible()).toBe(true);
      for (let i = 0; i < 5; i += 1) {
        if (await viewer.getByText('Hello from the e2e story').isVisible()) break;
        await fan.page.keyboard.press('ArrowRight');
      }
      await expect
        .poll(() => viewer.getByText('Hello from the e2e story').isVisible(), { timeout: 10_000 })
        .toBe(true);
      // give the view a moment to be recorded, then close
      await fan.page.waitForTimeout(800);
      await fan.page.keyboard.press('Escape');
      await expect.poll(() => viewer.isVisible()).toBe(false);

      // the creator sees the fan in "Seen by"
      await creator.page.reload();
      await creator.page.getByRole('button', { name: 'Your story' }).click();
      const own = creator.page.getByRole('dialog', { name: 'Stories by Maya Lens' });
      for (let i = 0; i < 5; i += 1) {
        if (await own.getByText('Hello from the e2e story').isVisible()) break;
        await creator.page.keyboard.press('ArrowRight');
      }
      await own.getByRole('button', { name: 'Seen by 1' }).click();
      await expect
        .poll(() => own.getByText('@sam_fan').isVisible(), { timeout: 10_000 })
        .toBe(true);
      await creator.page.keyboard.press('Escape');
      await creator.page.keyboard.press('Escape');

      // the creator schedules a post for about a minute later; the job runner publishes it then
      await creator.page.goto('/create');
      await creator.page.getByLabel('Caption').fill('Planned ahead with the scheduler');
      await creator.page.getByRole('switch', { name: 'Schedule for later' }).click();
      const local = await creator.page.evaluate(() => {
        // the field takes whole minutes: 90 s ahead, floored, is 30–90 s from now
        const at = new Date(Date.now() + 90_000);
        const pad = (n: number) => String(n).padStart(2, '0');
        return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
      });
      await creator.page.getByLabel('Publish at').fill(local);
      await creator.page.getByRole('button', { name: 'Schedule', exact: true }).click();
      await creator.page.waitForURL((url) => url.pathname === '/scheduler');
      const row = creator.page.getByRole('listitem').filter({
        hasText: 'Planned ahead with the scheduler',
      });
      await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
      await creator.page.goto('/scheduler?view=queue&status=published');
      await eventually(
        creator.page,
        () =>
          creator.page
            .getByRole('listitem')
            .filter({ hasText: 'Planned ahead with the scheduler' })
            .getByText('Published', { exact: true })
            .isVisible(),
        150_000,
      );

      // and it is in the fan's home feed
      await fan.page.goto('/');
      await eventually(fan.page, () =>
        fan.page.getByText('Planned ahead with the scheduler').isVisible(),
      );

      // the fan's view of it (counted once it is half on screen) reaches Maya's dashboard
      await creator.page.goto('/analytics');
      await creator.page.getByLabel('Sort by').selectOption('recent');
      const planned = creator.page.getByRole('row', { name: /Planned ahead with the scheduler/ });
      await expect
        .poll(() => planned.getByRole('cell').first().textContent(), { timeout: 20_000 })
        .toBe('1');
      await Promise.all([creator.context.close(), fan.context.close()]);
    },
  );
});
