import { CheckoutAbandonedError, CheckoutBusyError, CheckoutGate } from './checkout-gate';

describe('CheckoutGate', () => {
  // The turn is handed on in setImmediate, after the I/O already received: that stays real.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('given free turns, when checkouts arrive, then they start at once, up to the concurrency', async () => {
    const gate = new CheckoutGate({ concurrency: 2, queueLimit: 5, maxWaitMs: 1000 });
    await gate.enter();
    await gate.enter();
    expect(gate.stats()).toMatchObject({ active: 2, queued: 0, admitted: 2 });
  });

  it('given every turn taken, when one is given back, then the first in the queue gets it and nobody slips in between', async () => {
    const gate = new CheckoutGate({ concurrency: 1, queueLimit: 5, maxWaitMs: 1000 });
    const leave = await gate.enter();
    const order: string[] = [];
    const second = gate.enter().then((l) => (order.push('second'), l));
    const third = gate.enter().then((l) => (order.push('third'), l));
    expect(gate.stats()).toMatchObject({ active: 1, queued: 2 });
    leave();
    // A newcomer arriving as the turn is handed over must queue behind the waiters.
    const late = gate.enter().then((l) => (order.push('late'), l));
    expect(gate.stats()).toMatchObject({ active: 0, queued: 3 });
    (await second)();
    (await third)();
    (await late)();
    expect(order).toEqual(['second', 'third', 'late']);
    expect(gate.stats()).toMatchObject({ active: 0, queued: 0, admitted: 4 });
  });

  it('given a turn given back while clients hang up, then those hang-ups already received are heard before the turn is handed on', async () => {
    const gate = new CheckoutGate({ concurrency: 1, queueLimit: 5, maxWaitMs: 1000 });
    const leave = await gate.enter();
    const first = new AbortController();
    const second = new AbortController();
    const started: string[] = [];
    const firstWaiting = gate.enter(first.signal).then(() => started.push('first'));
    const secondWaiting = gate.enter(second.signal).then(() => started.push('second'));
    // The running checkout ends, and the news of both waiters' hang-ups is already in, still to be read.
    leave();
    first.abort();
    second.abort();
    await expect(firstWaiting).rejects.toBeInstanceOf(CheckoutAbandonedError);
    await expect(secondWaiting).rejects.toBeInstanceOf(CheckoutAbandonedError);
    expect(started).toEqual([]);
    expect(gate.stats()).toMatchObject({ active: 0, queued: 0, admitted: 1, abandoned: 2 });
  });

  it('given a full queue, when one more arrives, then it is refused at once with a time to come back', async () => {
    const gate = new CheckoutGate({ concurrency: 1, queueLimit: 1, maxWaitMs: 1000 });
    await gate.enter();
    void gate.enter().catch(() => undefined);
    const refused = gate.enter();
    await expect(refused).rejects.toBeInstanceOf(CheckoutBusyError);
    await expect(refused).rejects.toMatchObject({ why: 'queue_full', retryAfterSeconds: expect.any(Number) });
    expect(gate.stats().refusedFull).toBe(1);
  });

  it('given a wait longer than allowed, then the waiter is refused and leaves the queue', async () => {
    const gate = new CheckoutGate({ concurrency: 1, queueLimit: 5, maxWaitMs: 3000 });
    await gate.enter();
    const waiting = gate.enter();
    jest.advanceTimersByTime(3000);
    await expect(waiting).rejects.toMatchObject({ why: 'queue_timeout' });
    expect(gate.stats()).toMatchObject({ queued: 0, refusedTimeout: 1 });
  });

  it('given a client that disconnects while waiting, then it leaves the queue without ever taking a turn', async () => {
    const gate = new CheckoutGate({ concurrency: 1, queueLimit: 5, maxWaitMs: 3000 });
    const leave = await gate.enter();
    const controller = new AbortController();
    const waiting = gate.enter(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(CheckoutAbandonedError);
    leave();
    expect(gate.stats()).toMatchObject({ active: 0, queued: 0, admitted: 1, abandoned: 1 });
  });

  it('a client already gone is refused before it queues', async () => {
    const gate = new CheckoutGate({ concurrency: 1, queueLimit: 5, maxWaitMs: 3000 });
    const controller = new AbortController();
    controller.abort();
    await expect(gate.enter(controller.signal)).rejects.toBeInstanceOf(CheckoutAbandonedError);
    expect(gate.stats()).toMatchObject({ admitted: 0, abandoned: 1 });
  });

  it('asks a refused client to come back between 1 and 30 s', () => {
    const gate = new CheckoutGate({ concurrency: 1, queueLimit: 0, maxWaitMs: 0 });
    expect(gate.retryAfterSeconds()).toBeGreaterThanOrEqual(1);
    expect(gate.retryAfterSeconds()).toBeLessThanOrEqual(30);
  });
});
