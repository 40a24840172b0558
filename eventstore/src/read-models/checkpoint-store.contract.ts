import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { CheckpointStore } from './document-store.port';

export interface OpenedCheckpointStore {
  store: CheckpointStore;
  /** Open the same storage again, as a restarted process would; absent when the adapter cannot persist. */
  reopen?: () => Promise<CheckpointStore>;
  /** Release what `open` took (connections, files); called once after the suite. */
  close?: () => Promise<void>;
}

/**
 * The behaviour every `CheckpointStore` adapter must show. `open` is called once; each test uses its own
 * subscriber ids, so the storage need not be empty. Pass `{ persistent: true }` for adapters whose
 * checkpoints outlive the process: `open` must then return `reopen`, and the suite checks it.
 */
export function describeCheckpointStoreContract(
  label: string,
  open: () => Promise<OpenedCheckpointStore>,
  options: { persistent?: boolean } = {},
): void {
  describe(`CheckpointStore contract: ${label}`, () => {
    let opened: OpenedCheckpointStore;
    const subscriber = (name: string): string => `${name}-${randomUUID()}`;
    const store = (): CheckpointStore => opened.store;

    beforeAll(async () => {
      opened = await open();
    });

    afterAll(async () => {
      await opened?.close?.();
    });

    it('given a subscriber that never stored a position, when read, then it is null', async () => {
      expect(await store().get(subscriber('order-list'))).toBeNull();
    });

    it.each([
      ['the first position', 0],
      ['a small position', 1],
      ['a typical position', 48_213],
      ['a position beyond 32 bits', 2 ** 40 + 7],
      ['the largest safe integer', Number.MAX_SAFE_INTEGER],
    ])('given %s is set, when read, then it is returned exactly', async (_name, position) => {
      const id = subscriber('sales-lines');
      await store().set(id, position);
      expect(await store().get(id)).toBe(position);
    });

    it('given a stored position, when a later one is set, then the later one is read', async () => {
      const id = subscriber('products');
      await store().set(id, 10);
      await store().set(id, 25);
      expect(await store().get(id)).toBe(25);
    });

    it('given a stored position, when a lower one is set, then it is overwritten (set never merges)', async () => {
      const id = subscriber('orders');
      await store().set(id, 40);
      await store().set(id, 12);
      expect(await store().get(id)).toBe(12);
    });

    it('given two subscribers, when each sets its position, then neither sees the other', async () => {
      const projections = subscriber('projections');
      const emails = subscriber('email-process');
      await store().set(projections, 100);
      await store().set(emails, 7);
      expect(await store().get(projections)).toBe(100);
      expect(await store().get(emails)).toBe(7);
    });

    it('given two subscribers with positions, when one is reset, then it reads null and the other is kept', async () => {
      const rebuilt = subscriber('order-backups');
      const kept = subscriber('payment-process');
      await store().set(rebuilt, 90);
      await store().set(kept, 91);
      await store().reset(rebuilt);
      expect(await store().get(rebuilt)).toBeNull();
      expect(await store().get(kept)).toBe(91);
    });

    it('given a reset subscriber, when it sets a position again, then that position is read', async () => {
      const id = subscriber('stock-levels');
      await store().set(id, 5);
      await store().reset(id);
      await store().set(id, 3);
      expect(await store().get(id)).toBe(3);
    });

    it('given a subscriber that never stored a position, when it is reset, then nothing fails and it stays null', async () => {
      const id = subscriber('activity');
      await store().reset(id);
      expect(await store().get(id)).toBeNull();
    });

    it('given subscriber ids with unicode and punctuation, when set, then each is kept apart', async () => {
      const a = subscriber('bière/über:projection');
      const b = subscriber('bière/über:projection-2');
      await store().set(a, 1);
      await store().set(b, 2);
      expect([await store().get(a), await store().get(b)]).toEqual([1, 2]);
    });

    if (options.persistent) {
      it('given positions were set and one reset, when the store is reopened, then it reads the same state', async () => {
        const kept = subscriber('persisted');
        const forgotten = subscriber('forgotten');
        await store().set(kept, 1234);
        await store().set(forgotten, 99);
        await store().reset(forgotten);
        const reopen = opened.reopen;
        if (!reopen) throw new Error(`${label} is declared persistent but its factory returned no reopen()`);
        const reopened = await reopen();
        expect(await reopened.get(kept)).toBe(1234);
        expect(await reopened.get(forgotten)).toBeNull();
      });
    }
  });
}
