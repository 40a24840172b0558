import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CountStockCommand } from './count-stock/count-stock.command';
import type { ReleaseReason, StockCountReason } from './domain/product.events';
import type { ProductSnapshot } from './domain/product-snapshot';
import { ProductStreams, type CommandContext, type ProductWriteResult } from './product-streams';
import { ReleaseReservationCommand } from './release-reservation/release-reservation.command';
import { ReserveStockCommand } from './reserve-stock/reserve-stock.command';
import { SellStockCommand } from './sell-stock/sell-stock.command';

export interface OrderReservationLine {
  productId: string;
  /** Cans. Lines of the same product are added together: one reservation per product and order. */
  quantity: number;
}

/**
 * What checkout and payments need from the catalog, in one place. Every method is idempotent per order,
 * writes to the product streams only, and returns positions: to show the result, await
 * `ProjectionRunner.waitForReadModels(max position)` before answering.
 */
@Injectable()
export class CatalogStock {
  constructor(
    private readonly commands: CommandBus,
    private readonly streams: ProductStreams,
  ) {}

  /** The product as its stream says now, for server-side pricing (`product.inventory` = cans buyable now); null when unknown or deleted. */
  snapshot(productId: string): Promise<ProductSnapshot | null> {
    return this.streams.snapshot(productId);
  }

  reserve(
    input: { productId: string; orderId: string; quantity: number; expiresAt: string },
    context: CommandContext,
  ): Promise<ProductWriteResult> {
    return this.commands.execute(new ReserveStockCommand(input.productId, input.orderId, input.quantity, input.expiresAt, context));
  }

  release(input: { productId: string; orderId: string; reason: ReleaseReason }, context: CommandContext): Promise<ProductWriteResult> {
    return this.commands.execute(new ReleaseReservationCommand(input.productId, input.orderId, input.reason, context));
  }

  sell(
    input: { productId: string; orderId: string; quantity: number; paymentIntentId: string },
    context: CommandContext,
  ): Promise<ProductWriteResult> {
    return this.commands.execute(new SellStockCommand(input.productId, input.orderId, input.quantity, input.paymentIntentId, context));
  }

  count(input: { productId: string; inventory: number; reason: StockCountReason }, context: CommandContext): Promise<ProductWriteResult> {
    return this.commands.execute(new CountStockCommand(input.productId, input.inventory, input.reason, context));
  }

  /**
   * Reserves every product of one checkout, or none: products are reserved one stream at a time (in id
   * order, so two checkouts meet in the same order), and when one is refused the ones already reserved
   * are released with reason `checkout_failed` before the refusal is rethrown. Repeating the call for the
   * same order reserves nothing twice.
   */
  async reserveOrder(
    input: { orderId: string; expiresAt: string; lines: readonly OrderReservationLine[] },
    context: CommandContext,
  ): Promise<ProductWriteResult[]> {
    const totals = new Map<string, number>();
    for (const line of input.lines) totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
    const done: ProductWriteResult[] = [];
    for (const [productId, quantity] of [...totals].sort(([a], [b]) => a.localeCompare(b))) {
      try {
        done.push(await this.reserve({ productId, orderId: input.orderId, quantity, expiresAt: input.expiresAt }, context));
      } catch (error) {
        for (const reserved of done) {
          // Best effort: a release that fails here is still undone by the reservation's expiry.
          await this.release({ productId: reserved.productId, orderId: input.orderId, reason: 'checkout_failed' }, context).catch(
            () => undefined,
          );
        }
        throw error;
      }
    }
    return done;
  }
}
