import type { APIRequestContext } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { newPage, PHONE } from '../support/browser.ts';
import { DEMO_PASSWORD, journey, logIn } from '../support/journey.ts';

const run = journey();

async function bearerFor(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/login', {
    data: { email, password: DEMO_PASSWORD },
  });
  const { token } = (await res.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

const pendingOf = async (request: APIRequestContext, headers: Record<string, string>) => {
  const res = await request.get('/api/earnings/overview', { headers });
  const body = (await res.json()) as { steps: { pending: { amountCents: number } } };
  return body.steps.pending.amountCents;
};

describe('money journey', () => {
  it(
    'a fan adds test funds, unlocks a post and sees the original, tips; the creator sees the net pending',
    { timeout: 120_000 },
    async () => {
      const creator = await newPage(run.browser, run.server.url);
      const auth = await bearerFor(creator.page.request, 'creator@fanspace.test');
      const photo = await sharp({
        create: { width: 640, height: 480, channels: 3, background: '#1c7ed6' },
      })
        .jpeg()
        .toBuffer();
      const created = await creator.page.request.post('/api/posts', {
        headers: auth,
        multipart: {
          caption: 'Blue hour, full resolution',
          accessDetails: JSON.stringify({ accessLevel: 'paid', price: 5 }),
          image: { name: 'blue.jpg', mimeType: 'image/jpeg', buffer: photo },
        },
      });
      expect(created.status()).toBe(201);
      const post = (await created.json()) as { id: string };
      const pendingBefore = await pendingOf(creator.page.request, auth);

      const fan = await newPage(run.browser, run.server.url, PHONE);
      await logIn(fan.page, 'fan2@fanspace.test');
      await fan.page.goto('/wallet');
      const balance = fan.page.getByTestId('wallet-balance');
      await expect.poll(() => balance.innerText(), { timeout: 15_000 }).toBe('$0.00');
      await fan.page.getByRole('button', { name: 'Add test funds' }).click();
      await expect.poll(() => balance.innerText(), { timeout: 10_000 }).toBe('$10.00');

      await fan.page.goto(`/p/${post.id}`);
      await fan.page.getByRole('button', { name: 'Unlock for $5.00' }).click();
      const dialog = fan.page.getByRole('dialog', { name: 'Unlock this post' });
      await dialog.getByRole('button', { name: 'Pay $5.00' }).click();
      // the original now loads through the authorising route
      const original = fan.page.locator('img[src*="/api/media/"][src*="/content"]').first();
      await expect.poll(() => original.isVisible(), { timeout: 15_000 }).toBe(true);
      await expect
        .poll(() => original.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      // and tips the creator 5.00 from the post
      await fan.page
        .getByRole('button', { name: /^Tip @/ })
        .first()
        .click();
      const tipDialog = fan.page.getByRole('dialog', { name: /^Tip / });
      await tipDialog.getByRole('radio', { name: '$5.00' }).check();
      await tipDialog.getByRole('button', { name: 'Pay $5.00' }).click();
      await expect
        .poll(() => fan.page.getByText(/^Tip of \$5\.00 sent to @/).isVisible(), {
          timeout: 10_000,
        })
        .toBe(true);
      await fan.page.goto('/wallet');
      await expect.poll(() => balance.innerText(), { timeout: 10_000 }).toBe('$0.00');
      await fan.context.close();

      // (5.00 unlock + 5.00 tip) − 20% fee = 8.00 net, held for 7 days
      await logIn(creator.page, 'creator@fanspace.test');
      await creator.page.goto('/earnings');
      const balances = creator.page.getByRole('definition').filter({ hasText: '$' });
      await expect.poll(() => balances.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const expected = (pendingBefore + 800) / 100;
      const pendingRow = creator.page
        .getByLabel('Balances')
        .locator('div', { hasText: 'Pending (7-day hold)' })
        .first();
      await expect
        .poll(() => pendingRow.innerText())
        .toContain(`$${expected.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
      expect(await pendingOf(creator.page.request, auth)).toBe(pendingBefore + 800);
      await creator.context.close();
    },
  );
});
