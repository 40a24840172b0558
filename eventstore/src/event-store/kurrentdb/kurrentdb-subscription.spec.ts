import { Readable } from 'node:stream';
import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { KurrentDbEventStore } from './kurrentdb-event-store';

/**
 * The adapter's subscription over the real client, whose server answers are replaced by streams as the client
 * gives them (no server runs here): what the adapter does when the server ends a subscription.
 */
describe('KurrentDB subscriptions', () => {
  // The real client; it connects only when asked, and nothing here asks it.
  const client = KurrentDBClient.connectionString('kurrentdb://127.0.0.1:1?tls=false');
  const store = new (KurrentDbEventStore as unknown as new (client: KurrentDBClient) => KurrentDbEventStore)(client);
  /** A server answer with no events that ends at once, as a subscription the server closes without an error. */
  const ended = () => Object.assign(Readable.from([]), { unsubscribe: () => Promise.resolve() });

  beforeEach(() => {
    jest.spyOn(client, 'subscribeToAll').mockImplementation(() => ended());
    jest.spyOn(client, 'readAll').mockImplementation(() => ended() as unknown as ReturnType<KurrentDBClient['readAll']>);
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => client.dispose());

  it('given the server ends a subscription without an error, then the subscriber is told (so it starts again), not left waiting for ever', async () => {
    const errors: unknown[] = [];
    store.subscribeToAll({ after: null, onEvent: () => Promise.resolve(), onError: (error) => errors.push(error) });
    for (let i = 0; i < 100 && errors.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('the server ended the subscription');
  });

  it('given a subscription that failed, then it is no longer kept to be stopped at close', async () => {
    const failed = new Promise<void>((resolve) =>
      store.subscribeToAll({ after: null, onEvent: () => Promise.resolve(), onError: () => resolve() }),
    );
    await failed;
    expect((store as unknown as { subscriptions: Set<unknown> }).subscriptions.size).toBe(0);
  });

  it('given the log ends with events of a $-stream, then the head is the last event readAll would give, as readAll skips them', async () => {
    const recorded = (streamId: string, type: string, commit: bigint) => ({
      event: {
        streamId,
        type,
        id: `${commit}`,
        revision: 0n,
        created: new Date(),
        isJson: true,
        data: {},
        metadata: {},
        position: { commit, prepare: commit },
      },
    });
    jest.spyOn(client, 'readAll').mockImplementation(
      () =>
        Object.assign(
          Readable.from([recorded('$projections-$all', 'ProjectionCheckpoint', 900n), recorded('order-1', 'OrderPlaced', 800n)]),
          {
            unsubscribe: () => Promise.resolve(),
          },
        ) as unknown as ReturnType<KurrentDBClient['readAll']>,
    );
    expect(await store.headPosition()).toBe(800);
  });
});
