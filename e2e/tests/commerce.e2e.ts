import { describe, expect, it } from 'vitest';
import { LAPTOP, newPage, PHONE } from '../support/browser.ts';
import { journey, logIn } from '../support/journey.ts';

const run = journey();

describe('commerce journey', () => {
  it(
    'a creator adds a wishlist goal, a question and a promo code; a fan funds the goal and subscribes with the code',
    { timeout: 150_000 },
    async () => {
      const creator = await newPage(run.browser, run.server.url, LAPTOP);
      await logIn(creator.page, 'creator@fanspace.test');
      await creator.page.goto('/creator-tools');
      // the page has loaded (the demo's items are listed) before the form is filled: once, in a
      // whole e2e run on the 2 cores, the item typed right after the navigation never arrived
      const myItems = creator.page.getByRole('list', { name: 'Your wishlist items' });
      await expect
        .poll(() => myItems.innerText(), { timeout: 15_000 })
        .toContain('New camera lens');
      const wishlist = creator.page.getByRole('form', { name: 'Add wishlist item' });
      await wishlist.getByLabel('Title').fill('Travel tripod');
      await wishlist.getByLabel('Goal (USD)').fill('20');
      await wishlist.getByLabel('Description').fill('For outdoor shoots');
      await wishlist.getByRole('button', { name: 'Add item' }).click();
      await expect.poll(() => myItems.innerText(), { timeout: 15_000 }).toContain('Travel tripod');

      const qanda = creator.page.getByRole('form', { name: 'Add a question' });
      await qanda.getByLabel('Question').fill('Do you ship prints?');
      await qanda.getByLabel('Answer').fill('Yes, worldwide.');
      await qanda.getByRole('button', { name: 'Add question' }).click();
      await expect
        .poll(() => creator.page.getByRole('list', { name: 'Your questions' }).innerText())
        .toContain('Do you ship prints?');

      const codes = creator.page.getByRole('form', { name: 'New promo code' });
      await codes.getByLabel('Code').fill('JOURNEY50');
      await codes.getByLabel('Percent off (1–100)').fill('50');
      await codes.getByRole('button', { name: 'Create code' }).click();
      await expect
        .poll(() => creator.page.getByRole('list', { name: 'Your promo codes' }).innerText())
        .toContain('JOURNEY50');
      await creator.page.screenshot({ path: '/tmp/commerce-creator-tools.png', fullPage: true });

      // the fan funds the goal from the profile's wishlist tab
      const fan = await newPage(run.browser, run.server.url, PHONE);
      await logIn(fan.page, 'fan2@fanspace.test');
      await fan.page.goto('/wallet');
      await fan.page.getByRole('button', { name: 'Add test funds' }).click();
      const balance = fan.page.getByTestId('wallet-balance');
      await expect.poll(() => balance.innerText(), { timeout: 15_000 }).toBe('$10.00');
      await fan.page.getByRole('button', { name: 'Add test funds' }).click();
      await expect.poll(() => balance.innerText(), { timeout: 10_000 }).toBe('$20.00');

      await fan.page.goto('/u/maya.lens');
      await fan.page.getByRole('tab', { name: 'Wishlist' }).click();
      const card = fan.page.getByRole('listitem').filter({ hasText: 'Travel tripod' });
      await card.getByRole('button', { name: 'Fund this' }).click();
      const tip = fan.page.getByRole('dialog', { name: /^Tip / });
      await tip.getByRole('radio', { name: '$5.00' }).check();
      await tip.getByRole('button', { name: 'Pay $5.00' }).click();
      await expect.poll(() => card.innerText(), { timeout: 15_000 }).toContain('$5.00 of $20.00');
      await fan.page.screenshot({ path: '/tmp/commerce-profile-wishlist.png', fullPage: true });

      await fan.page.getByRole('tab', { name: 'Q&A' }).click();
      await expect
        .poll(() => fan.page.getByRole('tabpanel').innerText(), { timeout: 10_000 })
        .toContain('Yes, worldwide.');

      // subscribe with the promo code: 9.99 − 5.00 (50%, the discount rounded up) = 4.99
      await fan.page.getByRole('button', { name: /^Subscribe · / }).click();
      const checkout = fan.page.getByRole('dialog', { name: /^Subscribe to / });
      await checkout.getByLabel('Promo code').fill('journey50');
      await checkout.getByRole('button', { name: 'Apply' }).click();
      await expect
        .poll(() => checkout.getByRole('status').first().innerText(), { timeout: 10_000 })
        .toContain('JOURNEY50 applied');
      await checkout.getByRole('button', { name: 'Pay $4.99' }).click();
      await expect
        .poll(() => fan.page.getByRole('link', { name: 'Subscribed' }).isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);
      await fan.page.goto('/wallet');
      // 20.00 − 5.00 wishlist tip − 4.99 discounted subscription
      await expect.poll(() => balance.innerText(), { timeout: 10_000 }).toBe('$10.01');
      await fan.context.close();
      await creator.context.close();
    },
  );
});
