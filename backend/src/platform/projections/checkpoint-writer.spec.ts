import { MemoryCheckpointStore } from '@brewery/eventstore';
import { CheckpointWriter, IDLE_CHECKPOINT_EVENTS } from './checkpoint-writer';

/** A checkpoint store that counts its writes. */
class CountingCheckpoints extends MemoryCheckpointStore {
  writes: number[] = [];
  override set(subscriberId: string, position: number): Promise<void> {
    this.writes.push(position);
    return super.set(subscriberId, position);
  }
}

describe('the checkpoint writer', () => {
  let store: CountingCheckpoints;
  let position: number;
  let writer: CheckpointWriter;
  beforeEach(async () => {
    store = new CountingCheckpoints();
    position = -1;
    writer = new CheckpointWriter(
      store,
      'read-models',
      () => position,
      () => undefined,
    );
    await writer.load();
  });
  afterEach(() => writer.cancelTimers());

  // Event positions on SQL stores; byte offsets of the log on KurrentDB (one event is hundreds of bytes).
  it.each([
    ['one apart (events, SQL)', 1],
    ['a thousand apart (bytes of log, KurrentDB)', 1000],
  ])('given events nobody handled, positions %s, then the checkpoint is written once per 500 events', async (_, step) => {
    const due: Promise<void>[] = [];
    for (let n = 1; n <= 2 * IDLE_CHECKPOINT_EVENTS; n += 1) {
      position = n * step;
      const write = writer.delivered(position, false);
      if (write !== undefined) due.push(write);
    }
    await Promise.all(due);
    expect(store.writes).toEqual([IDLE_CHECKPOINT_EVENTS * step, 2 * IDLE_CHECKPOINT_EVENTS * step]);
  });

  it('given a write asked at stop, then it counts again from there', async () => {
    position = 3000;
    expect(writer.delivered(position, false)).toBeUndefined();
    await writer.save(position);
    const due: Promise<void>[] = [];
    for (let n = 1; n < IDLE_CHECKPOINT_EVENTS; n += 1) {
      position = 3000 + n * 1000;
      const write = writer.delivered(position, false);
      if (write !== undefined) due.push(write);
    }
    expect(due).toHaveLength(0);
    expect(store.writes).toEqual([3000]);
  });

  it('never writes a position behind the one written', async () => {
    await writer.save(5000);
    await writer.save(4000);
    expect(store.writes).toEqual([5000]);
    expect(await store.get('read-models')).toBe(5000);
  });

  it('given events nobody handled coming steadily, never a quiet second, then the checkpoint is still written a second after the first of them, and every second after', async () => {
    jest.useFakeTimers();
    try {
      for (let ms = 0; ms < 2500; ms += 100) {
        position = 10 + ms / 100;
        expect(writer.delivered(position, false)).toBeUndefined();
        await jest.advanceTimersByTimeAsync(100);
      }
      expect(store.writes).toEqual([19, 29]);
    } finally {
      jest.useRealTimers();
    }
  });
});
