import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ProductStreams, type ProductWriteResult } from '../product-streams';
import { UpdateProductCommand } from './update-product.command';

@CommandHandler(UpdateProductCommand)
export class UpdateProductHandler implements ICommandHandler<UpdateProductCommand> {
  constructor(private readonly streams: ProductStreams) {}

  execute(command: UpdateProductCommand): Promise<ProductWriteResult> {
    return this.streams.run(
      {
        type: 'UpdateProduct',
        productId: command.productId,
        fields: command.fields,
        ...(command.expectedRevision === undefined ? {} : { expectedRevision: command.expectedRevision }),
      },
      command.context,
    );
  }
}
