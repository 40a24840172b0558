import type { Collection, Db } from 'mongodb';
import { assertPosition } from '../checkpoint-position';
import type { CheckpointStore } from '../document-store.port';
import { CHECKPOINT_COLLECTION } from '../preserved-collections';

interface CheckpointDoc {
  _id: string;
  position: number;
  updatedAt: string;
}

/**
 * Subscriber positions in the `checkpoints` collection of the read-model database. Written with majority
 * write concern and read with majority read concern: after a failover, a subscriber resumes from a
 * position that cannot be rolled back, so it may repeat events (projections are idempotent) but never skip one.
 */
export class MongoCheckpointStore implements CheckpointStore {
  private readonly checkpoints: Collection<CheckpointDoc>;

  constructor(db: Db) {
    this.checkpoints = db.collection<CheckpointDoc>(CHECKPOINT_COLLECTION, {
      readConcern: { level: 'majority' },
      writeConcern: { w: 'majority' },
    });
  }

  async get(subscriberId: string): Promise<number | null> {
    const doc = await this.checkpoints.findOne({ _id: subscriberId });
    return doc ? doc.position : null;
  }

  async set(subscriberId: string, position: number): Promise<void> {
    assertPosition(position);
    await this.checkpoints.updateOne(
      { _id: subscriberId },
      { $set: { position, updatedAt: new Date().toISOString() } },
      { upsert: true },
    );
  }

  async reset(subscriberId: string): Promise<void> {
    await this.checkpoints.deleteOne({ _id: subscriberId });
  }
}
