import fs from 'node:fs';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { newPage } from '../support/browser.ts';
import { journey, logIn } from '../support/journey.ts';

const run = journey();

/** Entry names of a zip file. */
async function entriesOf(file: string): Promise<string[]> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true });
  const names: string[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      names.push(entry.fileName);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  zip.close();
  return names;
}

describe('data tools journey', () => {
  it(
    'a creator sees storage usage, exports everything, downloads the zip and syncs',
    { timeout: 90_000 },
    async () => {
      const { page, context } = await newPage(run.browser, run.server.url);
      await logIn(page, 'creator@fanspace.test');
      await page.goto('/settings/data');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Data & privacy' }).isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);

      // storage usage: the demo creator's post photos are real files
      const bars = page.getByRole('list', { name: 'Storage by category' });
      await expect.poll(() => bars.isVisible(), { timeout: 15_000 }).toBe(true);
      const postsRow = bars.getByRole('listitem').filter({ hasText: 'Posts media' });
      await expect.poll(() => postsRow.textContent()).toMatch(/Posts media\s*[1-9][\d.]* (KB|MB)/);

      await page.getByLabel('What to export').selectOption('all');
      await page.getByLabel('Format').selectOption('json');
      await page.getByRole('button', { name: 'Request export' }).click();
      const link = page.getByRole('link', { name: /^Download fanspace-export-maya\.lens-/ });
      await expect.poll(() => link.isVisible(), { timeout: 45_000 }).toBe(true);

      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(
        /^fanspace-export-maya\.lens-\d{4}-\d{2}-\d{2}\.zip$/,
      );
      const file = await download.path();
      expect(fs.statSync(file).size).toBeGreaterThan(1000);
      const names = await entriesOf(file);
      expect(names).toContain('manifest.json');
      expect(names).toContain('data/posts.json');
      expect(names).toContain('data/ledger_lines.json');
      expect(names.filter((n) => n.startsWith('media/')).length).toBeGreaterThan(0);

      // sync: progress, then the time of the last sync
      await page.getByRole('button', { name: 'Sync now' }).click();
      await expect
        .poll(() => page.getByText(/Last synced/).isVisible(), { timeout: 10_000 })
        .toBe(true);
      await context.close();
    },
  );
});
