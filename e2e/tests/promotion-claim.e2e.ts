import { describe, expect, it } from 'vitest';
import { LAPTOP, newPage, PHONE } from '../support/browser.ts';
import { journey, logIn } from '../support/journey.ts';
import { waitForMail } from '../support/mail.ts';

const run = journey();

const username = `trial_${Date.now().toString(36)}`;
const email = `${username}@example.test`;
const password = 'a-long-trial-password';

describe('promotion claim journey', () => {
  it(
    "a visitor opens a creator's free-trial link, signs up through it and comes back subscribed",
    { timeout: 180_000 },
    async () => {
      // the creator makes a 10-day free trial and takes its link
      const creator = await newPage(run.browser, run.server.url, LAPTOP);
      await logIn(creator.page, 'creator@fanspace.test');
      await creator.page.goto('/creator-tools');
      const form = creator.page.getByRole('form', { name: 'New promotion' });
      await form.getByLabel('Trial days (1–90)').fill('10');
      await form.getByRole('button', { name: 'Create promotion' }).click();
      const mine = creator.page.getByRole('list', { name: 'Your promotions' });
      const item = mine.getByRole('listitem').filter({ hasText: '10 days free' });
      await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(1);
      const link = (await item.innerText()).match(/\/promotions\/claim\/[A-Za-z0-9_-]+/)?.[0];
      expect(link).toBeDefined();

      // a logged-out visitor opens it and sees the offer
      const visitor = await newPage(run.browser, run.server.url, PHONE);
      const page = visitor.page;
      await page.goto(link!);
      await expect
        .poll(() => page.getByRole('heading', { name: '10 days free' }).isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);
      const offer = await page.getByRole('main').innerText();
      expect(offer).toContain('Maya Lens');
      expect(offer).toContain('free for 10 days, then $9.99 every 30 days');
      await page.screenshot({ path: '/tmp/promotion-claim-offer.png', fullPage: true });

      // signs up through the link (?next= brings them back), verifying the address by mail
      await page.getByRole('link', { name: 'Sign up to claim' }).click();
      await page.waitForURL((url) => url.pathname === '/signup');
      expect(new URL(page.url()).searchParams.get('next')).toBe(`${link}?claim=1`);
      await page.getByLabel('Username', { exact: true }).fill(username);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL('**/verify-email**');
      const [, code] = await waitForMail(run.server.dataDir, email, /\b(\d{6})\b/);
      await page.getByLabel('Verification code').fill(code!);
      await page.getByRole('button', { name: 'Verify email' }).click();

      // back on the link, the free trial is claimed at once and the profile says Subscribed
      await page.waitForURL((url) => url.pathname === '/u/maya.lens', { timeout: 30_000 });
      await expect
        .poll(() => page.getByRole('link', { name: 'Subscribed' }).first().isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);
      await page.screenshot({ path: '/tmp/promotion-claim-subscribed.png', fullPage: true });

      // the server agrees: an active subscription, nothing charged, and the claim is counted
      const login = await fetch(`${run.server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const api = (path: string) =>
        fetch(`${run.server.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
      const subs = (await (await api('/users/me/subscriptions')).json()) as {
        subscriptions: Array<{
          status: string;
          currentPeriodEnd: string;
          creator?: { username: string };
        }>;
      };
      expect(subs.subscriptions).toHaveLength(1);
      const [sub] = subs.subscriptions;
      expect(sub).toMatchObject({ status: 'active', creator: { username: 'maya.lens' } });
      // the trial's period: 10 days from the claim
      const days = (Date.parse(sub!.currentPeriodEnd) - Date.now()) / 86_400_000;
      expect(Math.round(days)).toBe(10);
      const wallet = (await (await api('/wallet/balance')).json()) as { balanceCents: number };
      expect(wallet.balanceCents).toBe(0);
      await creator.page.reload();
      await expect.poll(() => item.innerText(), { timeout: 15_000 }).toMatch(/used 1\b/);

      await visitor.context.close();
      await creator.context.close();
    },
  );
});
