import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { FULFILMENT_METHODS, PACK_SIZES } from '@brewery/shop-rules';

/** Shape only: which fields are missing or wrong is said by the domain check, naming each field. */
export class CustomerInfoRequest {
  @ApiProperty() @IsOptional() @IsString({ message: 'name is required' }) @MaxLength(500) name?: string;
  @ApiProperty() @IsOptional() @IsString({ message: 'email is required' }) @MaxLength(500) email?: string;
  @ApiProperty({ example: '0412 345 678' }) @IsOptional() @IsString({ message: 'phone is required' }) @MaxLength(500) phone?: string;
  @ApiProperty() @IsOptional() @IsString({ message: 'addressLine1 is required' }) @MaxLength(500) addressLine1?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) addressLine2?: string;
  @ApiProperty() @IsOptional() @IsString({ message: 'suburb is required' }) @MaxLength(500) suburb?: string;
  @ApiProperty({ example: '6000' }) @IsOptional() @IsString({ message: 'postCode is required' }) @MaxLength(500) postCode?: string;
  @ApiProperty({ example: 'WA' }) @IsOptional() @IsString({ message: 'state is required' }) @MaxLength(500) state?: string;
}

export class CartItemRequest {
  @ApiProperty() @IsString({ message: 'productId is required on every cart item' }) @MaxLength(200) productId!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) name?: string;
  @ApiProperty({ description: 'Cans' })
  @IsInt({ message: 'quantity must be a whole number of cans' })
  @Min(1, { message: 'quantity must be at least 1' })
  quantity!: number;
  @ApiProperty({ description: 'Per can for single lines, the whole line for packs (what the customer saw)' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'price must be a number' })
  @Min(0, { message: 'price must not be negative' })
  price!: number;
  @ApiProperty({ enum: PACK_SIZES }) @IsIn(PACK_SIZES, { message: `packSize must be one of ${PACK_SIZES.join(', ')}` }) packSize!: string;
  @ApiProperty({ enum: [1, 4, 8, 16] }) @IsIn([1, 4, 8, 16], { message: 'packQuantity must be 1, 4, 8 or 16' }) packQuantity!: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) imageUrl?: string;
}

/** Posted (the default) or collected at the cellar door on an open Saturday; which Saturdays are open is the domain's to say. */
export class FulfilmentRequest {
  @ApiProperty({ enum: FULFILMENT_METHODS })
  @IsIn(FULFILMENT_METHODS, { message: `method must be one of ${FULFILMENT_METHODS.join(', ')}` })
  method!: (typeof FULFILMENT_METHODS)[number];
  @ApiPropertyOptional({ example: '2026-12-05', description: 'For a pickup: the Saturday (YYYY-MM-DD, Perth)' })
  @IsOptional()
  @IsString({ message: 'pickupDate must be a date, YYYY-MM-DD' })
  @MaxLength(10, { message: 'pickupDate must be a date, YYYY-MM-DD' })
  pickupDate?: string;
}

/** A cart and how it is handed over: what the checkout and the code check both price. */
export class PricedCartRequest {
  @ApiProperty({ type: [CartItemRequest] })
  @IsArray({ message: 'cartItems must be a list' })
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => CartItemRequest)
  cartItems!: CartItemRequest[];

  @ApiPropertyOptional({ type: FulfilmentRequest, description: 'Absent: delivery' })
  @IsOptional()
  @IsObject({ message: 'fulfilment must be an object, e.g. { "method": "delivery" }' })
  @ValidateNested()
  @Type(() => FulfilmentRequest)
  fulfilment?: FulfilmentRequest;
  @ApiPropertyOptional({
    description:
      'A club member’s link token (from their club e-mails): with the member’s own e-mail address, a beer open to members early may be bought',
  })
  @IsOptional()
  @IsString({ message: 'memberToken must be text' })
  @MaxLength(100, { message: 'memberToken is the token of a club link' })
  memberToken?: string;
}

const CODE_SHAPE = 'A code is 3 to 32 letters, digits and dashes.';

export class CreatePaymentIntentRequest extends PricedCartRequest {
  @ApiProperty({ type: CustomerInfoRequest })
  @IsObject({ message: 'customerInfo is required' })
  @ValidateNested()
  @Type(() => CustomerInfoRequest)
  customerInfo!: CustomerInfoRequest;

  @ApiPropertyOptional({
    description:
      'true: the customer confirmed buying again the pack this browser paid for minutes ago (otherwise 409 repeat_of_paid_order)',
  })
  @IsOptional()
  @IsBoolean({ message: 'confirmRepeat must be true or false' })
  confirmRepeat?: boolean;

  @ApiPropertyOptional({ example: 'CLUB10', description: 'A discount code (any case); priced by the server, 409 when it does not apply' })
  @IsOptional()
  @IsString({ message: 'discountCode must be text' })
  @MaxLength(64, { message: CODE_SHAPE })
  discountCode?: string;
}

/** `POST /api/discount-codes/check`: what a code would take off this cart (nothing is held or recorded). */
export class DiscountCheckRequest extends PricedCartRequest {
  @ApiProperty({ example: 'CLUB10' })
  @IsString({ message: 'code is required' })
  @MaxLength(64, { message: CODE_SHAPE })
  code!: string;

  @ApiPropertyOptional({
    type: CustomerInfoRequest,
    description: 'With an e-mail address: one-per-customer codes are checked; with a state and postcode: shipping',
  })
  @IsOptional()
  @IsObject({ message: 'customerInfo must be an object' })
  @ValidateNested()
  @Type(() => CustomerInfoRequest)
  customerInfo?: CustomerInfoRequest;
}

export interface CreatePaymentIntentResponse {
  clientSecret: string;
  paymentIntentId: string;
  orderId: string;
  /** What will be charged, in cents (as the payment provider counts it). */
  amount: number;
  currency: 'aud';
  /** The server's figures, as decimal strings. */
  totals: { subtotal: string; shipping: string; discount: string; gstIncluded: string; total: string };
  /** The same figures under the order's names (dollars, as decimal strings). */
  subtotal: string;
  shippingCost: string;
  /** What the discount code took off ("0.00" without one). */
  discount: string;
  totalAmount: string;
  gstIncluded: string;
  /** The code the order was priced with (in capitals), and its offer in words ("10% off"), or null. */
  discountCode: string | null;
  discountDescription: string | null;
  reservationExpiresAt: string;
}
