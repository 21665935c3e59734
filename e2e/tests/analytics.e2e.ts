import { describe, expect, it } from 'vitest';
import { newPage, PHONE } from '../support/browser.ts';
import { journey, logIn } from '../support/journey.ts';

const run = journey();

describe('analytics, insights and the assistant', () => {
  it(
    "a fan visits a creator's profile; the creator sees the visit, generates insights and asks the assistant",
    { timeout: 120_000 },
    async () => {
      // the fan, on a phone, opens Maya's profile (a profile view; her posts count views)
      const fan = await newPage(run.browser, run.server.url, PHONE);
      await logIn(fan.page, 'fan@fanspace.test');
      await fan.page.goto('/profile/maya.lens');
      await expect
        .poll(() => fan.page.getByRole('heading', { name: 'Maya Lens' }).first().isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);

      // Maya opens her analytics: totals, charts (with tables), the fan among her profile viewers
      const creator = await newPage(run.browser, run.server.url);
      await logIn(creator.page, 'creator@fanspace.test');
      await creator.page.goto('/analytics');
      const totals = creator.page.getByRole('list', { name: 'Totals' });
      await expect.poll(() => totals.isVisible(), { timeout: 20_000 }).toBe(true);
      await expect
        .poll(() => creator.page.getByRole('img', { name: 'Views and engagement' }).isVisible())
        .toBe(true);
      const viewers = creator.page.getByRole('region', { name: 'Profile viewers' });
      // seeded with 3 visits; the fan's visit just now makes 4
      await expect
        .poll(() => viewers.getByText(/^4 visits/).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await expect.poll(() => viewers.getByRole('link', { name: 'Sam' }).isVisible()).toBe(true);

      // the period picker and the keyboard-readable chart
      await creator.page.getByText('7 days', { exact: true }).click();
      await creator.page.waitForURL((url) => url.searchParams.get('period') === '7d');
      await creator.page.getByRole('button', { name: 'Show as table' }).first().click();
      await expect
        .poll(() => creator.page.getByRole('table', { name: 'Views and engagement' }).isVisible())
        .toBe(true);

      // insights: statistical sentences with their numbers
      const insights = creator.page.getByRole('region', { name: 'Insights' });
      await insights.getByRole('button', { name: 'Generate insights' }).click();
      await expect
        .poll(
          () =>
            insights
              .getByText(/^Best time to post:/)
              .first()
              .isVisible(),
          { timeout: 20_000 },
        )
        .toBe(true);
      await expect
        .poll(() =>
          insights
            .getByText(/Views (rose|fell|held)/)
            .first()
            .isVisible(),
        )
        .toBe(true);

      // the assistant answers from her analytics and a help article, citing both
      const assistant = creator.page.getByRole('region', { name: 'Assistant' });
      await assistant.getByLabel('Ask the assistant').fill('How many views did I get this week?');
      await assistant.getByRole('button', { name: 'Ask' }).click();
      await expect
        .poll(() => assistant.getByText(/In the last 7 days you had \d+ post views/).isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);
      await expect
        .poll(() =>
          assistant.getByRole('link', { name: 'Your analytics (last 7 days)' }).isVisible(),
        )
        .toBe(true);
      await Promise.all([creator.context.close(), fan.context.close()]);
    },
  );
});
