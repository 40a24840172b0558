import { Alert, Button } from 'antd';
import type { BulkResult, BulkSkippedOrder } from '@brewery/shop-rules';

/** What a bulk action came to, as the orders table shows it: in one place, the skipped orders listed with why. */
export interface BulkResultView {
  /** What was done, in the server's words (or why the request failed as a whole). */
  message: string;
  /** Each order left alone, with the reason in the operator's words. */
  skipped: readonly BulkSkippedOrder[];
  tone: 'success' | 'info' | 'warning' | 'error';
}

/**
 * A bulk answer as shown: done for every order (success, or info when nothing needed changing), done for some with
 * others skipped (warning), done for none (error).
 */
export function bulkResultView(outcome: BulkResult & { message: string }, changed = outcome.applied.length): BulkResultView {
  const { applied, skipped, message } = outcome;
  const tone = applied.length === 0 ? 'error' : skipped.length > 0 ? 'warning' : changed > 0 ? 'success' : 'info';
  return { message, skipped, tone };
}

/** A bulk request that failed as a whole (refused, or the shop did not answer): nothing was done. */
export function failedBulkResult(message: string): BulkResultView {
  return { message, skipped: [], tone: 'error' };
}

export interface BulkResultPanelProps {
  result: BulkResultView;
  onDismiss: () => void;
  /** Ticks the skipped orders, to deal with them next (set the pickups to Packed, say). */
  onSelectSkipped: (orderIds: string[]) => void;
}

/** The result of the last bulk action: what was done, then every order skipped with why, until dismissed. */
export function BulkResultPanel({ result, onDismiss, onSelectSkipped }: BulkResultPanelProps) {
  const count = result.skipped.length;
  return (
    <section className="orders-table__bulk-result" aria-label="Result of the bulk action">
      <Alert
        type={result.tone}
        showIcon
        title={result.message}
        description={
          count === 0 ? undefined : (
            <>
              <ul className="orders-table__skipped" aria-label={`${count} skipped`}>
                {result.skipped.map((one) => (
                  <li key={one.orderId}>{one.reason}</li>
                ))}
              </ul>
              <Button size="small" onClick={() => onSelectSkipped(result.skipped.map((one) => one.orderId))}>
                Select the {count} skipped
              </Button>
            </>
          )
        }
        action={
          <Button size="small" type="text" onClick={onDismiss}>
            Dismiss
          </Button>
        }
      />
    </section>
  );
}
