import { ApiProperty } from '@nestjs/swagger';
import { PACK_SIZES, type PackQuantity, type PackSize } from '@brewery/shop-rules';
import type { SalesLine } from '../domain/sales-line';
import type { BeerCans, DayRevenue, SalesSummary } from '../domain/sales-summary';

export class SalesLineResponseDto implements SalesLine {
  @ApiProperty({ example: '12-1' }) id!: string;
  @ApiProperty({ example: '12' }) orderId!: string;
  @ApiProperty({ type: Number, nullable: true, example: 12 }) orderNumber!: number | null;
  @ApiProperty({ description: 'Position of the item in its order, from 1', example: 1 }) line!: number;
  @ApiProperty({ description: 'When the payment succeeded', example: '2026-11-22T03:15:00.000Z' }) paidAt!: string;
  @ApiProperty({ description: 'Perth day of the payment', example: '2026-11-22' }) date!: string;
  @ApiProperty() productId!: string;
  @ApiProperty({ example: 'Quokka Pale Ale' }) productName!: string;
  @ApiProperty({ example: 'Pale Ale' }) style!: string;
  @ApiProperty({ enum: PACK_SIZES }) packSize!: PackSize;
  @ApiProperty({ enum: [1, 4, 8, 16] }) packQuantity!: PackQuantity;
  @ApiProperty({ description: 'Units bought: cans for single, packs otherwise', example: 2 }) packs!: number;
  @ApiProperty({ description: 'Cans', example: 8 }) quantity!: number;
  @ApiProperty({ description: 'Price of one can (single) or one pack', example: '22.00' }) unitPrice!: string;
  @ApiProperty({ example: 2200 }) unitPriceCents!: number;
  @ApiProperty({ example: '44.00' }) lineTotal!: string;
  @ApiProperty({ example: 4400 }) lineTotalCents!: number;
}

export class DayRevenueResponseDto implements DayRevenue {
  @ApiProperty({ example: '2026-11-22' }) day!: string;
  @ApiProperty({ example: '44.00' }) revenue!: string;
  @ApiProperty({ example: 4400 }) revenueCents!: number;
}

export class BeerCansResponseDto implements BeerCans {
  @ApiProperty() productId!: string;
  @ApiProperty({ example: 'Quokka Pale Ale' }) productName!: string;
  @ApiProperty({ example: 8 }) cans!: number;
}

export class SalesSummaryResponseDto implements SalesSummary {
  @ApiProperty({ example: '2026-11-01' }) startDate!: string;
  @ApiProperty({ example: '2026-11-30' }) endDate!: string;
  @ApiProperty({ example: 3 }) lineItems!: number;
  @ApiProperty({ description: 'Distinct paid orders', example: 2 }) orders!: number;
  @ApiProperty({ example: 24 }) totalCans!: number;
  @ApiProperty({
    description: 'Sum of the line totals: the beer at its line prices, less discount codes (off the beer) and refunds; shipping excluded',
    example: '132.00',
  })
  totalRevenue!: string;
  @ApiProperty({ example: 13200 }) totalRevenueCents!: number;
  @ApiProperty({
    description:
      "What discount codes took off the beer of the period's orders (their discount lines, as a positive sum); free shipping is not beer",
    example: '4.80',
  })
  discounts!: string;
  @ApiProperty({ example: 480 }) discountsCents!: number;
  @ApiProperty({ type: DayRevenueResponseDto, isArray: true, description: 'Every day of the period, zero days included' })
  revenueByDay!: DayRevenueResponseDto[];
  @ApiProperty({ type: BeerCansResponseDto, isArray: true, description: 'Most cans first' }) cansByBeer!: BeerCansResponseDto[];
}
