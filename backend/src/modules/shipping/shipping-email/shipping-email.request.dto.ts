import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsOptional, IsString, MaxLength } from 'class-validator';
import type { ShippingEmailAction } from '../domain/shipping-email-parser';

const MAX_EMAIL_CHARS = 100_000;

export class ParseShippingEmailRequest {
  @ApiProperty({
    description: 'The pasted e-mail: the reply on top, quoted lines (">") below',
    example: 'Please create label for Order #12\n\n> Order #12 is paid.',
  })
  // Blank or missing content gets the spec's message from the parser, not a generic one.
  @IsOptional()
  @IsString({ message: 'emailContent must be text' })
  @MaxLength(MAX_EMAIL_CHARS, { message: `emailContent must be at most ${MAX_EMAIL_CHARS} characters` })
  emailContent?: string;

  @ApiPropertyOptional({ example: 'Re: Order #12 paid' })
  @IsOptional()
  @IsString({ message: 'subject must be text' })
  @MaxLength(1000, { message: 'subject must be at most 1000 characters' })
  subject?: string;
}

export class ParseShippingEmailResponse {
  @ApiProperty({
    type: String,
    nullable: true,
    example: '12',
    description: 'The order to create a label for; null unless the action is create_label (the message says why)',
  })
  orderId!: string | null;

  @ApiProperty({ enum: ['create_label', 'none'] })
  action!: ShippingEmailAction;

  @ApiProperty({ example: "Order #12 found with 'create label': ready to create a shipping label for Ada Lovelace (16 cans)." })
  message!: string;
}

export class CreateShippingLabelFromEmailRequest {
  @ApiProperty({ oneOf: [{ type: 'string' }, { type: 'integer' }], example: '12', description: 'The orderId the parse returned' })
  // Any shape is let through so that a missing or odd id gets the spec's message rather than a type error.
  @Allow()
  orderId?: unknown;

  @ApiPropertyOptional({ description: 'The e-mail that was parsed' })
  @IsOptional()
  @IsString({ message: 'emailContent must be text' })
  @MaxLength(MAX_EMAIL_CHARS, { message: `emailContent must be at most ${MAX_EMAIL_CHARS} characters` })
  emailContent?: string;
}

export class CreateShippingLabelFromEmailResponse {
  @ApiProperty({ example: 'SSB688236067', description: 'The consignment number, under the name the Shipping tab reads' })
  trackingNumber!: string;

  @ApiProperty({ example: 'SSB688236067' })
  consignmentNumber!: string;

  @ApiProperty({ example: 'https://auspost.com.au/mypost/track/details/SSB688236067' })
  trackingUrl!: string;
}
