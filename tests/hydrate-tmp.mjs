import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
const page = await ctx.newPage();
page.on('console', (m) => { if (m.type()==='error' || m.type()==='warning') console.log(`${m.type()}: ${m.text().slice(0, 60000)}`)});
await page.goto('http://127.0.0.1:3111' + (process.argv[2] ?? '/shop'));
await page.waitForTimeout(2000);
await browser.close();
