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

describe('creator kit', () => {
  it(
    'a creator keeps a note about a fan, saves a template and a tip rule; the fan tips and gets the automatic thanks; the template fills the chat',
    { timeout: 120_000 },
    async () => {
      const creator = await newPage(run.browser, run.server.url);
      await logIn(creator.page, 'creator@fanspace.test');

      // a message template
      await creator.page.goto('/settings/templates');
      await creator.page.getByRole('button', { name: 'New template' }).click();
      await creator.page.getByLabel('Name').fill('Quick hello');
      await creator.page
        .getByLabel('Text', { exact: true })
        .fill('Hi there, thanks for being here!');
      await creator.page.getByRole('button', { name: 'Save template' }).click();
      const templates = creator.page.getByRole('list', { name: 'Templates' });
      await expect
        .poll(() => templates.getByText('Quick hello', { exact: true }).isVisible(), {
          timeout: 10_000,
        })
        .toBe(true);

      // a tip rule of our own; the demo one is switched off
      await creator.page.goto('/settings/automation');
      await creator.page.getByRole('switch', { name: 'Thank tippers on' }).click();
      await creator.page.getByRole('button', { name: 'New rule' }).click();
      await creator.page.getByLabel('Rule name').fill('Tip thanks e2e');
      await creator.page.getByLabel('When').selectOption('tip_received');
      await creator.page.getByLabel('Send this message').fill('Big thanks {username}!');
      await creator.page.getByRole('button', { name: 'Save rule' }).click();
      const rules = creator.page.getByRole('list', { name: 'Automation rules' });
      await expect
        .poll(() => rules.getByText('Tip thanks e2e', { exact: true }).isVisible(), {
          timeout: 10_000,
        })
        .toBe(true);

      // a private note on the fan's profile
      await creator.page.goto('/u/alex.fan');
      await creator.page.getByLabel('New note').fill('Met at the e2e meetup');
      await creator.page.getByRole('button', { name: 'Add note' }).click();
      await expect
        .poll(
          () =>
            creator.page
              .getByRole('list', { name: 'Notes' })
              .getByText('Met at the e2e meetup')
              .isVisible(),
          { timeout: 10_000 },
        )
        .toBe(true);

      // the fan, on a phone, tips and is thanked automatically
      const fan = await newPage(run.browser, run.server.url, PHONE);
      await logIn(fan.page, 'fan2@fanspace.test');
      await fan.page.goto('/wallet');
      await fan.page.getByRole('button', { name: 'Add test funds' }).click();
      await expect
        .poll(() => fan.page.getByTestId('wallet-balance').innerText(), { timeout: 15_000 })
        .toBe('$10.00');
      await fan.page.goto('/u/maya.lens');
      await fan.page
        .getByRole('button', { name: /^Tip @/ })
        .first()
        .click();
      const tipDialog = fan.page.getByRole('dialog', { name: /^Tip / });
      await tipDialog.getByRole('radio', { name: '$5.00' }).check();
      await tipDialog.getByRole('button', { name: 'Pay $5.00' }).click();
      await fan.page.goto('/messages');
      await eventually(fan.page, () =>
        fan.page.getByRole('link', { name: /Maya/ }).first().isVisible(),
      );
      await fan.page.getByRole('link', { name: /Maya/ }).first().click();
      await eventually(fan.page, () =>
        fan.page.getByRole('list', { name: 'Messages' }).getByText('Big thanks Alex!').isVisible(),
      );
      await expect(fan.page.getByText('Thank you for the tip, Alex!').isVisible()).resolves.toBe(
        false,
      );

      // the creator answers with the template and sees the note from the chat menu
      await creator.page.goto('/u/alex.fan');
      await creator.page.getByRole('button', { name: 'Message @alex.fan' }).click();
      await creator.page.getByRole('button', { name: 'Use template' }).click();
      await creator.page.getByRole('menuitem', { name: 'Quick hello' }).click();
      const composer = creator.page.getByRole('textbox', { name: 'Message' });
      await expect.poll(() => composer.inputValue()).toBe('Hi there, thanks for being here!');
      await composer.press('Enter');
      await expect
        .poll(
          () =>
            creator.page
              .getByRole('list', { name: 'Messages' })
              .getByText('Hi there, thanks for being here!')
              .isVisible(),
          { timeout: 10_000 },
        )
        .toBe(true);
      await Promise.all([creator.context.close(), fan.context.close()]);
    },
  );
});
