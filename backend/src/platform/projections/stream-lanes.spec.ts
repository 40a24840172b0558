import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@brewery/eventstore';
import { StreamLanes } from './stream-lanes';

let position = 0;
function event(streamName: string): RecordedEvent {
  position += 1;
  return {
    id: `e-${position}`,
    streamName,
    revision: 0,
    globalPosition: position,
    type: 'PaymentAuthorised',
    data: {},
    metadata: { correlationId: 'c', causationId: null, actor: 'system', occurredAt: '2026-11-25T00:00:00.000Z' },
  };
}

/** A handler whose calls stay open until the test finishes or fails them, one by one. */
function heldHandler() {
  const calls: { event: RecordedEvent; finish: () => void; fail: (error: Error) => void }[] = [];
  const handle = (e: RecordedEvent): Promise<boolean> =>
    new Promise((resolve, reject) => calls.push({ event: e, finish: () => resolve(true), fail: reject }));
  const started = (): string[] => calls.map((c) => c.event.id);
  const call = (e: RecordedEvent) => {
    const found = calls.find((c) => c.event === e);
    if (!found) throw new Error(`${e.id} has not started`);
    return found;
  };
  return { handle, started, call };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function lanesOver(limit: number) {
  const handler = heldHandler();
  const reported: number[] = [];
  const failures: unknown[] = [];
  const lanes = new StreamLanes(
    limit,
    handler.handle,
    (e) => reported.push(e.globalPosition),
    (error) => failures.push(error),
  );
  return { lanes, handler, reported, failures };
}

describe('StreamLanes', () => {
  it('given events of two streams, then each stream runs in order and the streams run side by side', async () => {
    const { lanes, handler } = lanesOver(16);
    const [a1, b1, a2] = [event('payment-a'), event('payment-b'), event('payment-a')];
    for (const e of [a1, b1, a2]) await lanes.dispatch(e, true);
    await settle();
    expect(handler.started()).toEqual([a1.id, b1.id]);

    handler.call(a1).finish();
    await settle();
    expect(handler.started()).toEqual([a1.id, b1.id, a2.id]);
  });

  it('given later events done first, then completions are reported in position order only', async () => {
    const { lanes, handler, reported } = lanesOver(16);
    const [a, ignored, b, c] = [event('payment-a'), event('order-x'), event('payment-b'), event('payment-c')];
    await lanes.dispatch(a, true);
    await lanes.dispatch(ignored, false);
    await lanes.dispatch(b, true);
    await lanes.dispatch(c, true);
    await settle();

    handler.call(c).finish();
    handler.call(b).finish();
    await settle();
    expect(reported).toEqual([]);

    handler.call(a).finish();
    await settle();
    expect(reported).toEqual([a, ignored, b, c].map((e) => e.globalPosition));
  });

  it('given the limit reached, then dispatch waits until one finishes', async () => {
    const { lanes, handler } = lanesOver(2);
    const [a, b, c] = [event('payment-a'), event('payment-b'), event('payment-c')];
    await lanes.dispatch(a, true);
    await lanes.dispatch(b, true);
    let taken = false;
    const third = lanes.dispatch(c, true).then(() => (taken = true));
    await settle();
    expect(taken).toBe(false);

    handler.call(b).finish();
    await third;
    await settle();
    expect(handler.started()).toEqual([a.id, b.id, c.id]);
  });

  it('given a failing step, then it reports the failure once, runs nothing queued behind it, and refuses new events', async () => {
    const { lanes, handler, reported, failures } = lanesOver(16);
    const [a1, b, a2] = [event('payment-a'), event('payment-b'), event('payment-a')];
    for (const e of [a1, b, a2]) await lanes.dispatch(e, true);
    await settle();

    handler.call(a1).fail(new Error('capture refused'));
    await settle();
    expect(failures).toEqual([new Error('capture refused')]);
    expect(handler.started()).toEqual([a1.id, b.id]);
    await expect(lanes.dispatch(event('payment-c'), true)).rejects.toThrow('capture refused');

    // What was running still finishes, and idle() says when; nothing past the failure is reported.
    let idle = false;
    const waiting = lanes.idle().then(() => (idle = true));
    await settle();
    expect(idle).toBe(false);
    handler.call(b).finish();
    await waiting;
    expect(reported).toEqual([]);
  });

  it('given a dispatch waiting for room when a step fails, then that dispatch rejects too', async () => {
    const { lanes, handler } = lanesOver(1);
    const a = event('payment-a');
    await lanes.dispatch(a, true);
    const waiting = lanes.dispatch(event('payment-b'), true);
    await settle();
    handler.call(a).fail(new Error('store unavailable'));
    await expect(waiting).rejects.toThrow('store unavailable');
  });
});
