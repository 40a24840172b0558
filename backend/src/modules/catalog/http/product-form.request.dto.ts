import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BEER_TYPES, decimalString, toCents, type BeerType } from '@brewery/shop-rules';
import type { ProductFields } from '../domain/product.events';
import {
  Checked,
  abv,
  beerType,
  flag,
  imageUrl,
  inventory,
  isBlank,
  maxPerOrder,
  money,
  releaseAt,
  membersFrom,
  requiredText,
  revision,
} from './product-form.validators';

/**
 * The admin product form (spec section 5), for Add Product and for a full edit. Prices may come as
 * numbers or strings ("6.5" or 6.5) and are stored as "6.50"; an empty pack price is null. Unknown fields
 * are refused by the global validation pipe.
 */
export class ProductFormRequestDto {
  @ApiProperty({ example: 'Quokka Pale Ale' })
  @Checked('name', requiredText('name', 120))
  name!: string;

  @ApiProperty({ example: 'Australian Pale Ale' })
  @Checked('style', requiredText('style', 80))
  style!: string;

  @ApiProperty({ example: 'Galaxy and Ella hops bring passionfruit and stone fruit.' })
  @Checked('description', requiredText('description', 2000, 'several'))
  description!: string;

  @ApiProperty({ description: 'Percent alcohol by volume, 0 to 20, one decimal', example: 4.8 })
  @Checked('abv', abv)
  abv!: number | string;

  @ApiProperty({ description: 'Single-can price in dollars, above 0, two decimals', example: '6.50', type: String })
  @Checked('price', money('price', { required: true, example: '6.50' }))
  price!: string | number;

  @ApiPropertyOptional({ example: '24.00', type: String, nullable: true })
  @Checked('price4Pack', money('price4Pack', { required: false, example: '24.00' }))
  price4Pack?: string | number | null;

  @ApiPropertyOptional({ example: '46.00', type: String, nullable: true })
  @Checked('price8Pack', money('price8Pack', { required: false, example: '46.00' }))
  price8Pack?: string | number | null;

  @ApiPropertyOptional({ example: '88.00', type: String, nullable: true })
  @Checked('price16Pack', money('price16Pack', { required: false, example: '88.00' }))
  price16Pack?: string | number | null;

  @ApiPropertyOptional({ description: 'Cans in stock (the operator’s figure)', default: 0, example: 240 })
  @Checked('inventory', inventory)
  inventory?: number | string;

  @ApiPropertyOptional({
    description: 'The most cans of this beer one order may hold (1 to 192); empty or null for no limit',
    example: 16,
    nullable: true,
    type: Number,
  })
  @Checked('maxPerOrder', maxPerOrder)
  maxPerOrder?: number | string | null;

  @ApiPropertyOptional({
    description:
      'When the beer goes on sale by itself (an instant; the admin form takes Perth time); null or empty: no scheduled release; absent: unchanged',
    example: '2026-12-05T02:00:00.000Z',
    nullable: true,
    type: String,
  })
  @Checked('releaseAt', releaseAt)
  releaseAt?: string | null;

  @ApiPropertyOptional({
    description: 'When club members may buy it before the release (an instant before releaseAt); null or empty: none; absent: unchanged',
    example: '2026-12-03T02:00:00.000Z',
    nullable: true,
    type: String,
  })
  @Checked('membersFrom', membersFrom)
  membersFrom?: string | null;

  @ApiProperty({ description: 'An http(s) URL or a path on this site starting with /', example: '/cans/quokka-pale-ale.svg' })
  @Checked('imageUrl', imageUrl)
  imageUrl!: string;

  @ApiPropertyOptional({ default: false })
  @Checked('enable4Pack', flag('enable4Pack'))
  enable4Pack?: boolean;

  @ApiPropertyOptional({ default: false })
  @Checked('enable8Pack', flag('enable8Pack'))
  enable8Pack?: boolean;

  @ApiPropertyOptional({ default: false })
  @Checked('enable16Pack', flag('enable16Pack'))
  enable16Pack?: boolean;

  @ApiPropertyOptional({ enum: BEER_TYPES, nullable: true, description: 'One of the four, or null for none' })
  @Checked('beerType', beerType)
  beerType?: BeerType | '' | null;

  @ApiPropertyOptional({ default: true, description: 'Live in the shop (true) or draft (false)' })
  @Checked('isActive', flag('isActive'))
  isActive?: boolean;

  @ApiPropertyOptional({ default: false })
  @Checked('archived', flag('archived'))
  archived?: boolean;
}

export class UpdateProductRequestDto extends ProductFormRequestDto {
  @ApiPropertyOptional({
    description: 'The product revision the form was filled from (from the admin list); a stale edit is refused with 409',
    example: 3,
  })
  @Checked('revision', revision)
  revision?: number;
}

/** `PUT /api/admin/products/{id}` with only `{ isActive }`: Include in Shop / Remove from Shop. */
export class SetProductActiveRequestDto {
  @ApiProperty()
  @Checked('isActive', (value) => (typeof value === 'boolean' ? null : 'isActive must be true or false'))
  isActive!: boolean;
}

export class ProductIdResponseDto {
  @ApiProperty({ example: '1b4e28ba-2fa1-41d2-883f-0016d3cca427' })
  id!: string;
}

export class SeedProductsResponseDto {
  @ApiProperty({ description: 'Beers added by this run', example: 12 })
  created!: number;

  @ApiProperty({ description: 'Beers that were already seeded', example: 0 })
  skipped!: number;

  @ApiProperty({ description: 'Of those, beers the operator deleted (they stay deleted)', example: 0 })
  deleted!: number;
}

/** The validated form as the domain takes it. */
export function toProductFields(dto: ProductFormRequestDto): ProductFields {
  const price = (value: string | number | null | undefined): string | null =>
    isBlank(value) ? null : decimalString(toCents(value as string | number));
  return {
    name: dto.name.trim(),
    style: dto.style.trim(),
    description: dto.description.trim(),
    abv: Number(dto.abv),
    beerType: dto.beerType === undefined || dto.beerType === '' ? null : dto.beerType,
    imageUrl: dto.imageUrl.trim(),
    inventory: dto.inventory === undefined ? 0 : Number(dto.inventory),
    isActive: dto.isActive ?? true,
    archived: dto.archived ?? false,
    price: price(dto.price) ?? '',
    price4Pack: price(dto.price4Pack),
    price8Pack: price(dto.price8Pack),
    price16Pack: price(dto.price16Pack),
    enable4Pack: dto.enable4Pack ?? false,
    enable8Pack: dto.enable8Pack ?? false,
    enable16Pack: dto.enable16Pack ?? false,
    maxPerOrder: isBlank(dto.maxPerOrder) ? null : Number(dto.maxPerOrder),
    ...(dto.releaseAt === undefined ? {} : { releaseAt: isBlank(dto.releaseAt) ? null : new Date(dto.releaseAt as string).toISOString() }),
    ...(dto.membersFrom === undefined
      ? {}
      : { membersFrom: isBlank(dto.membersFrom) ? null : new Date(dto.membersFrom as string).toISOString() }),
  };
}
