import type { BulkSkippedOrder } from '@brewery/shop-rules';
import { DomainError } from './domain-error';

export type { BulkSkippedOrder } from '@brewery/shop-rules';

/** What one step done for each of many orders came to, each order in one of the lists, in the order given. */
export interface EachOrderOutcome<T> {
  /** The orders the step was done for, with what it answered. */
  applied: { orderId: string; result: T }[];
  /** The orders it refused or failed for, each with why. */
  skipped: BulkSkippedOrder[];
  /** The steps that failed for a reason no catalogue names (each also in `skipped`), with the error, for the log. */
  failures: { orderId: string; error: unknown }[];
}

/** A refusal as the skipped order it makes: the catalogue's code, its message in the operator's words. */
export function skippedOrder(orderId: string, error: DomainError): BulkSkippedOrder {
  return { orderId, code: error.code, reason: error.message };
}

/**
 * Runs `step` for every order, `parallel` at a time, and says which it was done for and which not. A refusal
 * (a DomainError) skips that order with its reason; any other failure skips it too, with `failed`'s reason, and is
 * kept in `failures` so the caller logs it. Nothing is swallowed: every order ends in `applied` or `skipped`.
 */
export async function eachOrder<T>(
  orderIds: readonly string[],
  step: (orderId: string) => Promise<T>,
  options: { parallel: number; failed: (orderId: string) => DomainError },
): Promise<EachOrderOutcome<T>> {
  type One = { orderId: string; result: T } | { orderId: string; refused: DomainError; error?: unknown };
  const outcomes: One[] = [];
  for (let start = 0; start < orderIds.length; start += options.parallel) {
    const batch = orderIds.slice(start, start + options.parallel);
    outcomes.push(
      ...(await Promise.all(
        batch.map(async (orderId): Promise<One> => {
          try {
            return { orderId, result: await step(orderId) };
          } catch (error) {
            if (error instanceof DomainError) return { orderId, refused: error };
            return { orderId, refused: options.failed(orderId), error };
          }
        }),
      )),
    );
  }
  return {
    applied: outcomes.flatMap((one) => ('result' in one ? [{ orderId: one.orderId, result: one.result }] : [])),
    skipped: outcomes.flatMap((one) => ('refused' in one ? [skippedOrder(one.orderId, one.refused)] : [])),
    failures: outcomes.flatMap((one) => ('refused' in one && 'error' in one ? [{ orderId: one.orderId, error: one.error }] : [])),
  };
}

/** The skipped orders in words, after what was done: "4 skipped: Order #246 is …; Order #250 …; and 2 more". */
export function skippedInWords(skipped: readonly BulkSkippedOrder[], listed = 3): string {
  if (skipped.length === 0) return '';
  const named = skipped.slice(0, listed).map((one) => one.reason);
  const more = skipped.length - named.length;
  return `${skipped.length} skipped: ${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}
