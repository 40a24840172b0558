import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CountStockCommand } from './count-stock/count-stock.command';
import type { ReleaseReason, StockCountReason } from './domain/product.events';
import type { ProductSnapshot } from './domain/product-snapshot';
import { ProductStreams, type CommandContext, type ProductWriteResult } from './product-streams';
import { ReleaseReservationCommand } from './release-reservation/release-reservation.command';
import { ReserveStockCommand } from './reserve-stock/reserve-stock.command';
import { SellStockCommand } from './sell-stock/sell-stock.command';

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
  snapshot(productId: string, at?: string): Promise<ProductSnapshot | null> {
    return this.streams.snapshot(productId, at);
  }

  /** `at`: the checkout's time; other orders' holds that expired by then are released in the same write. */
  reserve(
    input: { productId: string; orderId: string; quantity: number; expiresAt: string; at: string },
    context: CommandContext,
  ): Promise<ProductWriteResult> {
    return this.commands.execute(
      new ReserveStockCommand(input.productId, input.orderId, input.quantity, input.expiresAt, input.at, context),
    );
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
}
