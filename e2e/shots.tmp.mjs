import { chromium } from 'playwright-core';
const base = 'http://localhost:4393';
const [who, size, ...pages] = process.argv.slice(2);
const vp = size === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 };
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: vp, deviceScaleFactor: 1, isMobile: size === 'phone', hasTouch: size === 'phone' });
const page = await ctx.newPage();
const errors = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
page.on('pageerror', (e) => errors.push(String(e)));
if (who !== 'visitor') {
  await page.goto(base + '/login');
  await page.getByLabel('Email or username', { exact: true }).fill(`${who}@fanspace.test`);
  await page.getByLabel('Password', { exact: true }).fill('fanspace-demo');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname !== '/login');
  await page.waitForTimeout(1500);
}
for (const p of pages) {
  await page.goto(base + p);
  await page.waitForTimeout(2500);
  const name = `${who}-${size}-${p.replace(/[^a-z0-9]+/gi, '_')}`;
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: false });
  console.log(name, errors.splice(0).join(' | ').slice(0, 300));
}
await browser.close();
