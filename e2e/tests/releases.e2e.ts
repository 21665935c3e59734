import { beforeAll, describe, expect, it } from 'vitest';
import { newPage, PHONE } from '../support/browser.ts';
import { jpegFile, journey, logIn } from '../support/journey.ts';

const run = journey();
let idPhoto: string;

beforeAll(async () => {
  idPhoto = await jpegFile('id.jpg', { width: 600, height: 400, background: '#e9ecef' });
});

describe('model release journey', () => {
  it(
    'a creator sends a consent link; the co-performer signs it in another browser; the post can name it',
    { timeout: 120_000 },
    async () => {
      const creator = await newPage(run.browser, run.server.url);
      await logIn(creator.page, 'creator@fanspace.test');
      await creator.page.goto('/releases');
      await creator.page.getByRole('button', { name: 'Invite by link' }).click();
      await creator.page.getByLabel("Co-performer's full legal name").fill('Sam Guest');
      await creator.page.getByRole('button', { name: 'Create consent link' }).click();
      const link = await creator.page.getByLabel('Consent link').inputValue();
      expect(link).toMatch(/\/releases\/consent\/[A-Za-z0-9_-]{40,}$/);

      // the co-performer has no account: a fresh browser context on a phone
      const model = await newPage(run.browser, run.server.url, PHONE);
      await model.page.goto(new URL(link).pathname);
      await expect
        .poll(() => model.page.getByRole('heading', { name: /Model release for/ }).isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);
      await model.page.getByLabel('Date of birth').fill('1994-03-02');
      await model.page.getByLabel('ID type').selectOption('passport');
      await model.page.getByLabel('ID number').fill('P-998877');
      await model.page.getByLabel('Photo of the front of the ID').setInputFiles(idPhoto);
      await model.page.getByLabel('Photo of the model holding the ID').setInputFiles(idPhoto);
      // draw a signature on the pad
      const pad = model.page.getByRole('img', { name: /Model's signature/ });
      await pad.scrollIntoViewIfNeeded();
      const box = (await pad.boundingBox())!;
      await model.page.mouse.move(box.x + 20, box.y + box.height / 2);
      await model.page.mouse.down();
      for (let i = 1; i <= 10; i += 1)
        await model.page.mouse.move(box.x + 20 + i * 20, box.y + box.height / 2 + (i % 2) * 15);
      await model.page.mouse.up();
      await model.page.getByRole('button', { name: 'Sign the release' }).click();
      await expect
        .poll(() => model.page.getByText('Thank you, Sam Guest').isVisible(), { timeout: 15_000 })
        .toBe(true);
      await model.context.close();

      await creator.page.reload();
      await expect
        .poll(() => creator.page.getByText('Signed', { exact: true }).first().isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);
      await expect.poll(() => creator.page.getByText('passport ••••8877').isVisible()).toBe(true);

      await creator.page.goto('/create');
      const pick = creator.page.getByRole('checkbox', { name: 'Sam Guest' });
      await expect.poll(() => pick.isEnabled(), { timeout: 15_000 }).toBe(true);
      await creator.context.close();
    },
  );
});
