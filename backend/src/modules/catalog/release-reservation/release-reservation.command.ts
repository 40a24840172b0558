import { Command } from '@nestjs/cqrs';
import type { ReleaseReason } from '../domain/product.events';
import type { CommandContext, ProductWriteResult } from '../product-streams';

/** Hands a checkout's cans back; releasing an unknown or finished reservation records nothing. */
export class ReleaseReservationCommand extends Command<ProductWriteResult> {
  constructor(
    readonly productId: string,
    readonly orderId: string,
    readonly reason: ReleaseReason,
    readonly context: CommandContext,
  ) {
    super();
  }
}
