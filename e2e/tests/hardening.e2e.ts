import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LAPTOP, newPage } from '../support/browser.ts';
import { DEMO_PASSWORD, journey, logIn, logInAsAdmin } from '../support/journey.ts';

const run = journey();

/** Each payload would open a dialog and set window.__xss if the app ever rendered it as HTML. */
const PAYLOADS = [
  '<img src=x onerror="window.__xss=1;alert(1)">',
  '<script>window.__xss=1;alert(1)</script>',
  '<svg onload="window.__xss=1;alert(1)"></svg>',
  '"><iframe src="javascript:alert(1)"></iframe>',
];
const XSS = PAYLOADS.join(' ');

async function api(
  path: string,
  method: string,
  body: unknown,
  token?: string,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${run.server.url}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  expect(res.status, `${method} ${path}: ${JSON.stringify(json)}`).toBeLessThan(300);
  return json;
}

async function tokenOf(email: string): Promise<string> {
  return (await api('/auth/login', 'POST', { email, password: DEMO_PASSWORD })).token as string;
}

/** Runs axe on the page and returns the serious and critical violations, summarised. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function settle(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

describe('hardening journey', () => {
  it(
    'XSS payloads in bio, display name, caption, comment and chat message run nowhere; main screens pass axe',
    { timeout: 240_000 },
    async () => {
      const creatorToken = await tokenOf('creator@fanspace.test');
      const fanToken = await tokenOf('fan@fanspace.test');
      await api(
        '/users/me',
        'PUT',
        { displayName: `Maya ${PAYLOADS[0]}`.slice(0, 50), bio: XSS },
        creatorToken,
      );
      const post = await api('/posts', 'POST', { caption: `Hello ${XSS}` }, creatorToken);
      const postId = (post.id ?? (post.post as { id: string }).id) as string;
      await api(`/posts/${postId}/comments`, 'POST', { text: `Nice ${XSS}` }, fanToken);
      const me = (await (
        await fetch(`${run.server.url}/api/users/me`, {
          headers: { authorization: `Bearer ${creatorToken}` },
        })
      ).json()) as { id: string; username: string };
      const chat = (await api('/chats', 'POST', { recipientId: me.id }, fanToken)).chat as {
        id: string;
      };
      await api(`/chats/${chat.id}/messages`, 'POST', { text: `Hi ${XSS}` }, fanToken);

      const { page } = await newPage(run.browser, run.server.url, LAPTOP);
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await logIn(page, 'fan@fanspace.test');
      const screens = {
        home: '/',
        profile: `/u/${me.username}`,
        post: `/p/${postId}`,
        chat: `/messages/${chat.id}`,
        wallet: '/wallet',
        settings: '/settings',
      };
      const violations: string[] = [];
      for (const [name, path] of Object.entries(screens)) {
        await settle(page, path);
        if (name === 'post')
          await expect
            .poll(() => page.getByText('Nice').first().isVisible(), { timeout: 15_000 })
            .toBe(true);
        if (name === 'chat')
          await expect
            .poll(() => page.getByText(/^Hi /).first().isVisible(), { timeout: 15_000 })
            .toBe(true);
        expect(
          await page.evaluate(() => (window as { __xss?: number }).__xss),
          name,
        ).toBeUndefined();
        violations.push(...(await seriousViolations(page)).map((v) => `${name}: ${v}`));
      }
      // the payloads are shown as text, exactly as typed
      await settle(page, `/p/${postId}`);
      // the post's data may still be in flight when the network first goes quiet
      await expect
        .poll(() => page.getByText(PAYLOADS[1]!, { exact: false }).count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      expect(dialogs).toEqual([]);

      // the admin dashboard, reached with the second factor
      const admin = await newPage(run.browser, run.server.url, LAPTOP);
      admin.page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await logInAsAdmin(admin.page);
      for (const path of ['/admin', '/admin/users', '/admin/reports']) {
        await settle(admin.page, path);
        violations.push(...(await seriousViolations(admin.page)).map((v) => `${path}: ${v}`));
      }
      expect(dialogs).toEqual([]);
      expect(violations, violations.join('\n')).toEqual([]);
    },
  );

  it('logs in with the keyboard only', { timeout: 60_000 }, async () => {
    const { page } = await newPage(run.browser, run.server.url, LAPTOP);
    await page.goto('/login');
    const email = page.getByLabel('Email or username', { exact: true });
    // Tab from the top of the page until the email field has focus
    for (
      let i = 0;
      i < 30 && !(await email.evaluate((el) => el === document.activeElement));
      i += 1
    )
      await page.keyboard.press('Tab');
    expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('fan2@fanspace.test');
    await page.keyboard.press('Tab');
    expect(
      await page
        .getByLabel('Password', { exact: true })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
    expect(new URL(page.url()).pathname).not.toBe('/login');
  });
});
