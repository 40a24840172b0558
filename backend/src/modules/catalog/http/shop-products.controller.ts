import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { ProductAvailability } from '@brewery/shop-rules';
import { matchesEtag } from '../../../shared-kernel/etag';
import { ProductErrors } from '../domain/product.errors';
import { GetProductAvailabilityQuery } from '../product-list/product-list.queries';
import { ShopListing } from '../product-list/shop-listing';

/**
 * The shop's reads. Nothing between the read model and the customer keeps an answer: a customer must never
 * see a stale price or stock figure. The list's JSON is reused only until the product list next changes.
 */
@ApiTags('products')
@Controller('products')
export class ShopProductsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly listing: ShopListing,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Products in the shop (live, archived last); inventory is what can be bought now',
    description: 'Sent with Cache-Control: no-cache and a strong ETag: browsers revalidate and get 304 while nothing changed.',
  })
  @ApiOkResponse({ description: 'Array of products' })
  async list(@Req() req: Request, @Res() res: Response): Promise<void> {
    const { body, etag } = await this.listing.current();
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', etag);
    if (matchesEtag(req.header('if-none-match'), etag)) {
      res.status(304).end();
      return;
    }
    res.status(200).type('application/json').send(body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One live product: name, isActive and the cans that can be bought now' })
  @ApiOkResponse({ description: '{ id, name, isActive, inventory }' })
  @ApiNotFoundResponse({ description: "'Product {id} not found or inactive'" })
  async one(@Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<ProductAvailability> {
    const product = await this.queries.execute(new GetProductAvailabilityQuery(id));
    if (product === null) throw ProductErrors.notFoundOrInactive(id);
    res.setHeader('Cache-Control', 'no-cache');
    return product;
  }
}
