import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ProductStreams, type ProductWriteResult } from '../product-streams';
import { SetProductActiveCommand } from './set-product-active.command';

@CommandHandler(SetProductActiveCommand)
export class SetProductActiveHandler implements ICommandHandler<SetProductActiveCommand> {
  constructor(private readonly streams: ProductStreams) {}

  execute(command: SetProductActiveCommand): Promise<ProductWriteResult> {
    return this.streams.run({ type: 'SetProductActive', productId: command.productId, isActive: command.isActive }, command.context);
  }
}
