import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { EventStore } from '@brewery/eventstore';
import { EVENT_STORE } from '../../platform/persistence/persistence.tokens';
import { ProductErrors, productStreamName } from '../catalog';
import { stockAlertStreamName } from '../reporting';
import { buildProductTimeline, type ProductTimelineEntry } from './product-timeline';

/**
 * A beer's history, read straight from the log: every change of its details, prices, visibility, stock figure
 * and limit, and its stock alerts, with who made it and when. Its sales and holds are in each order's history.
 */
@ApiTags('admin: products')
@ApiBearerAuth()
@Controller('admin/products')
export class ProductHistoryController {
  constructor(@Inject(EVENT_STORE) private readonly events: EventStore) {}

  @Get(':id/history')
  @ApiOperation({
    summary: 'Every change of a product (details, prices, visibility, stock, limit) and its stock alerts, oldest first, with who made it',
  })
  async history(@Param('id') id: string): Promise<ProductTimelineEntry[]> {
    const [product, alerts] = await Promise.all([
      this.events.readStream(productStreamName(id)),
      this.events.readStream(stockAlertStreamName(id)),
    ]);
    if (product.length === 0) throw ProductErrors.notFound(id);
    return buildProductTimeline([...product, ...alerts]);
  }
}
