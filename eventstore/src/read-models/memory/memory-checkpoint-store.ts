import { assertPosition } from '../checkpoint-position';
import type { CheckpointStore } from '../document-store.port';
import { settle } from './settle';

/** Checkpoints for the embedded default, where every read model is rebuilt at start-up anyway. */
export class MemoryCheckpointStore implements CheckpointStore {
  private readonly positions = new Map<string, number>();

  get(subscriberId: string): Promise<number | null> {
    return settle(() => this.positions.get(subscriberId) ?? null);
  }

  set(subscriberId: string, position: number): Promise<void> {
    return settle(() => {
      assertPosition(position);
      this.positions.set(subscriberId, position);
    });
  }

  reset(subscriberId: string): Promise<void> {
    return settle(() => {
      this.positions.delete(subscriberId);
    });
  }
}
