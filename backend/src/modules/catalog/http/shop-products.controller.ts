import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { sendPrepared, type PreparedAnswer, type PreparedBody } from '../../../platform/http/prepared-response';
import { ProductErrors } from '../domain/product.errors';
import { ShopListing, type ShopListingBody } from '../product-list/shop-listing';

/** `GET /api/products` from a listing, as it goes on the wire. */
export const productListAnswer = (listing: ShopListingBody): PreparedAnswer => jsonAnswer(listing.prepared);

/** `GET /api/products/{id}` from a listing; null for a beer not on sale. */
export function productAnswer(listing: ShopListingBody, productId: string): PreparedAnswer | null {
  const body = listing.availability(productId);
  return body === null ? null : jsonAnswer(body);
}

const jsonAnswer = (body: PreparedBody): PreparedAnswer => ({ status: 200, body, vary: 'Accept-Encoding', tagPerEncoding: false });

/**
 * The shop's reads. Nothing between the read model and the customer keeps an answer: a customer must never
 * see a stale price or stock figure. Both answers are made once per product list and reused until it next
 * changes. While they are current, the server's path for hot reads (`platform/http/hot-reads.ts`) sends them
 * before the request reaches these routes; these answer the rest (the first request after a change, a client
 * waiting for its own write to show), in the same bytes.
 */
@ApiTags('products')
@Controller('products')
export class ShopProductsController {
  constructor(private readonly listing: ShopListing) {}

  @Get()
  @ApiOperation({
    summary: 'Products in the shop (live, archived last); inventory is what can be bought now',
    description: 'Sent with Cache-Control: no-cache and a strong ETag: browsers revalidate and get 304 while nothing changed.',
  })
  @ApiOkResponse({ description: 'Array of products' })
  async list(@Req() req: Request, @Res() res: Response): Promise<void> {
    sendPrepared(req, res, productListAnswer(await this.listing.current()));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One live product: name, isActive, the cans that can be bought now and when it goes on sale' })
  @ApiOkResponse({
    description: '{ id, name, isActive, inventory, releaseAt (ISO-8601 or null) }; sent with Cache-Control: no-cache and a strong ETag',
  })
  @ApiNotFoundResponse({ description: "'Product {id} not found or inactive'" })
  async one(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const answer = productAnswer(await this.listing.current(), id);
    if (answer === null) throw ProductErrors.notFoundOrInactive(id);
    sendPrepared(req, res, answer);
  }
}
