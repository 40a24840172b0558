import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.addInitScript(() => {
  window.__lt = [];
  new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__lt.push([Math.round(e.startTime), Math.round(e.duration), e.attribution?.[0]?.containerSrc]))).observe({ type: 'longtask', buffered: true });
});
await page.goto('http://127.0.0.1:3111' + (process.argv[2] ?? '/shop'));
await page.waitForTimeout(4000);
console.log(JSON.stringify(await page.evaluate(() => ({ lt: window.__lt, marks: performance.getEntriesByType('mark').map(m => [m.name, Math.round(m.startTime)]), res: performance.getEntriesByType('resource').filter(r => r.initiatorType==='script' || r.name.endsWith('.js')).map(r => [r.name.slice(-28), Math.round(r.startTime), Math.round(r.responseEnd)]).slice(0,4) }))));
await browser.close();
