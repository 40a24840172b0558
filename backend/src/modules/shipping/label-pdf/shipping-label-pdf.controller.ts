import { Controller, Get, Header, Inject, Param, StreamableFile } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import { type AppConfig, APP_CONFIG } from '../../../config/app-config';
import { BulkDispatch } from '../bulk-dispatch/bulk-dispatch.service';
import { ShippingLabelService } from '../create-label/shipping-label.service';
import { LabelErrors } from '../domain/label.errors';
import { orderNumberFrom } from '../../../shared-kernel/order-number';
import { renderPackingSlipPdf, renderShippingLabelPdf } from './shipping-label-pdf.renderer';

@ApiTags('admin: shipping')
@ApiBearerAuth()
@Controller('admin/orders')
export class ShippingLabelPdfController {
  constructor(
    private readonly labels: ShippingLabelService,
    private readonly bulk: BulkDispatch,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':id/shipping-label')
  // The label carries a name, an address and a phone number: no cache may keep it.
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: 'Download the A6 PDF label of an order, drawn from its recorded label' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'No shipping label for order #N' })
  async download(@Param('id') id: string): Promise<StreamableFile> {
    const orderId = orderNumberFrom(id);
    if (orderId === null) throw LabelErrors.invalidOrderId();
    const label = await this.labels.label(orderId);
    if (label === null) throw LabelErrors.noLabel(orderId);
    const pdf = await renderShippingLabelPdf(label);
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: `attachment; filename="shipping-label-order-${orderId}.pdf"`,
      length: pdf.length,
    });
  }

  @Get(':id/packing-slip')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary: 'Download the A6 PDF packing slip of a paid order: its beers by pack size, the cans in the box, the 18+ reminder',
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'Order #N not found' })
  @ApiConflictResponse({ description: 'The order is not paid, or was cancelled or refunded in full' })
  async packingSlip(@Param('id') id: string): Promise<StreamableFile> {
    const orderId = orderNumberFrom(id);
    if (orderId === null) throw LabelErrors.invalidOrderId();
    const pdf = await renderPackingSlipPdf(await this.bulk.packingSlip(orderId), this.config.shop.brandName);
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: `attachment; filename="packing-slip-order-${orderId}.pdf"`,
      length: pdf.length,
    });
  }
}
