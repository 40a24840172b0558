import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Inject, Param, Post, Put } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiBearerAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
  ApiExtraModels,
} from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { type AppConfig, APP_CONFIG } from '../../../config/app-config';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { assertImageHostAllowed } from './image-hosts';
import { ManageProducts } from '../manage-products/manage-products.service';
import { GetAdminProductsQuery } from '../product-list/product-list.queries';
import type { AdminProduct } from '../product-list/product-view';
import { SeedProducts } from '../seed-products/seed-products.service';
import {
  ProductFormRequestDto,
  ProductIdResponseDto,
  SeedProductsResponseDto,
  SetProductActiveRequestDto,
  UpdateProductRequestDto,
  toProductFields,
} from './product-form.request.dto';
import { ProductUpdateBodyPipe, type ProductUpdateBody } from './product-update-body.pipe';

/**
 * The Products tab. Every write answers once the read models have caught up with it, so the list the
 * admin screen refetches next already shows the change.
 */
@ApiTags('admin products')
@ApiBearerAuth()
@ApiExtraModels(UpdateProductRequestDto, SetProductActiveRequestDto)
@Controller('admin')
export class AdminProductsController {
  constructor(
    private readonly products: ManageProducts,
    private readonly seeding: SeedProducts,
    private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('products')
  @ApiOperation({ summary: 'Every product not deleted, archived last: stock figure, reserved and available cans, revision' })
  list(): Promise<AdminProduct[]> {
    return this.queries.execute(new GetAdminProductsQuery());
  }

  @Post('products')
  @ApiOperation({ summary: 'Add Product' })
  @ApiCreatedResponse({ type: ProductIdResponseDto })
  async create(@Body() body: ProductFormRequestDto, @Context() ctx: Cause): Promise<ProductIdResponseDto> {
    assertImageHostAllowed(body.imageUrl, this.config.imageHosts);
    const result = await this.products.create(randomUUID(), toProductFields(body), ctx);
    return { id: result.productId };
  }

  @Put('products/:id')
  @ApiOperation({ summary: 'Save the product form (every field), or only { isActive } to include in or remove from the shop' })
  @ApiBody({ schema: { oneOf: [{ $ref: getSchemaPath(UpdateProductRequestDto) }, { $ref: getSchemaPath(SetProductActiveRequestDto) }] } })
  @ApiOkResponse({ type: ProductIdResponseDto })
  async update(
    @Param('id') id: string,
    @Body(ProductUpdateBodyPipe) update: ProductUpdateBody,
    @Context() ctx: Cause,
  ): Promise<ProductIdResponseDto> {
    if (update.kind === 'full') assertImageHostAllowed(update.body.imageUrl, this.config.imageHosts);
    const result =
      update.kind === 'set-active'
        ? await this.products.setActive(id, update.body.isActive, ctx)
        : await this.products.update(id, toProductFields(update.body), update.body.revision, ctx);
    return { id: result.productId };
  }

  @Delete('products/:id')
  @ApiOperation({ summary: 'Delete a product (refused with 409 while checkouts hold its cans)' })
  @ApiOkResponse({ type: ProductIdResponseDto })
  async remove(@Param('id') id: string, @Context() ctx: Cause): Promise<ProductIdResponseDto> {
    const result = await this.products.delete(id, ctx);
    return { id: result.productId };
  }

  @Post('seed-products')
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({ summary: 'Seed Products: add the starter range once (seeding again adds nothing)' })
  @ApiCreatedResponse({ type: SeedProductsResponseDto })
  async seed(@Context() ctx: Cause): Promise<SeedProductsResponseDto> {
    const result = await this.seeding.seed(ctx);
    return { created: result.created, skipped: result.skipped, deleted: result.deleted };
  }
}
