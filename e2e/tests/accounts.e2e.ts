import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.ts';
import { waitForMail } from '../support/mail.ts';
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

const username = `journey_${Date.now().toString(36)}`;
const email = `${username}@example.test`;
const password = 'a-long-journey-password';

async function logIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email or username', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL('**/login');
}

/** A TOTP code from a 30-second window the server has not seen used yet. */
async function freshCode(secret: string, after: number) {
  const step = () => Math.floor(Date.now() / 30_000);
  while (step() <= after) await new Promise((r) => setTimeout(r, 500));
  return { code: await generate({ secret }), step: step() };
}

describe('accounts journey', () => {
  it(
    'signs up, verifies by mail, enables 2FA, logs in with TOTP and revokes another session',
    { timeout: 180_000 },
    async () => {
      const { context, page } = await newPage(browser, server.url);

      // sign up and read the code from the mail outbox
      await page.goto('/signup');
      await page.getByLabel('Username', { exact: true }).fill(username);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL('**/verify-email**');
      const [, code] = await waitForMail(server.dataDir, email, /\b(\d{6})\b/);
      await page.getByLabel('Verification code').fill(code!);
      await page.getByRole('button', { name: 'Verify email' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/verify-email'));

      // a second device logs in through the API: its session is revoked at the end
      const other = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'OtherDevice/1.0' },
        body: JSON.stringify({ email, password }),
      });
      expect(other.status).toBe(200);
      const otherToken = ((await other.json()) as { token: string }).token;
      const me = () =>
        fetch(`${server.url}/api/users/me`, { headers: { authorization: `Bearer ${otherToken}` } });
      expect((await me()).status).toBe(200);

      // log out, log in again
      await page.goto('/feed');
      await logOut(page);
      await logIn(page);
      await page.waitForURL((url) => url.pathname !== '/login');

      // enable 2FA with a code computed from the shown setup key
      await page.goto('/settings/security');
      await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
      await expect
        .poll(() => page.getByAltText('QR code for your authenticator app').isVisible())
        .toBe(true);
      const secret = (await page.getByLabel('Setup key').innerText()).replace(/\s+/g, '');
      const enableCode = await freshCode(secret, 0);
      await page.getByLabel('6-digit code from your app').fill(enableCode.code);
      await page.getByRole('button', { name: 'Enable two-factor' }).click();
      await expect
        .poll(() => page.getByRole('region', { name: 'Backup codes' }).isVisible())
        .toBe(true);
      await page.getByRole('checkbox', { name: 'I have saved my backup codes' }).check();
      await page.getByRole('button', { name: 'Done' }).click();

      // log out; logging in now asks for the second factor
      await logOut(page);
      await logIn(page);
      const codeField = page.getByLabel('Authentication code');
      await expect.poll(() => codeField.isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Verify and log in' }).click();
      await expect.poll(() => page.getByText('Please enter your 2FA code.').isVisible()).toBe(true);
      const loginCode = await freshCode(secret, enableCode.step);
      await codeField.fill(loginCode.code);
      await page.getByRole('button', { name: 'Verify and log in' }).click();
      await page.waitForURL((url) => url.pathname !== '/login');

      // revoke the other device's session from the sessions list
      await page.goto('/settings/security');
      const revoke = page.getByRole('button', { name: /^Revoke session on .*OtherDevice/ });
      await expect.poll(() => revoke.isVisible()).toBe(true);
      await revoke.click();
      const confirm = page.getByRole('dialog').getByRole('button', { name: /revoke|sign out/i });
      if (await confirm.isVisible().catch(() => false)) await confirm.click();
      await expect.poll(async () => (await me()).status, { timeout: 10_000 }).toBe(401);
      await context.close();
    },
  );
});
