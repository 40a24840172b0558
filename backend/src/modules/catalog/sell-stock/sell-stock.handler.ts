import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ProductStreams, type ProductWriteResult } from '../product-streams';
import { SellStockCommand } from './sell-stock.command';

@CommandHandler(SellStockCommand)
export class SellStockHandler implements ICommandHandler<SellStockCommand> {
  constructor(private readonly streams: ProductStreams) {}

  execute(command: SellStockCommand): Promise<ProductWriteResult> {
    return this.streams.run(
      {
        type: 'SellStock',
        productId: command.productId,
        orderId: command.orderId,
        quantity: command.quantity,
        paymentIntentId: command.paymentIntentId,
      },
      command.context,
    );
  }
}
