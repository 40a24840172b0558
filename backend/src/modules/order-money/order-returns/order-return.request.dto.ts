import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/** Cans the customer sent back. Checked by `parseCans` and `parseReturnRefund`; the order decider decides the rest. */
export class RecordReturnRequest {
  @ApiProperty({
    example: [{ productId: 'seed-quokka-pale-ale', cans: 2 }],
    description: "The cans sent back: 1-50 of the order's beers, each once, at most what the order sold of it less what came back before",
  })
  @Allow()
  items?: unknown;

  @ApiProperty({
    required: false,
    oneOf: [{ type: 'boolean' }, { type: 'string' }],
    example: true,
    description:
      'true: refund the value of the returned cans, priced from the order\'s own lines (at most what is left to refund); an amount in dollars ("12.50"); absent or false: no money moves',
  })
  @Allow()
  refund?: unknown;
}
