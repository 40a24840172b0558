import type { Leadership } from '@brewery/eventstore';

/** How long the command waits, unforced, for a lease a crashed shop still holds (a MongoDB lease runs out in 6 s). */
export const LEASE_RUN_OUT_MS = 15_000;
/** How long `--force` waits for the lease by default. */
export const FORCED_WAIT_MS = 300_000;

export interface RebuildLeaseOptions {
  /** Wait for the lease even though a shop process holds it (the shops are serving). */
  force: boolean;
  /** The longest wait for the lease when forced, in milliseconds. */
  waitMs: number;
  /** The wait, unforced, for a crashed shop's lease to run out (`LEASE_RUN_OUT_MS` unless told). */
  runOutMs?: number;
}

/** A run the command refuses, with what the operator should do. */
export class RebuildRefused extends Error {
  override readonly name = 'RebuildRefused';
}

/** `--force` and `--wait=SECONDS` (how long `--force` waits; five minutes unless told). */
export function rebuildOptions(argv: readonly string[]): RebuildLeaseOptions {
  let force = false;
  let waitMs = FORCED_WAIT_MS;
  for (const arg of argv) {
    if (arg === '--force') force = true;
    else if (arg.startsWith('--wait=')) {
      const seconds = Number(arg.slice('--wait='.length));
      if (!Number.isFinite(seconds) || seconds <= 0)
        throw new RebuildRefused(`--wait takes a number of seconds above 0, not "${arg.slice(7)}"`);
      waitMs = seconds * 1000;
    } else throw new RebuildRefused(`Unknown option ${arg}: npm run projections:rebuild [-- --force [--wait=SECONDS]]`);
  }
  return { force, waitMs };
}

/**
 * Waits until this process holds the lease that keeps the read models, so that the rebuild is the only writer.
 * A lease left by a shop that crashed runs out within `LEASE_RUN_OUT_MS`, and the command then goes on. A lease
 * still renewed after that is a shop serving: the command refuses (rebuilding under serving shops moves their
 * checkpoint; the System tab's rebuild is the one to use then), unless forced, when it waits up to `waitMs` for
 * the holder to stop. `say` tells the operator what it waits for.
 */
export async function takeRebuildLease(
  leadership: Pick<Leadership, 'isLeader' | 'currentHolder' | 'onChange'>,
  options: RebuildLeaseOptions,
  say: (line: string) => void,
): Promise<void> {
  if (leadership.isLeader()) return;
  const holder = leadership.currentHolder() ?? 'another process';
  const waitMs = options.force ? options.waitMs : (options.runOutMs ?? LEASE_RUN_OUT_MS);
  say(
    `Shop process ${holder} holds the lease that keeps the read models: waiting up to ${Math.round(waitMs / 1000)} s for it ` +
      (options.force ? '(forced: until that shop stops).' : '(a shop that crashed gives it up when its lease runs out).'),
  );
  const won = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      off();
      resolve(leadership.isLeader());
    }, waitMs);
    const off = leadership.onChange((leader) => {
      if (!leader) return;
      clearTimeout(timer);
      off();
      resolve(true);
    });
  });
  if (won) return;
  const still = leadership.currentHolder() ?? holder;
  throw new RebuildRefused(
    options.force
      ? `Shop process ${still} still holds the lease after ${Math.round(waitMs / 1000)} s: nothing was rebuilt. Stop every shop process and run this again.`
      : `Shop process ${still} still holds the lease: the shops are serving, and nothing was rebuilt. Either rebuild from the System tab ` +
          '(the process holding the lease rebuilds beside the live read models), or stop every shop process and run this again. ' +
          'To wait for the lease beside serving shops anyway: npm run projections:rebuild -- --force',
  );
}
