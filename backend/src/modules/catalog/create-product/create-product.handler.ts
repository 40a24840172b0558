import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ProductStreams, type ProductWriteResult } from '../product-streams';
import { CreateProductCommand } from './create-product.command';

@CommandHandler(CreateProductCommand)
export class CreateProductHandler implements ICommandHandler<CreateProductCommand> {
  constructor(private readonly streams: ProductStreams) {}

  execute(command: CreateProductCommand): Promise<ProductWriteResult> {
    return this.streams.run({ type: 'CreateProduct', productId: command.productId, fields: command.fields }, command.context);
  }
}
