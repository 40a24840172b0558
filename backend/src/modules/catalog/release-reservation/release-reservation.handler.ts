import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ProductStreams, type ProductWriteResult } from '../product-streams';
import { ReleaseReservationCommand } from './release-reservation.command';

@CommandHandler(ReleaseReservationCommand)
export class ReleaseReservationHandler implements ICommandHandler<ReleaseReservationCommand> {
  constructor(private readonly streams: ProductStreams) {}

  execute(command: ReleaseReservationCommand): Promise<ProductWriteResult> {
    return this.streams.run(
      { type: 'ReleaseReservation', productId: command.productId, orderId: command.orderId, reason: command.reason },
      command.context,
    );
  }
}
