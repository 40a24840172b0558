import { Body, Controller, Header, HttpCode, Inject, Post, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import type { AppConfig } from '../../../config/app-config';
import { Context, type RequestContext } from '../../../platform/http/request-context';
import { APP_CONFIG, CLOCK, type Clock } from '../../../platform/persistence/persistence.tokens';
import { LabelErrors } from '../domain/label.errors';
import { pickListCsv } from '../domain/pick-list';
import { renderPickListPdf } from '../label-pdf/pick-list-pdf.renderer';
import { renderShippingLabelsPdf } from '../label-pdf/shipping-label-pdf.renderer';
import { BulkDispatch, parseOrderIds } from './bulk-dispatch.service';

export class BulkOrdersRequest {
  @ApiProperty({ type: [String], example: ['12', '13', '15'], description: '1 to 200 order numbers, in the order to print' })
  @Allow()
  orderIds?: unknown;
}

export class BulkLabelsRequest extends BulkOrdersRequest {
  @ApiProperty({ type: Boolean, required: false, default: false, description: 'Each order’s packing slip after its label' })
  @Allow()
  packingSlips?: unknown;
}

export class PickListRequest extends BulkOrdersRequest {
  @ApiProperty({ enum: ['pdf', 'csv'], required: false, default: 'pdf' })
  @Allow()
  format?: unknown;
}

@ApiTags('admin: shipping')
@ApiBearerAuth()
@Controller('admin')
export class BulkDispatchController {
  constructor(
    private readonly bulk: BulkDispatch,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post('shipping-labels/bulk')
  @HttpCode(200)
  // Names, addresses and phone numbers: no cache may keep them.
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary:
      'The labels of several orders as one PDF, one A6 label a page in the order given, creating the labels still missing; with packingSlips, each order’s packing slip follows its label (a cellar door pickup has its slip and no label)',
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async labels(@Body() body: BulkLabelsRequest, @Context() context: RequestContext): Promise<StreamableFile> {
    const orderIds = parseOrderIds(body.orderIds);
    const withSlips = body.packingSlips ?? false;
    if (typeof withSlips !== 'boolean') throw LabelErrors.invalidPackingSlips();
    const labels = await this.bulk.labelsFor(
      orderIds,
      { correlationId: context.correlationId, causationId: null, actor: context.actor },
      withSlips,
    );
    const pdf = await renderShippingLabelsPdf(labels, withSlips ? await this.bulk.packingSlips(orderIds) : []);
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: `attachment; filename="shipping-labels-${orderIds.length}-orders.pdf"`,
      length: pdf.length,
    });
  }

  @Post('pick-list')
  @HttpCode(200)
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: 'What to pull for several orders: cans per beer and pack size, as PDF (default) or CSV' })
  @ApiProduces('application/pdf', 'text/csv')
  async pickList(@Body() body: PickListRequest): Promise<StreamableFile> {
    const orderIds = parseOrderIds(body.orderIds);
    const format = body.format ?? 'pdf';
    if (format !== 'pdf' && format !== 'csv') throw LabelErrors.invalidPickListFormat();
    const list = await this.bulk.pickList(orderIds);
    if (format === 'csv') {
      const csv = Buffer.from(pickListCsv(list), 'utf8');
      return new StreamableFile(csv, {
        type: 'text/csv; charset=utf-8',
        disposition: `attachment; filename="pick-list-${orderIds.length}-orders.csv"`,
        length: csv.length,
      });
    }
    const pdf = await renderPickListPdf(list, { brandName: this.config.shop.brandName, at: this.clock.now().toISOString() });
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: `attachment; filename="pick-list-${orderIds.length}-orders.pdf"`,
      length: pdf.length,
    });
  }
}
