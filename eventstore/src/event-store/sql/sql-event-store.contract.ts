import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CheckpointStore } from '../../read-models/document-store.port';
import { DuplicateEventIdError } from '../event-store.errors';
import type { EventStore } from '../event-store.port';
import { anEvent, newStream, numbered } from '../event-store.contract';

export type SqlEventStore = EventStore & { checkpointStore(): CheckpointStore };

/**
 * What the SQL adapters promise beyond the port: event ids are unique across the whole log (KurrentDB
 * only deduplicates within a stream). Their checkpoint stores run `describeCheckpointStoreContract`.
 */
export function describeSqlEventStoreContract(label: string, open: () => Promise<SqlEventStore>): void {
  describe(`SQL event store: ${label}`, () => {
    let store: SqlEventStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store.close();
    });

    describe('event ids', () => {
      it('refuses a batch of which only some ids are already stored, writing nothing', async () => {
        const stream = newStream('payment');
        const [first, second] = numbered(2);
        if (!first || !second) throw new Error('unreachable');
        await store.append(stream, [first], { expectedRevision: 'no_stream' });
        const head = await store.headPosition();

        await expect(store.append(stream, [first, second], { expectedRevision: 'any' })).rejects.toThrow(DuplicateEventIdError);
        await expect(store.append(stream, [first, second], { expectedRevision: 'any' })).rejects.toThrow(/only part of the batch/);
        expect(await store.headPosition()).toBe(head);
      });

      it('refuses an id already stored in another stream, writing nothing', async () => {
        const [event] = numbered(1);
        if (!event) throw new Error('unreachable');
        const home = newStream('payment');
        await store.append(home, [event], { expectedRevision: 'no_stream' });
        const other = newStream('payment');

        await expect(store.append(other, [event], { expectedRevision: 'no_stream' })).rejects.toThrow(`already stored in stream ${home}`);
        expect(await store.readStream(other)).toEqual([]);
      });

      it('refuses a batch that repeats an id, and an id that is not a UUID', async () => {
        const id = randomUUID();
        const stream = newStream('order');
        await expect(
          store.append(
            stream,
            [
              { ...anEvent('A', {}), id },
              { ...anEvent('B', {}), id },
            ],
            { expectedRevision: 'no_stream' },
          ),
        ).rejects.toThrow(DuplicateEventIdError);
        await expect(store.append(stream, [{ ...anEvent('A', {}), id: 'evt_123' }], { expectedRevision: 'no_stream' })).rejects.toThrow(
          'Event id is not a UUID: evt_123',
        );
        expect(await store.readStream(stream)).toEqual([]);
      });

      it('accepts upper-case UUIDs and treats them as the same id on retry', async () => {
        const id = randomUUID();
        const stream = newStream('payment');
        const first = await store.append(stream, [{ ...anEvent('PaymentSucceeded', {}), id: id.toUpperCase() }], {
          expectedRevision: 'no_stream',
        });
        const again = await store.append(stream, [{ ...anEvent('PaymentSucceeded', {}), id }], { expectedRevision: 'no_stream' });
        expect(again).toEqual(first);
        expect((await store.readStream(stream)).map((e) => e.id)).toEqual([id]);
      });
    });
  });
}
