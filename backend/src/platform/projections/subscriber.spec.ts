import type { Logger } from '@nestjs/common';
import { WrongExpectedRevisionError, type EventStore, type RecordedEvent, type SubscribeToAllOptions } from '@brewery/eventstore';
import { CheckpointWriter } from './checkpoint-writer';
import { RetryLater } from './projection';
import { Subscriber } from './subscriber';

const EVENT: RecordedEvent = {
  id: 'e1',
  streamName: 'order-12',
  revision: 0,
  globalPosition: 0,
  type: 'PaidOrderCancelled',
  data: {},
  metadata: { correlationId: 'c', causationId: 'c', actor: 'admin', occurredAt: '2026-11-23T01:00:00.000Z' },
};

/** A process manager whose step fails with `failure` each time it is delivered the one event of the log. */
function failingSubscriber(failure: () => Error) {
  const logger = { error: jest.fn(), debug: jest.fn(), warn: jest.fn(), log: jest.fn() };
  const store = {
    subscribeToAll: (options: SubscribeToAllOptions) => {
      void options.onEvent(EVENT).then(options.onCaughtUp, options.onError);
      return { stop: () => Promise.resolve() };
    },
    headPosition: () => Promise.resolve(0),
  } as unknown as EventStore;
  const checkpoints = { get: () => Promise.resolve(null), set: () => Promise.resolve(), reset: () => Promise.resolve() };
  const subscriber = new Subscriber(
    {
      name: 'paid-order-cancellation',
      kind: 'process-manager',
      leaderOnly: true,
      deliver: () => Promise.reject(failure()),
      interested: null,
      checkpoint: (position) => new CheckpointWriter(checkpoints, 'paid-order-cancellation', position, () => undefined),
    },
    store,
    logger as unknown as Logger,
    () => false,
  );
  return { subscriber, logger };
}

describe('Subscriber: a failed step and its restarts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** Starts it, then lets each back-off (250 ms, 1 s, 5 s, 15 s, 30 s) pass in turn. */
  async function failures(subscriber: Subscriber, count: number): Promise<void> {
    await subscriber.begin();
    await jest.advanceTimersByTimeAsync(0);
    for (const delay of [250, 1000, 5000, 15000, 30000].slice(0, count - 1)) await jest.advanceTimersByTimeAsync(delay);
  }

  it.each([
    ['a step that must wait for another (RetryLater)', () => new RetryLater('waits for another refund to be recorded')],
    ['appends that kept losing to other writers', () => new WrongExpectedRevisionError('order-12', 3, 4)],
  ])('given %s, retries it quietly through the shorter back-offs, then reports it as a failure', async (_, failure) => {
    const { subscriber, logger } = failingSubscriber(failure);
    await failures(subscriber, 4);
    expect(logger.error).not.toHaveBeenCalled();
    expect(logger.debug).toHaveBeenCalledTimes(4);
    expect(logger.debug).toHaveBeenLastCalledWith(
      expect.stringMatching(/^paid-order-cancellation waits at position -1: .+; trying again in 15000 ms$/),
    );
    expect(subscriber.status).toMatchObject({ restarts: 0, lastError: null });

    await jest.advanceTimersByTimeAsync(15000);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(subscriber.status.restarts).toBe(1);
    expect(subscriber.status.lastError).toEqual(expect.any(String));
    await subscriber.end(false);
  });

  it('given any other failure, reports it at once as an error and a restart', async () => {
    const { subscriber, logger } = failingSubscriber(() => new Error('the SMTP server refused'));
    await failures(subscriber, 1);
    expect(logger.debug).not.toHaveBeenCalled();
    expect(logger.error).toHaveBeenCalledWith(
      'paid-order-cancellation stopped at position -1: the SMTP server refused; restarting in 250 ms',
    );
    expect(subscriber.status).toMatchObject({ restarts: 1, lastError: 'the SMTP server refused' });
    await subscriber.end(false);
  });
});
