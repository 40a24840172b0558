import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ProductStreams, type ProductWriteResult } from '../product-streams';
import { DeleteProductCommand } from './delete-product.command';

@CommandHandler(DeleteProductCommand)
export class DeleteProductHandler implements ICommandHandler<DeleteProductCommand> {
  constructor(private readonly streams: ProductStreams) {}

  execute(command: DeleteProductCommand): Promise<ProductWriteResult> {
    return this.streams.run({ type: 'DeleteProduct', productId: command.productId }, command.context);
  }
}
