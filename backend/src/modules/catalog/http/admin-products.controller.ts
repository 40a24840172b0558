import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Inject, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
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
import type { AppConfig } from '../../../config/app-config';
import { Context, type RequestContext } from '../../../platform/http/request-context';
import { APP_CONFIG } from '../../../platform/persistence/persistence.tokens';
import { assertImageHostAllowed } from './image-hosts';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { CreateProductCommand } from '../create-product/create-product.command';
import { DeleteProductCommand } from '../delete-product/delete-product.command';
import { GetAdminProductsQuery } from '../product-list/product-list.queries';
import type { AdminProduct } from '../product-list/product-view';
import { SeedProductsCommand } from '../seed-products/seed-products.command';
import { SetProductActiveCommand } from '../set-product-active/set-product-active.command';
import { UpdateProductCommand } from '../update-product/update-product.command';
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
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly runner: ProjectionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('products')
  @ApiOperation({ summary: 'Every product not deleted, archived last: stock figure, reserved and available cans, revision' })
  products(): Promise<AdminProduct[]> {
    return this.queries.execute(new GetAdminProductsQuery());
  }

  @Post('products')
  @ApiOperation({ summary: 'Add Product' })
  @ApiCreatedResponse({ type: ProductIdResponseDto })
  async create(@Body() body: ProductFormRequestDto, @Context() ctx: RequestContext): Promise<ProductIdResponseDto> {
    assertImageHostAllowed(body.imageUrl, this.config.imageHosts);
    const result = await this.commands.execute(new CreateProductCommand(randomUUID(), toProductFields(body), ctx));
    await this.runner.waitForReadModels(result.position);
    return { id: result.productId };
  }

  @Put('products/:id')
  @ApiOperation({ summary: 'Save the product form (every field), or only { isActive } to include in or remove from the shop' })
  @ApiBody({ schema: { oneOf: [{ $ref: getSchemaPath(UpdateProductRequestDto) }, { $ref: getSchemaPath(SetProductActiveRequestDto) }] } })
  @ApiOkResponse({ type: ProductIdResponseDto })
  async update(
    @Param('id') id: string,
    @Body(ProductUpdateBodyPipe) update: ProductUpdateBody,
    @Context() ctx: RequestContext,
  ): Promise<ProductIdResponseDto> {
    if (update.kind === 'full') assertImageHostAllowed(update.body.imageUrl, this.config.imageHosts);
    const command =
      update.kind === 'set-active'
        ? new SetProductActiveCommand(id, update.body.isActive, ctx)
        : new UpdateProductCommand(id, toProductFields(update.body), update.body.revision, ctx);
    const result = await this.commands.execute(command);
    await this.runner.waitForReadModels(result.position);
    return { id: result.productId };
  }

  @Delete('products/:id')
  @ApiOperation({ summary: 'Delete a product (refused with 409 while checkouts hold its cans)' })
  @ApiOkResponse({ type: ProductIdResponseDto })
  async remove(@Param('id') id: string, @Context() ctx: RequestContext): Promise<ProductIdResponseDto> {
    const result = await this.commands.execute(new DeleteProductCommand(id, ctx));
    await this.runner.waitForReadModels(result.position);
    return { id: result.productId };
  }

  @Post('seed-products')
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({ summary: 'Seed Products: add the starter range once (seeding again adds nothing)' })
  @ApiCreatedResponse({ type: SeedProductsResponseDto })
  async seed(@Context() ctx: RequestContext): Promise<SeedProductsResponseDto> {
    const result = await this.commands.execute(new SeedProductsCommand(ctx));
    await this.runner.waitForReadModels(result.position);
    return { created: result.created, skipped: result.skipped, deleted: result.deleted };
  }
}
