import { median, print, type Figure } from './bench-stats';
import { startShop, type ShopProcess } from './shop-process';

const RUNS = 7;
const KEYS = 90_000;

/** The public routes that take a JSON body and count their callers per client. */
const ROUTES = ['/api/order-status', '/api/create-payment-intent', '/api/products/quokka-pale-ale/notify-me', '/api/admin/login'];

/** `{"k0":1,"k1":1,…}`: 90,000 keys no route knows, about 950 KB. */
const HOSTILE = JSON.stringify(Object.fromEntries(Array.from({ length: KEYS }, (_, i) => [`k${i}`, 1])));

/** Sends the hostile body and times it until its answer is read whole; anything but 400 body_too_complex fails the benchmark. */
async function refused(shop: ShopProcess, path: string): Promise<number> {
  const started = process.hrtime.bigint();
  const res = await fetch(`${shop.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: HOSTILE });
  const answer = (await res.json()) as { code?: string };
  const took = Number(process.hrtime.bigint() - started) / 1e6;
  if (res.status !== 400 || answer.code !== 'body_too_complex') {
    throw new Error(`${path} answered a ${Math.round(HOSTILE.length / 1000)} KB body of ${KEYS} keys with ${res.status} ${answer.code}`);
  }
  return took;
}

async function health(shop: ShopProcess): Promise<number> {
  const started = process.hrtime.bigint();
  const res = await fetch(`${shop.url}/api/health`);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function figure(name: string, runs: number[], how: string): Figure {
  const made = { name, unit: 'ms', median: median(runs), runs: runs.map((v) => Math.round(v * 10) / 10), how };
  print(made);
  return made;
}

/**
 * Hostile bodies: how long a body of 90,000 unknown keys takes to be refused on each public route that takes one,
 * and how long `/api/health` takes while three of them arrive at once, beside `/api/health` alone.
 */
export async function hostileBodyBench(): Promise<Figure[]> {
  const shop = await startShop();
  try {
    const kb = Math.round(HOSTILE.length / 1000);
    const sequential = `${RUNS} runs per route, one after another from one client, over HTTP to the built server (NODE_ENV=production); from the request to its 400 body_too_complex read whole`;
    const together = `${RUNS} runs: three such bodies sent at once (order status, checkout, back-in-stock) and /api/health asked as they go; the health answer read whole, and the last refusal`;
    for (const path of ROUTES) await refused(shop, path); // warm up
    for (let i = 0; i < 5; i++) await health(shop);
    const figures: Figure[] = [];
    for (const path of ROUTES) {
      const runs: number[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await refused(shop, path));
      figures.push(figure(`${KEYS.toLocaleString('en-AU')} unknown keys (${kb} KB) refused: POST ${path}`, runs, sequential));
    }
    const alone: number[] = [];
    for (let run = 0; run < RUNS; run++) alone.push(await health(shop));
    figures.push(figure('/api/health, nothing else sent', alone, `${RUNS} runs, one after another`));
    const meanwhile: number[] = [];
    const lastRefused: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = process.hrtime.bigint();
      const hostile = ROUTES.slice(0, 3).map((path) => refused(shop, path));
      meanwhile.push(await health(shop));
      await Promise.all(hostile);
      lastRefused.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    figures.push(figure('/api/health while three such bodies are sent at once', meanwhile, together));
    figures.push(figure('three such bodies at once: the last refused', lastRefused, together));
    return figures;
  } finally {
    await shop.stop();
  }
}
