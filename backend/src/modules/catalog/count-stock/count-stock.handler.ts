import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ProductStreams, type ProductWriteResult } from '../product-streams';
import { CountStockCommand } from './count-stock.command';

@CommandHandler(CountStockCommand)
export class CountStockHandler implements ICommandHandler<CountStockCommand> {
  constructor(private readonly streams: ProductStreams) {}

  execute(command: CountStockCommand): Promise<ProductWriteResult> {
    return this.streams.run(
      { type: 'CountStock', productId: command.productId, inventory: command.inventory, reason: command.reason },
      command.context,
    );
  }
}
