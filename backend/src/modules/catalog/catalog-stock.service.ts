import { Injectable } from '@nestjs/common';
import type { ReleaseReason, StockCountReason } from './domain/product.events';
import type { ProductSnapshot } from './domain/product-snapshot';
import type { Cause } from '../../platform/event-sourcing/command-metadata';
import { ProductStreams, type ProductWriteResult } from './product-streams';

/**
 * What checkout and payments need from the catalog, in one place. Every method is idempotent per order,
 * writes to the product streams only, and returns positions: to show the result, await
 * `ProjectionRunner.waitForReadModels(max position)` before answering.
 */
@Injectable()
export class CatalogStock {
  constructor(private readonly streams: ProductStreams) {}

  /**
   * The product as its stream says now, for server-side pricing (`product.inventory` = cans buyable now); null when
   * unknown or deleted. `replacing`: the customer's own earlier checkouts that the one being priced will end.
   */
  snapshot(productId: string, at?: string, replacing?: readonly string[]): Promise<ProductSnapshot | null> {
    return this.streams.snapshot(productId, at, replacing);
  }

  /**
   * `at`: the checkout's time; other orders' holds that expired by then are released in the same write.
   * `replacing`: the customer's own earlier checkouts that this one ends once it holds its cans (their cans count
   * as free for it).
   */
  reserve(
    input: {
      productId: string;
      orderId: string;
      quantity: number;
      expiresAt: string;
      at: string;
      replacing?: readonly string[];
      member?: boolean;
    },
    context: Cause,
  ): Promise<ProductWriteResult> {
    const { productId, orderId, quantity, expiresAt, at, replacing, member } = input;
    return this.streams.run(
      {
        type: 'ReserveStock',
        productId,
        orderId,
        quantity,
        expiresAt,
        at,
        ...(replacing === undefined ? {} : { replacing }),
        ...(member === true ? { member } : {}),
      },
      context,
    );
  }

  /**
   * A club run's cans of this beer, one hold per member (`holdId`), all or none: refused (insufficient stock, not on sale
   * to members yet) without writing anything.
   */
  holdForClub(
    input: { productId: string; holds: readonly { holdId: string; quantity: number }[]; expiresAt: string; at: string },
    context: Cause,
  ): Promise<ProductWriteResult> {
    return this.streams.run({ type: 'HoldForClub', ...input }, context);
  }

  /** A member's held share becomes their order's hold, in one write; refused (hold_missing) when the share holds nothing. */
  passHold(input: { productId: string; from: string; to: string; expiresAt: string }, context: Cause): Promise<ProductWriteResult> {
    return this.streams.run({ type: 'PassHold', ...input }, context);
  }

  release(input: { productId: string; orderId: string; reason: ReleaseReason }, context: Cause): Promise<ProductWriteResult> {
    return this.streams.run(
      { type: 'ReleaseReservation', productId: input.productId, orderId: input.orderId, reason: input.reason },
      context,
    );
  }

  sell(
    input: { productId: string; orderId: string; quantity: number; paymentIntentId: string },
    context: Cause,
  ): Promise<ProductWriteResult> {
    const { productId, orderId, quantity, paymentIntentId } = input;
    return this.streams.run({ type: 'SellStock', productId, orderId, quantity, paymentIntentId }, context);
  }

  /**
   * An order's cans back on the shelf (nothing for an order this beer never sold to): without `returnId`, a cancelled
   * order's cans, once per order; with it, `quantity` cans the customer sent back, once per return.
   */
  returnCans(
    input: { productId: string; orderId: string; returnId?: string; quantity?: number },
    context: Cause,
  ): Promise<ProductWriteResult> {
    const { productId, orderId, returnId, quantity } = input;
    return this.streams.run(
      { type: 'ReturnStock', productId, orderId, ...(returnId === undefined ? {} : { returnId, quantity: quantity ?? 0 }) },
      context,
    );
  }

  count(input: { productId: string; inventory: number; reason: StockCountReason }, context: Cause): Promise<ProductWriteResult> {
    return this.streams.run({ type: 'CountStock', productId: input.productId, inventory: input.inventory, reason: input.reason }, context);
  }
}
