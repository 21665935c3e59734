import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPage, PHONE } from '../support/browser.ts';
import { jpegFile, journey, logIn } from '../support/journey.ts';

const run = journey();
let photo: string;

beforeAll(async () => {
  photo = await jpegFile('beach.jpg', {
    width: 640,
    height: 480,
    background: '#1971c2',
    svg: '<svg width="640" height="480"><rect x="120" y="90" width="400" height="300" rx="40" fill="#ffd43b"/></svg>',
  });
});

const SHOTS = process.env.CHAT_SHOTS_DIR;

describe('chat journey', () => {
  it(
    'a creator sends a locked photo; the fan gets it live, unlocks it and sees the photo; the creator sees it read and paid',
    { timeout: 180_000 },
    async () => {
      // the fan tops up the wallet first (test funds, SPEC §9 default 10)
      const fan = await newPage(run.browser, run.server.url, PHONE);
      await logIn(fan.page, 'fan2@fanspace.test');
      await fan.page.goto('/wallet');
      await fan.page.getByRole('button', { name: 'Add test funds' }).click();
      await expect
        .poll(() => fan.page.getByTestId('wallet-balance').innerText(), { timeout: 15_000 })
        .toBe('$10.00');

      // the creator opens the chat from the fan's profile and says hello
      const creator = await newPage(run.browser, run.server.url);
      await logIn(creator.page, 'creator@fanspace.test');
      await creator.page.goto('/u/alex.fan');
      await creator.page.getByRole('button', { name: 'Message @alex.fan' }).click();
      await creator.page.waitForURL('**/messages/*');
      const chatPath = new URL(creator.page.url()).pathname;
      const composer = creator.page.getByRole('textbox', { name: 'Message' });
      await composer.fill('Hi Alex! Something special for you 💛');
      await composer.press('Enter');
      const creatorLog = creator.page.getByRole('list', { name: 'Messages' });
      await expect
        .poll(() => creatorLog.getByText('Hi Alex! Something special for you 💛').isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);
      // the optimistic message was replaced by the server's (Sent tick, no spinner)
      await expect
        .poll(() => creatorLog.getByLabel('Sent').first().isVisible(), { timeout: 15_000 })
        .toBe(true);

      // the fan opens the conversation from the list
      await fan.page.goto('/messages');
      const row = fan.page.getByRole('link', { name: /Maya/ }).first();
      await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
      if (SHOTS) await fan.page.screenshot({ path: path.join(SHOTS, 'phone-list.png') });
      await row.click();
      await fan.page.waitForURL(`**${chatPath}`);
      const fanLog = fan.page.getByRole('list', { name: 'Messages' });
      await expect
        .poll(() => fanLog.getByText('Hi Alex! Something special for you 💛').isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);

      // the fan types (the creator sees it) and answers live
      const fanComposer = fan.page.getByRole('textbox', { name: 'Message' });
      await fanComposer.pressSequentially('Hi Maya!', { delay: 30 });
      await expect
        .poll(() => creator.page.getByText('typing…').first().isVisible(), { timeout: 10_000 })
        .toBe(true);
      await fanComposer.press('Enter');
      await expect
        .poll(() => creatorLog.getByText('Hi Maya!').isVisible(), { timeout: 15_000 })
        .toBe(true);

      // the creator sends a locked photo
      await creator.page.getByRole('button', { name: 'Paid extras' }).click();
      await creator.page.getByRole('menuitem', { name: 'Locked message' }).click();
      const lockDialog = creator.page.getByRole('dialog', { name: 'Send a locked message' });
      await lockDialog.getByRole('textbox', { name: 'Price (USD)' }).fill('4.50');
      await lockDialog.getByLabel('Or add a photo or video from this device').setInputFiles(photo);
      await lockDialog
        .getByRole('textbox', { name: 'Teaser text (optional)' })
        .fill('Behind the scenes at the beach');
      if (SHOTS)
        await creator.page.screenshot({ path: path.join(SHOTS, 'laptop-locked-dialog.png') });
      await lockDialog.getByRole('button', { name: 'Send locked message' }).click();
      const sentLocked = creatorLog.getByRole('group', { name: 'Locked message you sent' });
      await expect.poll(() => sentLocked.isVisible(), { timeout: 30_000 }).toBe(true);
      await expect
        .poll(() => sentLocked.getByTestId('locked-paid-status').innerText(), { timeout: 15_000 })
        .toBe('Not paid yet');

      // the fan receives it live: a locked card with the price, no original in the page
      const locked = fanLog.getByRole('group', { name: 'Locked message' });
      await expect.poll(() => locked.isVisible(), { timeout: 20_000 }).toBe(true);
      await expect
        .poll(() => locked.getByText('Behind the scenes at the beach').isVisible())
        .toBe(true);
      const unlockButton = locked.getByRole('button', { name: 'Unlock for $4.50' });
      expect(await unlockButton.isVisible()).toBe(true);
      expect(await fan.page.content()).not.toMatch(/\/api\/media\/[^"']*\/content/);
      if (SHOTS) await fan.page.screenshot({ path: path.join(SHOTS, 'phone-conversation.png') });

      // the fan unlocks it and sees the photo
      await unlockButton.click();
      const payDialog = fan.page.getByRole('dialog', { name: 'Unlock this message' });
      await payDialog.getByRole('button', { name: 'Pay $4.50' }).click();
      const unlocked = fanLog.getByRole('group', { name: 'Unlocked message' });
      await expect.poll(() => unlocked.isVisible(), { timeout: 20_000 }).toBe(true);
      const image = unlocked.locator('img').first();
      await expect
        .poll(() => image.evaluate((el) => (el as HTMLImageElement).naturalWidth), {
          timeout: 15_000,
        })
        .toBeGreaterThan(0);

      // the creator sees it read and paid, without reloading
      await expect
        .poll(() => sentLocked.getByTestId('locked-paid-status').innerText(), { timeout: 20_000 })
        .toBe('Paid');
      await expect
        .poll(() => creatorLog.getByLabel('Read').first().isVisible(), { timeout: 20_000 })
        .toBe(true);
      if (SHOTS)
        await creator.page.screenshot({ path: path.join(SHOTS, 'laptop-conversation.png') });

      // the money moved exactly once: the fan's wallet is 10 - 4.50
      await fan.page.goto('/wallet');
      await expect
        .poll(() => fan.page.getByTestId('wallet-balance').innerText(), { timeout: 15_000 })
        .toBe('$5.50');

      await fan.context.close();
      await creator.context.close();
    },
  );
});
