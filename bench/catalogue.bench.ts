import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, print, type Figure } from './bench-stats';
import { freePort, startShop, stopChild, waitUntilAnswering } from './shop-process';

/** The part of autocannon's result this bench reads (the package ships no types). */
interface CannonResult {
  requests: { average: number; total: number };
  latency: { p99: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  pipelining: number;
}) => Promise<CannonResult>;

const RUNS = 3;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;

// The bare server: the same bytes and content type, nothing else; plain JavaScript run by `node -e`.
const BARE_SERVER = `
const body = require('node:fs').readFileSync(process.env.BARE_BODY_FILE);
require('node:http')
  .createServer((req, res) => {
    res.writeHead(200, { 'content-type': process.env.BARE_CONTENT_TYPE, 'content-length': body.length });
    res.end(body);
  })
  .listen(Number(process.env.BARE_PORT), '127.0.0.1');
`;

async function load(url: string, seconds: number): Promise<CannonResult> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, pipelining: 1 });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers under load`);
  }
  return result;
}

function figure(name: string, unit: string, runs: number[], how: string): Figure {
  const result = { name, unit, median: median(runs), runs, how };
  print(result);
  return result;
}

/**
 * GET /api/products of the built shop (seeded starter range) against a bare node:http server sending the
 * same bytes: how much the framework, validation and read-model lookup cost per request.
 */
export async function catalogueBench(): Promise<Figure[]> {
  const shop = await startShop();
  const workDir = mkdtempSync(join(tmpdir(), 'bench-bare-'));
  let bare: ReturnType<typeof spawn> | null = null;
  try {
    await shop.api('POST', '/api/admin/seed-products', undefined, await shop.adminToken());
    const productsUrl = `${shop.url}/api/products`;
    const sample = await fetch(productsUrl);
    const body = Buffer.from(await sample.arrayBuffer());
    const contentType = sample.headers.get('content-type') ?? 'application/json; charset=utf-8';
    const count = (JSON.parse(body.toString()) as unknown[]).length;
    writeFileSync(join(workDir, 'body'), body);

    const port = await freePort();
    let bareOutput = '';
    const child = spawn(process.execPath, ['-e', BARE_SERVER], {
      env: { PATH: process.env.PATH ?? '', BARE_BODY_FILE: join(workDir, 'body'), BARE_CONTENT_TYPE: contentType, BARE_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    bare = child;
    child.stderr?.on('data', (chunk: Buffer) => (bareOutput += chunk.toString()));
    const bareUrl = `http://127.0.0.1:${port}/api/products`;
    await waitUntilAnswering(bareUrl, child, () => bareOutput);
    const bareBody = Buffer.from(await (await fetch(bareUrl)).arrayBuffer());
    if (!bareBody.equals(body)) throw new Error('the bare server does not send the shop’s bytes');
    process.stdout.write(
      `(GET /api/products: ${count} products, ${body.length.toLocaleString('en-AU')} bytes, ${contentType}, no compression asked)\n`,
    );

    await load(productsUrl, WARM_UP_SECONDS);
    await load(bareUrl, WARM_UP_SECONDS);
    const shopRuns: CannonResult[] = [];
    const bareRuns: CannonResult[] = [];
    for (let run = 0; run < RUNS; run++) {
      // Alternating which goes first, so neither always gets the cooler machine.
      if (run % 2 === 0) {
        shopRuns.push(await load(productsUrl, SECONDS));
        bareRuns.push(await load(bareUrl, SECONDS));
      } else {
        bareRuns.push(await load(bareUrl, SECONDS));
        shopRuns.push(await load(productsUrl, SECONDS));
      }
    }
    const how = `${RUNS} runs, median; autocannon in the bench process, ${CONNECTIONS} connections, ${SECONDS} s a run after a ${WARM_UP_SECONDS} s warm-up, shop and bare server alternating, each its own process`;
    return [
      figure(
        'Shop: GET /api/products',
        'req/s',
        shopRuns.map((r) => r.requests.average),
        how,
      ),
      figure(
        'Bare node:http, same bytes',
        'req/s',
        bareRuns.map((r) => r.requests.average),
        how,
      ),
      figure(
        'Shop: GET /api/products p99 latency',
        'ms',
        shopRuns.map((r) => r.latency.p99),
        how,
      ),
      figure(
        'Bare node:http p99 latency',
        'ms',
        bareRuns.map((r) => r.latency.p99),
        how,
      ),
      figure(
        'Shop / bare throughput',
        '×',
        shopRuns.map((r, i) => r.requests.average / (bareRuns[i]?.requests.average ?? Number.NaN)),
        `${RUNS} runs, median of the per-run ratio (the two measured back to back)`,
      ),
    ];
  } finally {
    if (bare) await stopChild(bare);
    await shop.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
