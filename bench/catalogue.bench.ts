import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, print, type Figure } from './bench-stats';
import { freePort, startShop, stopChild, waitUntilAnswering } from './shop-process';

/** The part of autocannon's result this bench reads (the package ships no types). */
interface CannonResult {
  requests: { average: number; total: number };
  /** Answers by class of status. */
  '2xx': number;
  '4xx': number;
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

// The bare server: for each address, the same bytes and content type, nothing else; plain JavaScript run by `node -e`.
const BARE_SERVER = `
const { readFileSync } = require('node:fs');
const answers = new Map(JSON.parse(process.env.BARE_ANSWERS).map(([path, file, type, status]) => [path, { body: readFileSync(file), type, status }]));
require('node:http')
  .createServer((req, res) => {
    const answer = answers.get(req.url);
    res.writeHead(answer.status, { 'content-type': answer.type, 'content-length': answer.body.length });
    res.end(answer.body);
  })
  .listen(Number(process.env.BARE_PORT), '127.0.0.1');
`;

/**
 * The load tool (this process) on the first core and the server measured on the second, each with a core of
 * its own as on a machine where the clients are elsewhere: on two shared cores the figures swung by a third
 * from one run to the next, with the servers and autocannon taking turns on the same core. Every thread of
 * the process, those started later included, keeps the core it is given. Nothing is pinned on one core.
 */
function pin(pid: number, cores: string): void {
  if (cpus().length < 2) return;
  execFileSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' });
}

/** Loads the address; any error, time-out or answer of another status than the one expected fails the bench. */
async function loadExpecting(url: string, seconds: number, status: number): Promise<CannonResult> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, pipelining: 1 });
  const unexpected = status === 404 ? result.requests.total - result['4xx'] : result.non2xx;
  if (result.errors > 0 || result.timeouts > 0 || unexpected > 0) {
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${unexpected} answers other than ${status} under load`);
  }
  return result;
}

function figure(name: string, unit: string, runs: number[], how: string): Figure {
  const result = { name, unit, median: median(runs), runs, how };
  print(result);
  return result;
}

/**
 * The reads measured: the catalogue, one beer's availability (the checkout's line check), the shop's page, and
 * the "Page Not Found" page (what a crawler or a mistyped link gets, answered 404).
 */
const READS = [
  { name: 'GET /api/products', path: '/api/products', status: 200 },
  { name: 'GET /api/products/{id}', path: '/api/products/seed-quokka-pale-ale', status: 200 },
  { name: 'GET /shop (page)', path: '/shop', status: 200 },
  { name: 'GET /no-such-page (404 page)', path: '/no-such-page', status: 404 },
] as const;

/**
 * The built shop's hottest public reads (seeded starter range) against a bare node:http server sending the same
 * bytes: what the shop's path for them costs per request beyond the machine's own HTTP.
 */
export async function catalogueBench(): Promise<Figure[]> {
  const shop = await startShop();
  pin(process.pid, '0');
  pin(shop.pid, '1');
  const workDir = mkdtempSync(join(tmpdir(), 'bench-bare-'));
  let bare: ReturnType<typeof spawn> | null = null;
  try {
    await shop.api('POST', '/api/admin/seed-products', undefined, await shop.adminToken());
    const answers: [string, string, string, number][] = [];
    for (const [index, read] of READS.entries()) {
      const sample = await fetch(`${shop.url}${read.path}`);
      if (sample.status !== read.status) throw new Error(`${read.path}: ${sample.status}, not ${read.status}`);
      const body = Buffer.from(await sample.arrayBuffer());
      const contentType = sample.headers.get('content-type') ?? 'application/octet-stream';
      writeFileSync(join(workDir, `body-${index}`), body);
      answers.push([read.path, join(workDir, `body-${index}`), contentType, read.status]);
      process.stdout.write(`(${read.name}: ${body.length.toLocaleString('en-AU')} bytes, ${contentType}, no compression asked)\n`);
    }

    const port = await freePort();
    let bareOutput = '';
    const child = spawn(process.execPath, ['-e', BARE_SERVER], {
      env: { PATH: process.env.PATH ?? '', BARE_ANSWERS: JSON.stringify(answers), BARE_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    bare = child;
    if (child.pid !== undefined) pin(child.pid, '1');
    child.stderr?.on('data', (chunk: Buffer) => (bareOutput += chunk.toString()));
    const bareUrl = `http://127.0.0.1:${port}`;
    await waitUntilAnswering(`${bareUrl}${READS[0].path}`, child, () => bareOutput);
    for (const [path, file] of answers) {
      const bareBody = Buffer.from(await (await fetch(`${bareUrl}${path}`)).arrayBuffer());
      if (!bareBody.equals(readFileSync(file))) throw new Error(`the bare server does not send the shop’s bytes for ${path}`);
    }

    const how = `${RUNS} runs, median; autocannon in the bench process on the first core, the server measured on the second, ${CONNECTIONS} connections, ${SECONDS} s a run after a ${WARM_UP_SECONDS} s warm-up, shop and bare server alternating, each its own process`;
    const figures: Figure[] = [];
    for (const read of READS) {
      const shopUrl = `${shop.url}${read.path}`;
      const plainUrl = `${bareUrl}${read.path}`;
      const load = (url: string, seconds: number) => loadExpecting(url, seconds, read.status);
      await load(shopUrl, WARM_UP_SECONDS);
      await load(plainUrl, WARM_UP_SECONDS);
      const shopRuns: CannonResult[] = [];
      const bareRuns: CannonResult[] = [];
      for (let run = 0; run < RUNS; run++) {
        // Alternating which goes first, so neither always gets the cooler machine.
        if (run % 2 === 0) {
          shopRuns.push(await load(shopUrl, SECONDS));
          bareRuns.push(await load(plainUrl, SECONDS));
        } else {
          bareRuns.push(await load(plainUrl, SECONDS));
          shopRuns.push(await load(shopUrl, SECONDS));
        }
      }
      figures.push(
        figure(
          `Shop: ${read.name}`,
          'req/s',
          shopRuns.map((r) => r.requests.average),
          how,
        ),
        figure(
          `Bare node:http, the same bytes as ${read.name}`,
          'req/s',
          bareRuns.map((r) => r.requests.average),
          how,
        ),
        figure(
          `Shop: ${read.name} p99 latency`,
          'ms',
          shopRuns.map((r) => r.latency.p99),
          how,
        ),
        figure(
          `Bare node:http p99 latency (${read.name} bytes)`,
          'ms',
          bareRuns.map((r) => r.latency.p99),
          how,
        ),
        figure(
          `${read.name}: shop / bare throughput`,
          '×',
          shopRuns.map((r, i) => r.requests.average / (bareRuns[i]?.requests.average ?? Number.NaN)),
          `${RUNS} runs, median of the per-run ratio (the two measured back to back)`,
        ),
        figure(
          `${read.name}: shop / bare p99`,
          '×',
          shopRuns.map((r, i) => r.latency.p99 / (bareRuns[i]?.latency.p99 ?? Number.NaN)),
          `${RUNS} runs, median of the per-run ratio (the two measured back to back)`,
        ),
      );
    }
    return figures;
  } finally {
    // The benchmarks after this one have every core again.
    pin(process.pid, `0-${cpus().length - 1}`);
    if (bare) await stopChild(bare);
    await shop.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
