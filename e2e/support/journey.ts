import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

/** Password of every demo account (README). */
export const DEMO_PASSWORD = 'fanspace-demo';

/**
 * A journey's server (fresh data dir, demo seed) and browser, started before its tests and
 * stopped after. Read the fields inside tests, once `beforeAll` has run.
 */
export function journey(env: Record<string, string> = {}) {
  const ctx = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    [ctx.server, ctx.browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.server?.stop();
  });
  return ctx;
}

/** Logs in through the login page as a demo account. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email or username', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** The demo admin's TOTP secret (README). */
export const ADMIN_TOTP = 'FANSPACEDEMOADMINTOTPSECRETKEYAA';

/** Logs in through the login page as the demo admin, with the second factor. */
export async function logInAsAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email or username', { exact: true }).fill('admin@fanspace.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  const codeField = page.getByLabel('Authentication code');
  await expect.poll(() => codeField.isVisible(), { timeout: 15_000 }).toBe(true);
  await codeField.fill(await generate({ secret: ADMIN_TOTP }));
  await page.getByRole('button', { name: 'Verify and log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** A JPEG file in a temp dir: a solid colour, optionally with an SVG drawn over it. */
export async function jpegFile(
  name: string,
  options: { width: number; height: number; background: string; svg?: string },
): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fanspace-e2e-img-')), name);
  await sharp({
    create: {
      width: options.width,
      height: options.height,
      channels: 3,
      background: options.background,
    },
  })
    .composite(options.svg ? [{ input: Buffer.from(options.svg) }] : [])
    .jpeg()
    .toFile(file);
  return file;
}
