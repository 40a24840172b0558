import { decimalString, type OrderReturnAnswer } from '@brewery/shop-rules';
import { Inject, Injectable } from '@nestjs/common';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/clock';
import { RetryLater } from '../../../platform/projections/projection';
import { DomainError } from '../../../shared-kernel/domain-error';
import { CatalogStock } from '../../catalog';
import {
  cansText,
  orderDecider,
  refundableCents,
  type PlacedOrder,
  type RecordedReturn,
  OrderErrors,
  orderStreamName,
  parseCans,
  parseIdempotencyKey,
  parseReturnRefund,
  OrderStreams,
} from '../../orders';

import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { keyDigest, OrderReview, type RefundAnswer } from '../order-review/order-review.service';

/** `POST /api/admin/orders/{id}/return`'s answer: what was recorded, and the money it moved. */
export type ReturnAnswer = OrderReturnAnswer;

/**
 * Cans a customer sent back from an order with its customer. The order decider records the return (once per return
 * id) with the money it moves; then the cans go back on the shelf (once per return, on each product stream) and the
 * refund, if any, is made under a key of the return's own. The order-return process manager finishes the same steps
 * from the log, so a return cut off half-way is completed, never repeated.
 */
@Injectable()
export class OrderReturns {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly orders: OrderStreams,
    private readonly stock: CatalogStock,
    private readonly review: OrderReview,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * One return per key: the request's `Idempotency-Key`, or without one the returns already recorded and what is
   * asked (so identical requests that cross make one return, and the same request sent after it makes another).
   */
  async record(
    orderId: string,
    body: { items?: unknown; refund?: unknown },
    idempotencyKey: string | undefined,
    cause: Cause,
  ): Promise<ReturnAnswer> {
    const items = parseCans(body.items);
    const refund = parseReturnRefund(body.refund);
    const key = parseIdempotencyKey(idempotencyKey);
    const order = await this.orders.placed(orderId);
    if (order === null) throw OrderErrors.notFound(orderId);
    const returnId = keyDigest(
      key === undefined ? `return-n${(order.returns ?? []).length}-${JSON.stringify([sorted(items), refund])}` : `return-key-${key}`,
    );
    const decided = await this.pipeline.run({
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command: { type: 'RecordReturn', returnId, items, refund, at: this.clock.now().toISOString() },
      cause,
    });
    const state = decided.state;
    if (state.kind !== 'placed') throw OrderErrors.notFound(orderId);
    const entry = returnOf(state, returnId);
    let refunded: RefundAnswer | null = null;
    let refusal: string | null = null;
    try {
      refunded = await this.complete(orderId, returnId, cause);
    } catch (error) {
      // The return is recorded and its cans are back; only the money was refused (the operator refunds by hand).
      if (!(error instanceof DomainError) || error.code !== 'refund_refused') throw error;
      refusal = error.message;
    }
    const money =
      refusal !== null
        ? `; the refund of $${decimalString(entry.refundCents)} was not made (${refusal}): refund it by hand`
        : refunded !== null
          ? `; refunded $${refunded.amount} and the customer was e-mailed`
          : '; nothing refunded';
    return {
      message: `Recorded the return of ${cansText(state, entry.items)} from Order #${orderId} (back in stock)${money}`,
      returnId,
      items: entry.items.map(({ productId, cans }) => ({ productId, productName: nameOf(state, productId), cans })),
      refund: decimalString(entry.refundCents),
      refunded: refunded?.refunded ?? decimalString(state.refundedCents),
      refundable: refunded?.refundable ?? decimalString(refundableCents(state)),
    };
  }

  /**
   * The steps after a return is recorded, each once: its cans back on each product's shelf, then its refund. A beer
   * deleted since has no shelf to return to. Answers the refund made (or found made), or null when there is none.
   */
  async complete(orderId: string, returnId: string, cause: Cause): Promise<RefundAnswer | null> {
    const order = await this.orders.placed(orderId);
    const entry = order === null ? undefined : (order.returns ?? []).find((r) => r.returnId === returnId);
    if (order === null || entry === undefined) return null;
    for (const { productId, cans } of entry.items) {
      try {
        await this.stock.returnCans({ productId, orderId, returnId, quantity: cans }, cause);
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'product_not_found')) throw error;
      }
    }
    return this.review.refundReturn(orderId, returnId, entry.refundCents, `Returned: ${cansText(order, entry.items)}`, cause);
  }

  /** For the process manager: a refund being made under the same key at this moment is waited out quietly. */
  async completeFromLog(orderId: string, returnId: string, cause: Cause): Promise<void> {
    try {
      await this.complete(orderId, returnId, cause);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'refund_in_progress')
        throw new RetryLater(`the refund of a return of order #${orderId} is being made under its key: ${error.message}`, { cause: error });
      // Refused by the provider: recorded on the refund's stream by the refund-completion process manager.
      if (error instanceof DomainError && error.code === 'refund_refused') return;
      throw error;
    }
  }
}

function returnOf(state: PlacedOrder, returnId: string): RecordedReturn {
  const entry = (state.returns ?? []).find((r) => r.returnId === returnId);
  if (entry === undefined) throw new Error(`return ${returnId} of order #${state.order.orderId} was not recorded`);
  return entry;
}

function nameOf(state: PlacedOrder, productId: string): string {
  return state.order.items.find((item) => item.productId === productId)?.productName ?? productId;
}

function sorted(items: readonly { productId: string; cans: number }[]): [string, number][] {
  return items.map((item): [string, number] => [item.productId, item.cans]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
