import { assertPosition } from '../checkpoint-position';
import type { CheckpointStore, Doc, DocumentStore } from '../document-store.port';
import { CHECKPOINT_COLLECTION } from '../preserved-collections';

interface CheckpointDoc extends Doc {
  position: number;
  updatedAt: string;
}

/**
 * Subscriber positions in the `checkpoints` collection of the read-model store, written through the port.
 * On MongoDB that collection is written with majority write concern and read with majority read concern,
 * so after a failover a subscriber resumes from a position that cannot be rolled back: it may repeat
 * events (projections are idempotent) but never skips one. `dropAll()` keeps the collection, so a
 * rebuild resets only the checkpoints it means to (`reset`).
 */
export class MongoCheckpointStore implements CheckpointStore {
  constructor(private readonly documents: DocumentStore) {}

  async get(subscriberId: string): Promise<number | null> {
    const doc = await this.checkpoints().findOne({ _id: subscriberId });
    return doc ? doc.position : null;
  }

  async set(subscriberId: string, position: number): Promise<void> {
    assertPosition(position);
    await this.checkpoints().updateOne(
      { _id: subscriberId },
      { $set: { position, updatedAt: new Date().toISOString() } },
      { upsert: true },
    );
  }

  async reset(subscriberId: string): Promise<void> {
    await this.checkpoints().deleteOne({ _id: subscriberId });
  }

  private checkpoints() {
    return this.documents.collection<CheckpointDoc>(CHECKPOINT_COLLECTION);
  }
}
