#!/usr/bin/env node
// Brings a checkout to a runnable state using only Node's built-ins:
//   node scripts/setup.mjs            install dependencies when missing or stale
//   node scripts/setup.mjs --build    ... and build what is older than its sources
//   node scripts/setup.mjs --browser  ... and install Debian's Chromium for the browser tests when missing
//   node scripts/setup.mjs --balancer ... and Debian's HAProxy for the several-processes fault test when missing
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = new Set(process.argv.slice(2));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(cmd, cmdArgs, opts = {}) {
  const result = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', ...opts });
  if (result.status !== 0) {
    console.error(`setup: "${cmd} ${cmdArgs.join(' ')}" failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** Newest modification time of any file below the given paths (skipping dist and node_modules). */
function newest(paths) {
  let latest = 0;
  const walk = (path) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules' && entry !== 'dist') walk(join(path, entry));
    } else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach((p) => walk(join(root, p)));
  return latest;
}

// 1. Dependencies: npm records what it installed in node_modules/.package-lock.json.
const installed = join(root, 'node_modules/.package-lock.json');
const manifests = [
  'package.json',
  'package-lock.json',
  'shop-rules/package.json',
  'eventstore/package.json',
  'backend/package.json',
  'frontend/package.json',
];
if (!existsSync(installed) || manifests.some((m) => mtime(join(root, m)) > mtime(installed))) {
  console.log('setup: installing dependencies…');
  // `npm install` keeps the versions package-lock.json records; unlike `npm ci` it does not insist that
  // the lock lists every other platform's optional binaries, which npm 11 does not always write.
  // `--include=dev`: the build needs TypeScript, Vite and the type packages even when NODE_ENV=production (which
  // makes npm leave out devDependencies), so a production start on a fresh clone builds instead of failing.
  run(npm, ['install', '--include=dev', '--no-audit', '--no-fund']);
}

// 2. Build: the server (tsc -b is incremental) and the shop when its sources changed.
if (args.has('--build')) {
  run(npm, ['run', 'build:server', '--silent']);
  const web = newest(['frontend/src', 'frontend/public', 'frontend/index.html', 'frontend/vite.config.ts', 'shop-rules/src']);
  // The browser's build and the server-rendering bundle are built together; the older of the two decides.
  const built = Math.min(mtime(join(root, 'frontend/dist/index.html')), mtime(join(root, 'frontend/dist-ssr/entry-server.js')));
  if (web > built) {
    console.log('setup: building the shop…');
    run(npm, ['run', 'build:web', '--silent']);
  }
}

// 3. Debian's packages for the tests: Chromium (browser tests), HAProxy (several shop processes behind a balancer).
function installDebianPackage(binary, pkg, purpose) {
  if (existsSync(binary)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let hasApt = false;
  try {
    execFileSync('which', ['apt-get'], { stdio: 'ignore' });
    hasApt = true;
  } catch {
    hasApt = false;
  }
  if (isRoot && hasApt) {
    console.log(`setup: installing Debian’s ${pkg} for ${purpose}…`);
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', pkg], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  } else {
    console.log(`setup: ${binary} is missing and cannot be installed here (needs root and apt-get); ${purpose} will be skipped.`);
  }
}
if (args.has('--browser')) installDebianPackage('/usr/bin/chromium', 'chromium', 'the browser tests');
if (args.has('--balancer')) installDebianPackage('/usr/sbin/haproxy', 'haproxy', 'the several-processes fault test');
