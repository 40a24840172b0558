import { ApiProperty } from '@nestjs/swagger';
import type { StockLevel } from '@brewery/shop-rules';
import type { StockLevelEntry } from '../domain/stock-levels';

export class StockLevelResponseDto implements StockLevelEntry {
  @ApiProperty() productId!: string;
  @ApiProperty({ example: 'Quokka Pale Ale' }) name!: string;
  @ApiProperty({ description: "The operator's stock figure, in cans", example: 8 }) inventory!: number;
  @ApiProperty({ description: 'Cans held by checkouts waiting for payment', example: 2 }) reserved!: number;
  @ApiProperty({ description: 'inventory less reserved', example: 6 }) available!: number;
  @ApiProperty({ enum: ['CRITICAL', 'LOW', 'OK'], description: 'CRITICAL at 5 cans or less, LOW at 10 or less, otherwise OK' })
  level!: StockLevel;
}
