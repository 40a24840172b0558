import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ProductStreams, type ProductWriteResult } from '../product-streams';
import { ReserveStockCommand } from './reserve-stock.command';

@CommandHandler(ReserveStockCommand)
export class ReserveStockHandler implements ICommandHandler<ReserveStockCommand> {
  constructor(private readonly streams: ProductStreams) {}

  execute(command: ReserveStockCommand): Promise<ProductWriteResult> {
    return this.streams.run(
      {
        type: 'ReserveStock',
        productId: command.productId,
        orderId: command.orderId,
        quantity: command.quantity,
        expiresAt: command.expiresAt,
        at: command.at,
      },
      command.context,
    );
  }
}
