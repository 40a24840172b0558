import type { CheckpointStore } from '../document-store.port';
import { assertPosition } from '../checkpoint-position';

/** Checkpoints for the embedded default, where every read model is rebuilt at start-up anyway. */
export class MemoryCheckpointStore implements CheckpointStore {
  private readonly positions = new Map<string, number>();

  async get(subscriberId: string): Promise<number | null> {
    return this.positions.get(subscriberId) ?? null;
  }

  async set(subscriberId: string, position: number): Promise<void> {
    assertPosition(position);
    this.positions.set(subscriberId, position);
  }

  async reset(subscriberId: string): Promise<void> {
    this.positions.delete(subscriberId);
  }
}
