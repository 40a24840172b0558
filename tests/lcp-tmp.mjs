import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
const page = await ctx.newPage();
page.on('console', (m) => console.log(`${m.type()}: ${m.text().slice(0, 300)}`));
await page.addInitScript(() => {
  window.__lcp = [];
  new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__lcp.push([Math.round(e.startTime), e.element?.tagName, e.element?.className || e.element?.getAttribute?.('src'), e.size]))).observe({ type: 'largest-contentful-paint', buffered: true });
  window.__paint = [];
  new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__paint.push([e.name, Math.round(e.startTime)]))).observe({ type: 'paint', buffered: true });
});
await page.goto('http://127.0.0.1:3111' + (process.argv[2] ?? '/shop'));
await page.waitForTimeout(2500);
console.log(JSON.stringify(await page.evaluate(() => ({ lcp: window.__lcp, paint: window.__paint, nav: performance.getEntriesByType('resource').filter(r => r.name.includes('index-')).map(r => [r.name.slice(-30), Math.round(r.startTime)]) }))));
await browser.close();
