import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { ORDER_STATUSES } from '../domain/order.events';

/**
 * The manual status and tracking form. Both fields are checked together by `parseTrackingUpdate`, so a
 * form missing either (or both) gets the spec's one message rather than one per field.
 */
export class UpdateOrderTrackingRequest {
  @ApiProperty({ type: String, example: '33ABC1234567', description: '1-60 letters, digits, spaces or dashes; trimmed' })
  @Allow()
  trackingReference?: unknown;

  @ApiProperty({ type: String, enum: ORDER_STATUSES, example: 'shipped' })
  @Allow()
  status?: unknown;

  @ApiProperty({ type: Boolean, required: false, default: true, description: 'E-mail the customer about the change (default true)' })
  @Allow()
  notifyCustomer?: unknown;

  @ApiProperty({
    type: String,
    required: false,
    description:
      'Cancelling a paid order: "Cancel and keep the payment" for this reason (the order is flagged for review). Without it, what remains paid is refunded and the cans go back to stock',
  })
  @Allow()
  keepPaymentReason?: unknown;
}
