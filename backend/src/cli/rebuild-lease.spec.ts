import { DocumentLeadership, MemoryDocumentStore, type DocumentStore, type Leadership } from '@brewery/eventstore';
import { FORCED_WAIT_MS, RebuildRefused, rebuildOptions, takeRebuildLease } from './rebuild-lease';

/** Real document leases, short enough for a test: renewed every 100 ms, taken over 400 ms after the last renewal. */
const ROUND_MS = 100;
const TTL_MS = 400;

describe('npm run projections:rebuild and the lease that keeps the read models', () => {
  let documents: MemoryDocumentStore;
  const started: Leadership[] = [];
  const shop = async (holder: string, store: DocumentStore = documents): Promise<DocumentLeadership> => {
    const leadership = new DocumentLeadership({ documents: store, holder, ttlMs: TTL_MS, intervalMs: ROUND_MS });
    started.push(leadership);
    await leadership.start();
    return leadership;
  };
  let said: string[];
  const say = (line: string): number => said.push(line);

  beforeEach(() => {
    documents = new MemoryDocumentStore();
    said = [];
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((l) => l.stop()));
  });

  it('given no shop holds the lease, then the command holds it at once and says nothing', async () => {
    const command = await shop('command');
    await takeRebuildLease(command, { force: false, waitMs: FORCED_WAIT_MS }, say);
    expect({ leader: command.isLeader(), said }).toEqual({ leader: true, said: [] });
  });

  it('given a shop serving (its lease renewed), then unforced it refuses after the lease’s run-out time, naming the shop and what to do', async () => {
    await shop('shop-1');
    const command = await shop('command');
    const taking = takeRebuildLease(command, { force: false, waitMs: FORCED_WAIT_MS, runOutMs: 3 * TTL_MS }, say);
    await expect(taking).rejects.toBeInstanceOf(RebuildRefused);
    await expect(taking).rejects.toThrow(
      /Shop process shop-1 still holds the lease: the shops are serving, and nothing was rebuilt\..*System tab.*-- --force/,
    );
    expect(said).toEqual([expect.stringContaining('Shop process shop-1 holds the lease that keeps the read models: waiting up to 1 s')]);
    expect(command.isLeader()).toBe(false);
  });

  it('given the shop holding it crashed (its lease no longer renewed), then the command takes it once it runs out', async () => {
    let crashed = false;
    const reachable = new Proxy(documents, {
      get: (target, property, receiver) =>
        crashed ? () => new Promise(() => undefined) : (Reflect.get(target, property, receiver) as unknown),
    });
    await shop('shop-1', reachable);
    const command = await shop('command');
    crashed = true;
    await takeRebuildLease(command, { force: false, waitMs: FORCED_WAIT_MS, runOutMs: 10 * TTL_MS }, say);
    expect(command.isLeader()).toBe(true);
  });

  it('given --force and a shop that stops while it waits, then the command takes the lease the shop gave up', async () => {
    const holder = await shop('shop-1');
    const command = await shop('command');
    const taking = takeRebuildLease(command, { force: true, waitMs: 10_000, runOutMs: 1 }, say);
    setTimeout(() => void holder.stop(), 300);
    await taking;
    expect({ leader: command.isLeader(), said: said[0] }).toEqual({
      leader: true,
      said: expect.stringContaining('(forced: until that shop stops)') as unknown,
    });
  });

  it('given --force and a shop that keeps serving, then it gives up after the wait it was given', async () => {
    await shop('shop-1');
    const command = await shop('command');
    await expect(takeRebuildLease(command, { force: true, waitMs: 600, runOutMs: 1 }, say)).rejects.toThrow(
      'Shop process shop-1 still holds the lease after 1 s: nothing was rebuilt. Stop every shop process and run this again.',
    );
  });

  it.each<[string[], { force: boolean; waitMs: number } | string]>([
    [[], { force: false, waitMs: FORCED_WAIT_MS }],
    [['--force'], { force: true, waitMs: FORCED_WAIT_MS }],
    [['--force', '--wait=30'], { force: true, waitMs: 30_000 }],
    [['--wait=0'], '--wait takes a number of seconds above 0, not "0"'],
    [['--wait=soon'], '--wait takes a number of seconds above 0, not "soon"'],
    [['--now'], 'Unknown option --now: npm run projections:rebuild [-- --force [--wait=SECONDS]]'],
  ])('given the arguments %p, then %p', (argv, expected) => {
    if (typeof expected === 'string') expect(() => rebuildOptions(argv)).toThrow(new RebuildRefused(expected));
    else expect(rebuildOptions(argv)).toEqual(expected);
  });
});
