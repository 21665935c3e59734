import { describe, expect, it } from 'vitest';
import { newPage, PHONE } from '../support/browser.ts';
import { DEMO_PASSWORD, journey, logIn, logInAsAdmin } from '../support/journey.ts';

const run = journey();

describe('admin journey', () => {
  it(
    'a post with a flagged term is auto-flagged; a fan reports it; the admin sorts users and resolves the report by deleting it; the creator is notified',
    { timeout: 150_000 },
    async () => {
      // the creator's post, made through the API
      const creator = await newPage(run.browser, run.server.url);
      const login = await creator.page.request.post('/api/auth/login', {
        data: { email: 'creator@fanspace.test', password: DEMO_PASSWORD },
      });
      const { token } = (await login.json()) as { token: string };
      const created = await creator.page.request.post('/api/posts', {
        headers: { authorization: `Bearer ${token}` },
        data: { caption: 'Buy followers cheap at totally-legit.example' },
      });
      expect(created.status()).toBe(201);
      const post = (await created.json()) as { id: string };

      // a fan reports it from the post's menu
      const fan = await newPage(run.browser, run.server.url, PHONE);
      await logIn(fan.page, 'fan@fanspace.test');
      await fan.page.goto(`/p/${post.id}`);
      await fan.page.getByRole('button', { name: 'Post options' }).click();
      await fan.page.getByRole('menuitem', { name: 'Report post' }).click();
      const report = fan.page.getByRole('dialog', { name: 'Report this post' });
      await report.getByLabel('What is wrong?').selectOption('Spam or scam');
      await report.getByRole('button', { name: 'Send report' }).click();
      await expect
        .poll(() =>
          fan.page.getByText('Thanks. Our moderators will review your report.').isVisible(),
        )
        .toBe(true);
      await fan.context.close();

      // the admin signs in with the second factor and resolves it
      const admin = await newPage(run.browser, run.server.url);
      await logInAsAdmin(admin.page);

      // the users table sorts on the server by a column header, both ways
      await admin.page.goto('/admin/users');
      const users = admin.page.getByRole('table', { name: 'Users' });
      const firstUser = users.getByRole('row').nth(1);
      await expect.poll(() => firstUser.isVisible(), { timeout: 15_000 }).toBe(true);
      await users.getByRole('button', { name: 'User', exact: true }).click();
      await expect
        .poll(() => users.getByRole('columnheader', { name: 'User' }).getAttribute('aria-sort'))
        .toBe('ascending');
      await expect.poll(() => firstUser.textContent()).toContain('@admin');
      await users.getByRole('button', { name: 'User', exact: true }).click();
      await expect.poll(() => firstUser.textContent()).toContain('@sam_fan');

      // the demo's flagged terms caught the post: an automatic flag waits in the queue
      await admin.page.goto('/admin/reports');
      await admin.page.getByLabel('Source').selectOption('auto');
      const flag = admin.page
        .getByRole('row')
        .filter({ hasText: 'Automatic flag: “buy followers”' });
      await expect.poll(() => flag.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await flag.getByText('Automatic flag', { exact: true }).isVisible()).toBe(true);
      await admin.page.getByLabel('Source').selectOption('');
      const resolve = admin.page
        .getByRole('button', { name: /^Resolve report about post/ })
        .first();
      await expect.poll(() => resolve.isVisible(), { timeout: 15_000 }).toBe(true);
      await resolve.click();
      const dialog = admin.page.getByRole('dialog', { name: 'Resolve report' });
      await dialog.getByLabel('Action').selectOption('delete_content');
      await dialog.getByLabel('Notes (optional)').fill('Spam link');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect
        .poll(() => admin.page.getByText('Report resolved successfully').isVisible(), {
          timeout: 10_000,
        })
        .toBe(true);
      await admin.context.close();

      // the post is gone and the creator is told why
      const gone = await creator.page.request.get(`/api/posts/${post.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(gone.status()).toBe(404);
      await logIn(creator.page, 'creator@fanspace.test');
      await creator.page.goto('/notifications');
      await expect
        .poll(
          () =>
            creator.page
              .getByText(/removed by the Fanspace team/)
              .first()
              .isVisible(),
          {
            timeout: 15_000,
          },
        )
        .toBe(true);
      await creator.context.close();
    },
  );
});
