import { ApiProperty } from '@nestjs/swagger';

export class UnmatchedStockLineResponseDto {
  @ApiProperty({ example: 'Wombat Stout: 12' }) line!: string;
  @ApiProperty({ description: 'Line of the e-mail, from 1', example: 4 }) lineNumber!: number;
  @ApiProperty({ example: 'No product is named "Wombat Stout"' }) reason!: string;
}

export class StockUpdateResponseDto {
  @ApiProperty() productId!: string;
  @ApiProperty({ example: 'Quokka Pale Ale' }) name!: string;
  @ApiProperty({ description: 'Stock figure before', example: 80 }) previous!: number;
  @ApiProperty({ description: 'Stock figure now', example: 120 }) inventory!: number;
  @ApiProperty({ description: 'False when the e-mail gave the figure the product already had' }) changed!: boolean;
}

export class ParseStockEmailResponseDto {
  @ApiProperty({ description: 'Lines applied (X of "Updated X of Y products")', example: 2 }) successCount!: number;
  @ApiProperty({ description: 'Product lines in the e-mail (Y)', example: 3 }) totalUpdates!: number;
  @ApiProperty({ type: UnmatchedStockLineResponseDto, isArray: true }) unmatched!: UnmatchedStockLineResponseDto[];
  @ApiProperty({ type: StockUpdateResponseDto, isArray: true }) updates!: StockUpdateResponseDto[];
}
