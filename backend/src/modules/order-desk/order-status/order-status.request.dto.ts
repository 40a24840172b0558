import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

export class OrderStatusRequest {
  @ApiProperty({ example: '1042', description: 'The order number, with or without #' })
  @IsString({ message: 'orderNumber must be the order number' })
  @MaxLength(20, { message: 'orderNumber must be the order number' })
  orderNumber!: string;

  @ApiProperty({ example: 'ada@example.com', description: 'The e-mail address the order was placed with' })
  @IsString({ message: 'email must be an e-mail address' })
  @MaxLength(254, { message: 'email must be an e-mail address' })
  email!: string;
}
