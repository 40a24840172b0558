import { WrongExpectedRevisionError } from '@brewery/eventstore';

const DEFAULT_ATTEMPTS = 60;

/**
 * Retries work that lost an optimistic-concurrency race. The pipeline already retries a few times; a
 * checkout rush on the last cans (or on the order-number stream) can need more, so we back off with
 * jitter and try again. Only a conflict is retried: a refusal (insufficient stock…) is final.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = DEFAULT_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 5 * attempt)));
    }
  }
}
