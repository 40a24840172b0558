#!/usr/bin/env node
// `npm test`: every tier in order, stopping at nothing, then a one-line verdict per tier and the totals.
// Tiers: typecheck, lint, formatting, dependency rules, Jest (unit, contract, api), Vitest (frontend), quick fault tests, browser.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const only = process.argv.slice(2);
const reports = join(root, '.tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() };

const tiers = [
  { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', cmd: ['npm', 'run', '--silent', 'lint'] },
  { name: 'formatting', cmd: ['npm', 'run', '--silent', 'format:check'] },
  { name: 'dependency rules', cmd: ['npm', 'run', '--silent', 'deps:check'] },
  {
    name: 'jest: unit, contract, api',
    cmd: [
      'npx',
      'jest',
      '--selectProjects',
      'unit',
      'contract',
      'api',
      '--maxWorkers=2',
      '--json',
      `--outputFile=${join(reports, 'jest.json')}`,
    ],
    report: () => jestCounts('jest.json'),
  },
  {
    name: 'vitest: frontend',
    cmd: [
      'npx',
      'vitest',
      'run',
      '--root',
      'frontend',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'vitest.json')}`,
    ],
    report: () => jestCounts('vitest.json'),
  },
  {
    name: 'faults (quick)',
    cmd: ['npx', 'jest', '--selectProjects', 'faults', '--runInBand', '--json', `--outputFile=${join(reports, 'faults.json')}`],
    report: () => jestCounts('faults.json'),
  },
  {
    name: 'browser',
    cmd: ['npx', 'jest', '--selectProjects', 'browser', '--runInBand', '--json', `--outputFile=${join(reports, 'browser.json')}`],
    report: () => jestCounts('browser.json'),
  },
];

function jestCounts(file) {
  const path = join(reports, file);
  if (!existsSync(path)) return null;
  const json = JSON.parse(readFileSync(path, 'utf8'));
  return {
    passed: json.numPassedTests ?? 0,
    failed: json.numFailedTests ?? 0,
    skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
  };
}

const results = [];
for (const tier of tiers) {
  if (only.length > 0 && !only.some((o) => tier.name.includes(o))) continue;
  console.log(`\n━━━ ${tier.name} ━━━`);
  const started = Date.now();
  const [cmd, ...args] = tier.cmd;
  const run = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  results.push({ name: tier.name, ok: run.status === 0, seconds: (Date.now() - started) / 1000, counts: tier.report?.() ?? null });
}

console.log('\n━━━ summary ━━━');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const r of results) {
  const counts = r.counts ? ` (${r.counts.passed} passed, ${r.counts.failed} failed, ${r.counts.skipped} skipped)` : '';
  console.log(`${r.ok ? '✔' : '✘'} ${r.name}${counts} in ${r.seconds.toFixed(1)} s`);
  if (r.counts) {
    passed += r.counts.passed;
    failed += r.counts.failed;
    skipped += r.counts.skipped;
  }
  if (!r.ok && (!r.counts || r.counts.failed === 0)) failed += 1;
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
