import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { LAPTOP, newPage, PHONE } from '../support/browser.ts';
import { DEMO_PASSWORD, journey, logIn } from '../support/journey.ts';

const run = journey();
/** The demo admin's TOTP secret (README). */
const ADMIN_TOTP = 'FANSPACEDEMOADMINTOTPSECRETKEYAA';
const SHOTS = process.env.E2E_SCREENSHOTS;

describe('community pages journey', () => {
  it(
    'a fan suggests and votes; a visitor uses the contact form and files a copyright notice; the admin removes the content',
    { timeout: 180_000 },
    async () => {
      // a creator's public post, made through the API
      const creator = await newPage(run.browser, run.server.url);
      const login = await creator.page.request.post('/api/auth/login', {
        data: { email: 'creator@fanspace.test', password: DEMO_PASSWORD },
      });
      const { token } = (await login.json()) as { token: string };
      const created = await creator.page.request.post('/api/posts', {
        headers: { authorization: `Bearer ${token}` },
        data: { caption: 'A photo I did not take' },
      });
      expect(created.status()).toBe(201);
      const post = (await created.json()) as { id: string };
      await creator.context.close();

      // a fan posts a suggestion (their vote comes with it), takes the vote back and votes again
      const fan = await newPage(run.browser, run.server.url, PHONE);
      await logIn(fan.page, 'fan@fanspace.test');
      await fan.page.goto('/suggestions');
      const form = fan.page.getByRole('form', { name: 'New suggestion' });
      await form.getByLabel('Title').fill('Polls in posts');
      await form.getByRole('button', { name: 'Post suggestion' }).click();
      await expect
        .poll(() => fan.page.getByText('Thanks! Your suggestion was posted.').isVisible())
        .toBe(true);
      const unvote = fan.page.getByRole('button', { name: /Remove your vote for Polls in posts/ });
      await expect.poll(() => unvote.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await unvote.textContent()).toContain('1');
      await unvote.click();
      const vote = fan.page.getByRole('button', { name: /^Vote for Polls in posts/ });
      await expect.poll(() => vote.textContent()).toContain('0');
      await vote.click();
      await expect.poll(() => unvote.textContent()).toContain('1');
      if (SHOTS)
        await fan.page.screenshot({ path: `${SHOTS}/suggestions-phone.png`, fullPage: true });
      await fan.context.close();

      // a visitor writes to the team from the footer's Contact page
      const visitor = await newPage(run.browser, run.server.url, LAPTOP);
      await visitor.page.goto('/');
      await visitor.page.getByRole('link', { name: 'Contact' }).first().click();
      await visitor.page.waitForURL('**/contact');
      await visitor.page.getByLabel('Your name').fill('Jane Press');
      await visitor.page.getByLabel('Email').fill('jane@press.example');
      await visitor.page.getByLabel('Subject').fill('Partnership question from Jane');
      await visitor.page.getByLabel('Message').fill('Could we talk about Fanspace?');
      await visitor.page.getByRole('button', { name: 'Send message' }).click();
      await expect
        .poll(() =>
          visitor.page
            .getByRole('status')
            .getByText('Thanks for your message. We will reply by email.')
            .first()
            .isVisible(),
        )
        .toBe(true);

      // …and files a copyright notice naming the post's address
      await visitor.page.getByRole('link', { name: 'Report copyright' }).click();
      await visitor.page.waitForURL('**/dmca');
      const notice = visitor.page.getByRole('form', { name: 'Copyright notice' });
      await notice.getByLabel('Your full name').fill('Ada Photographer');
      await notice.getByLabel('Email').fill('ada@photos.example');
      await notice.getByLabel('The copyrighted work').fill('My photo series Dawn');
      await notice.getByLabel('Infringing links').fill(`${run.server.url}/p/${post.id}`);
      await notice
        .getByLabel('Statement')
        .fill('I have a good faith belief that this use is not authorised by me or the law.');
      await notice.getByLabel('Electronic signature').fill('Ada Photographer');
      await notice.getByRole('checkbox').check();
      if (SHOTS)
        await visitor.page.screenshot({ path: `${SHOTS}/dmca-laptop.png`, fullPage: true });
      await notice.getByRole('button', { name: 'Send notice' }).click();
      await expect
        .poll(() =>
          visitor.page
            .getByRole('status')
            .getByText('Your notice was received. We will review it and reply by email.')
            .first()
            .isVisible(),
        )
        .toBe(true);

      // the admin removes the content from the back office
      const admin = await newPage(run.browser, run.server.url);
      await admin.page.goto('/login');
      await admin.page.getByLabel('Email or username', { exact: true }).fill('admin@fanspace.test');
      await admin.page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await admin.page.getByRole('button', { name: 'Log in' }).click();
      const codeField = admin.page.getByLabel('Authentication code');
      await expect.poll(() => codeField.isVisible(), { timeout: 15_000 }).toBe(true);
      await codeField.fill(await generate({ secret: ADMIN_TOTP }));
      await admin.page.getByRole('button', { name: 'Verify and log in' }).click();
      await admin.page.waitForURL((url) => url.pathname !== '/login');
      await admin.page.goto('/admin/community');
      const remove = admin.page.getByRole('button', {
        name: 'Remove content of notice from Ada Photographer',
      });
      await expect.poll(() => remove.isVisible(), { timeout: 15_000 }).toBe(true);
      await remove.click();
      await expect
        .poll(() => admin.page.getByText('Notice updated').first().isVisible(), { timeout: 10_000 })
        .toBe(true);
      await expect
        .poll(() => admin.page.getByText('content removed').first().isVisible())
        .toBe(true);
      if (SHOTS)
        await admin.page.screenshot({ path: `${SHOTS}/admin-community.png`, fullPage: true });

      // the contact message is in the back office too
      await admin.page.getByRole('radio', { name: 'Contact' }).check({ force: true });
      await expect
        .poll(() => admin.page.getByText('Partnership question from Jane').isVisible(), {
          timeout: 10_000,
        })
        .toBe(true);

      // the post is gone for everyone
      const gone = await visitor.page.request.get(`/api/posts/${post.id}`);
      expect(gone.status()).toBe(404);
      await visitor.context.close();
      await admin.context.close();
    },
  );
});
