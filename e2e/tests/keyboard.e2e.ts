import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LAPTOP, newPage } from '../support/browser.ts';
import { DEMO_PASSWORD, journey } from '../support/journey.ts';

/**
 * Keyboard-only journeys (issue 11, accessibility): logging in, posting and sending a message
 * with Tab / Shift+Tab / Enter / Space / arrow keys and typing, never the mouse. Every element
 * the focus lands on on the way must show where the focus is (an outline or a ring).
 */
const run = journey();

interface FocusStop {
  name: string;
  visible: boolean;
}

/** What has the focus now, and whether the focus can be seen on it. */
function focusNow(page: Page): Promise<FocusStop | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const shows = (node: Element) => {
      const style = getComputedStyle(node);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== 'none';
    };
    // a radio may show its focus on the label around it, a tag input on the box around it
    // (Tailwind's focus-within: / has-[:focus-visible]: classes)
    let shownAround = false;
    for (let node = el.parentElement, i = 0; node && i < 3; node = node.parentElement, i += 1)
      if (/(focus-within|has-\[:focus-visible\]):(ring|outline|border)/.test(node.className))
        shownAround ||= shows(node) || getComputedStyle(node).borderColor !== '';
    const styled = /focus-visible:(bg|ring|underline)/.test(el.className);
    const visible = shows(el) || shownAround || styled;
    const name =
      el.getAttribute('aria-label') ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      (el.textContent ?? '').trim().slice(0, 40);
    return { name: `${el.tagName.toLowerCase()} "${name}"`, visible };
  });
}

const hasFocus = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement).catch(() => false);

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `max` times; collects the
 * stops where the focus could not be seen.
 */
async function tabTo(
  page: Page,
  target: Locator,
  invisible: string[],
  { max = 80, back = false } = {},
): Promise<void> {
  const stops: string[] = [];
  for (let i = 0; i < max; i += 1) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const stop = await focusNow(page);
    stops.push(stop?.name ?? '(page)');
    if (stop && !stop.visible) invisible.push(stop.name);
  }
  expect(
    await hasFocus(target),
    `focus never reached the target in ${max} presses: ${stops.join(' → ')}`,
  ).toBe(true);
}

async function keyboardLogIn(page: Page, email: string, invisible: string[]) {
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Email or username', { exact: true }), invisible);
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
}

describe('keyboard-only journeys', () => {
  it(
    'a creator writes a post, picks who sees it with the arrow keys and publishes it',
    { timeout: 120_000 },
    async () => {
      const { page } = await newPage(run.browser, run.server.url, LAPTOP);
      const invisible: string[] = [];
      await keyboardLogIn(page, 'creator@fanspace.test', invisible);

      // the sidebar's Create link
      const create = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
        name: 'Create',
      });
      await expect.poll(() => create.isVisible(), { timeout: 20_000 }).toBe(true);
      await tabTo(page, create, invisible);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/create');

      const caption = page.getByRole('textbox', { name: 'Caption' });
      await expect.poll(() => caption.isVisible(), { timeout: 20_000 }).toBe(true);
      await tabTo(page, caption, invisible);
      await page.keyboard.type('Typed without a mouse #keyboard');

      // Tab enters the radio group on the checked option; arrows move the choice
      const group = page.getByRole('group', { name: 'Who can see this post' });
      const everyone = group.getByRole('radio', { name: 'Everyone' });
      await tabTo(page, everyone, invisible);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      const subscribers = group.getByRole('radio', { name: 'Subscribers', exact: true });
      expect(await subscribers.isChecked()).toBe(true);
      expect(await hasFocus(subscribers)).toBe(true);

      // Shift+Tab goes back up the form (no trap), Tab comes down again to Publish
      await tabTo(page, caption, invisible, { back: true });
      const publish = page.getByRole('button', { name: 'Publish' });
      await tabTo(page, publish, invisible);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/p/*', { timeout: 30_000 });

      const postId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
      const saved = await page.evaluate(async (id) => {
        const res = await fetch(`/api/posts/${id}`, { credentials: 'include' });
        return (await res.json()) as { caption: string; accessDetails: { accessLevel: string } };
      }, postId);
      expect(saved.caption).toBe('Typed without a mouse #keyboard');
      expect(saved.accessDetails.accessLevel).toBe('subscribers');
      expect(invisible, `focus not visible on: ${invisible.join(', ')}`).toEqual([]);
    },
  );

  it(
    'a fan opens messages, picks the conversation and sends a message',
    { timeout: 120_000 },
    async () => {
      const { page } = await newPage(run.browser, run.server.url, LAPTOP);
      const invisible: string[] = [];
      await keyboardLogIn(page, 'fan@fanspace.test', invisible);

      // a fan's first login opens "Creators you might like" after a second (spec §2): the
      // focus moves into it, Tab stays inside (a modal), Enter on Done closes it
      const suggestions = page.getByRole('dialog', { name: 'Creators you might like' });
      await expect.poll(() => suggestions.isVisible(), { timeout: 20_000 }).toBe(true);
      await expect
        .poll(() => suggestions.evaluate((el) => el.contains(document.activeElement)))
        .toBe(true);
      await tabTo(page, suggestions.getByRole('button', { name: 'Done' }), invisible, { max: 30 });
      await page.keyboard.press('Enter');
      await expect.poll(() => suggestions.isVisible()).toBe(false);

      const messages = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
        name: /^Messages/,
      });
      await expect.poll(() => messages.isVisible(), { timeout: 20_000 }).toBe(true);
      await tabTo(page, messages, invisible);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/messages');

      const conversation = page.getByRole('link', { name: /Maya/ }).first();
      await expect.poll(() => conversation.isVisible(), { timeout: 20_000 }).toBe(true);
      await tabTo(page, conversation, invisible);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/messages/*');

      const log = page.getByRole('list', { name: 'Messages' });
      await expect
        .poll(() => log.getByText('Hi Maya! That golden hour set').isVisible(), {
          timeout: 20_000,
        })
        .toBe(true);
      const composer = page.getByRole('textbox', { name: 'Message' });
      await tabTo(page, composer, invisible);
      await page.keyboard.type('Sent with the keyboard only');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => log.getByText('Sent with the keyboard only').isVisible(), { timeout: 20_000 })
        .toBe(true);
      await expect
        .poll(() => log.getByLabel('Sent').last().isVisible(), { timeout: 20_000 })
        .toBe(true);
      // the composer is emptied and keeps the focus for the next message
      expect(await composer.inputValue()).toBe('');
      expect(await hasFocus(composer)).toBe(true);
      // and the focus can leave it both ways (no keyboard trap)
      await page.keyboard.press('Tab');
      expect(await hasFocus(composer)).toBe(false);
      await tabTo(page, composer, invisible, { back: true, max: 20 });
      expect(invisible, `focus not visible on: ${invisible.join(', ')}`).toEqual([]);
    },
  );
});
