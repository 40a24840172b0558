import { describe, expect, it } from '@jest/globals';
import { AppendSignal } from './append-signal';

const settledWithin = async (promise: Promise<void>, ms: number): Promise<boolean> => {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, ms));
  return settled;
};

describe('AppendSignal', () => {
  it('given a waiter, a notification wakes it before its timeout', async () => {
    const signal = new AppendSignal();
    const waiting = signal.wait(signal.generation, 60_000, new AbortController().signal);
    signal.notify();
    expect(await settledWithin(waiting, 20)).toBe(true);
  });

  it('given a notification between reading and waiting, the wait returns at once (no lost wake-up)', async () => {
    const signal = new AppendSignal();
    const seen = signal.generation;
    signal.notify();
    expect(await settledWithin(signal.wait(seen, 60_000, new AbortController().signal), 5)).toBe(true);
  });

  it('without a notification, waits until the timeout', async () => {
    const signal = new AppendSignal();
    const waiting = signal.wait(signal.generation, 100, new AbortController().signal);
    expect(await settledWithin(waiting, 20)).toBe(false);
    expect(await settledWithin(waiting, 150)).toBe(true);
  });

  it('an abort ends the wait', async () => {
    const signal = new AppendSignal();
    const abort = new AbortController();
    const waiting = signal.wait(signal.generation, 60_000, abort.signal);
    abort.abort();
    expect(await settledWithin(waiting, 20)).toBe(true);
  });
});
