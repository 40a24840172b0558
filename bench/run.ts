import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { adminBench } from './admin.bench';
import type { Figure } from './bench-stats';
import { catalogueBench } from './catalogue.bench';
import { eventStoreBench } from './event-store.bench';
import { followerBench } from './follower.bench';
import { frontendBench } from './frontend.bench';
import { hostileBodyBench } from './hostile-body.bench';
import { rebuildBench } from './rebuild.bench';
import { releaseBench } from './release.bench';

/** `npm run bench`: every benchmark, its figures printed as they come and saved as JSON. */
async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const benches: [string, () => Promise<Figure[]>][] = [
    ['event-store', eventStoreBench],
    ['rebuild', rebuildBench],
    ['follower', followerBench],
    ['catalogue', catalogueBench],
    ['release', releaseBench],
    ['frontend', frontendBench],
    ['admin', adminBench],
    ['hostile-body', hostileBodyBench],
  ];
  const unknown = only.filter((name) => !benches.some(([known]) => known === name));
  if (unknown.length > 0)
    throw new Error(`No benchmark named ${unknown.join(', ')}; there are ${benches.map(([name]) => name).join(', ')}`);
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  process.stdout.write(`Benchmarks on ${machine}\n\n`);
  const results: Record<string, Figure[]> = {};
  for (const [name, bench] of benches) {
    if (only.length > 0 && !only.includes(name)) continue;
    process.stdout.write(`── ${name}\n`);
    results[name] = await bench();
    printHow(results[name]);
    process.stdout.write('\n');
  }
  const out = resolve(__dirname, '../..');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'bench-results.json'), JSON.stringify({ machine, at: new Date().toISOString(), results }, null, 2));
  process.stdout.write(`Saved to .tmp/bench-results.json\n`);
}

/** How a benchmark's figures were measured: each distinct method once, after its figures. */
function printHow(figures: Figure[]): void {
  const methods = new Map<string, string[]>();
  for (const figure of figures) methods.set(figure.how, [...(methods.get(figure.how) ?? []), figure.name]);
  for (const [how, names] of methods) {
    const which = methods.size === 1 ? '' : ` (${names.length === 1 ? names[0] : `${names.length} figures`})`;
    process.stdout.write(`  how${which}: ${how}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
