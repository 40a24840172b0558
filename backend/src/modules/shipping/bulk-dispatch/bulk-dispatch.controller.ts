import { Body, Controller, Header, Headers, HttpCode, Inject, Post, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import type { BulkFileResult, BulkResult, BulkSkippedOrder } from '@brewery/shop-rules';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { type AppConfig, APP_CONFIG } from '../../../config/app-config';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { CLOCK, type Clock } from '../../../platform/clock';
import { LabelErrors } from '../domain/label.errors';
import { pickListCsv } from '../domain/pick-list';
import { renderPickListPdf } from '../label-pdf/pick-list-pdf.renderer';
import { renderShippingLabelsPdf } from '../label-pdf/shipping-label-pdf.renderer';
import { skippedInWords } from '../../../shared-kernel/bulk-outcome';
import { BulkDispatch, nothingPrinted, parseOrderIds } from './bulk-dispatch.service';

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

/** A bulk print's JSON answer (`Accept: application/json`): what was done, and the file of the orders applied to. */
export class BulkFileResponse implements BulkFileResult {
  @ApiProperty({
    example: 'Labels of 2 orders ready to print. 1 skipped: Order #246 is collected at the cellar door: it gets no shipping label',
  })
  message!: string;

  @ApiProperty({ type: [String], example: ['12', '13'], description: 'The orders printed, in the order given' })
  applied!: string[];

  @ApiProperty({
    type: 'array',
    items: {
      type: 'object',
      properties: { orderId: { type: 'string' }, code: { type: 'string' }, reason: { type: 'string' } },
    },
    example: [{ orderId: '246', code: 'pickup_no_label', reason: 'Order #246 is collected at the cellar door: it gets no shipping label' }],
    description: 'The orders not printed, each with the code from the error catalogue and the reason in words',
  })
  skipped!: BulkSkippedOrder[];

  @ApiProperty({
    type: 'object',
    nullable: true,
    properties: { name: { type: 'string' }, type: { type: 'string' }, base64: { type: 'string' } },
    description: 'The PDF or CSV of the orders applied to, base64; null when none could be',
  })
  file!: BulkFileResult['file'];
}

/** The header naming, in a PDF or CSV answer, each order skipped and its code: `246 pickup_no_label, 250 order_not_paid`. */
export const SKIPPED_HEADER = 'X-Bulk-Skipped';

/** Whether the client asked for the JSON answer (the admin does) rather than the file itself (the default). */
function wantsJson(accept: string | undefined): boolean {
  return /(^|,)\s*application\/json\s*(;|,|$)/i.test(accept ?? '');
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
      'The labels of several orders as one PDF, one A6 label a page in the order given, creating the labels still missing; with packingSlips, each order’s packing slip follows its label (a cellar door pickup has its slip and no label). Prints the orders it can and skips the rest (not paid, cancelled, refunded, unknown; a pickup without packingSlips), each with why: in the JSON answer (Accept: application/json) as applied and skipped, in the PDF answer in the X-Bulk-Skipped header. With nothing to print: the JSON answer has file null, the PDF answer is 409',
  })
  @ApiProduces('application/pdf', 'application/json')
  @ApiOkResponse({
    schema: { type: 'string', format: 'binary' },
    description: 'The PDF; with Accept: application/json, a BulkFileResponse',
  })
  async labels(
    @Body() body: BulkLabelsRequest,
    @Context() context: Cause,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile | BulkFileResponse> {
    const orderIds = parseOrderIds(body.orderIds);
    const withSlips = body.packingSlips ?? false;
    if (typeof withSlips !== 'boolean') throw LabelErrors.invalidPackingSlips();
    const result = await this.bulk.labelsFor(orderIds, context, withSlips);
    const done = `${withSlips ? 'Labels and packing slips' : 'Labels'} of ${ordersCount(result.applied.length)} ready to print`;
    return this.answer(result, wantsJson(accept), response, done, async () => ({
      bytes: await renderShippingLabelsPdf(result.labels, result.slips),
      type: 'application/pdf',
      name: `shipping-labels-${result.applied.length}-orders.pdf`,
    }));
  }

  @Post('pick-list')
  @HttpCode(200)
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary:
      'What to pull for several orders: cans per beer and pack size, as PDF (default) or CSV. Lists the orders that can be sent and skips the rest (not paid, cancelled, refunded, unknown), each with why: in the JSON answer (Accept: application/json) as applied and skipped, in the file answer in the X-Bulk-Skipped header',
  })
  @ApiProduces('application/pdf', 'text/csv', 'application/json')
  @ApiOkResponse({
    schema: { type: 'string', format: 'binary' },
    description: 'The PDF or CSV; with Accept: application/json, a BulkFileResponse',
  })
  async pickList(
    @Body() body: PickListRequest,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile | BulkFileResponse> {
    const orderIds = parseOrderIds(body.orderIds);
    const format = body.format ?? 'pdf';
    if (format !== 'pdf' && format !== 'csv') throw LabelErrors.invalidPickListFormat();
    const result = await this.bulk.pickList(orderIds);
    const name = `pick-list-${result.applied.length}-orders.${format}`;
    return this.answer(result, wantsJson(accept), response, `Pick list of ${ordersCount(result.applied.length)} ready`, async () =>
      format === 'csv'
        ? { bytes: Buffer.from(pickListCsv(result.list), 'utf8'), type: 'text/csv; charset=utf-8', name }
        : {
            bytes: await renderPickListPdf(result.list, { brandName: this.config.shop.brandName, at: this.clock.now().toISOString() }),
            type: 'application/pdf',
            name,
          },
    );
  }

  /**
   * One answer for a bulk print: as JSON (what was done, applied, skipped, the file in base64), or the file itself
   * with the skipped orders in a header. With nothing to print, the JSON says so and the file answer is refused.
   */
  private async answer(
    result: BulkResult,
    json: boolean,
    response: Response,
    done: string,
    file: () => Promise<{ bytes: Buffer; type: string; name: string }>,
  ): Promise<StreamableFile | BulkFileResponse> {
    const { applied, skipped } = result;
    if (applied.length === 0) {
      if (json) return { message: nothingPrinted(result).message, applied, skipped, file: null };
      throw nothingPrinted(result);
    }
    const made = await file();
    const message = skipped.length === 0 ? done : `${done}. ${skippedInWords(skipped)}`;
    if (json) return { message, applied, skipped, file: { name: made.name, type: made.type, base64: made.bytes.toString('base64') } };
    if (skipped.length > 0) response.setHeader(SKIPPED_HEADER, skipped.map((one) => `${one.orderId} ${one.code}`).join(', '));
    return new StreamableFile(made.bytes, {
      type: made.type,
      disposition: `attachment; filename="${made.name}"`,
      length: made.bytes.length,
    });
  }
}

function ordersCount(count: number): string {
  return `${count} ${count === 1 ? 'order' : 'orders'}`;
}
