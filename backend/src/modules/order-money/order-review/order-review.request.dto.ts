import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/** Closing an order's review: how it was settled, in the operator's words. Checked by `parseNote`. */
export class ResolveReviewRequest {
  @ApiProperty({ type: String, example: 'Refunded in full; customer told by phone', description: '1-500 characters' })
  @Allow()
  note?: unknown;
}

/** A refund of the order's payment. Checked by `parseRefundAsked`. */
export class RefundOrderRequest {
  @ApiProperty({
    type: String,
    required: false,
    example: '12.50',
    description: 'Dollars with at most two decimals; absent: everything not yet refunded',
  })
  @Allow()
  amount?: unknown;

  @ApiProperty({
    required: false,
    example: [{ productId: 'seed-quokka-pale-ale', cans: 1 }],
    description:
      "Instead of an amount: cans of the order's beers (1-50, each beer once), priced from the order's own lines (a beer's cans are worth what its lines cost, times cans over its cans, rounded down to the cent) and refunded up to what is left; never the shipping",
  })
  @Allow()
  items?: unknown;

  @ApiProperty({
    type: String,
    required: false,
    example: 'Two cans arrived dented',
    description: 'Up to 500 characters, kept in the history',
  })
  @Allow()
  note?: unknown;
}
