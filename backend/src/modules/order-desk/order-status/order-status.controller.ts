import { Body, Controller, Get, Header, HttpCode, Inject, Injectable, Param, Post, StreamableFile } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ThrottlerStorageService } from '@nestjs/throttler';
import { type AppConfig, APP_CONFIG } from '../../../config/app-config';
import { CountedPerClient } from '../../../platform/http/per-client-limit';
import { renderOrderInvoicePdf } from './order-invoice-pdf.renderer';
import { OrderStatusRequest } from './order-status.request.dto';
import { ORDER_NOT_FOUND_MESSAGE, TOO_MANY_LOOKUPS } from './order-status.errors';
import { OrderStatusLookup } from './order-status.service';
import type { OrderStatusView } from './order-status.view';

/** Look-ups by order number and e-mail address, per client address and minute (guessing is slow). */
export const ORDER_LOOKUPS_PER_MINUTE = 10;

/** The order status look-ups' own count, apart from the admin login's. */
@Injectable()
export class OrderLookups extends ThrottlerStorageService {}

/** The customer's order status page and tax invoice: nothing here needs (or accepts) an admin token. */
@ApiTags('orders')
@Controller('order-status')
export class OrderStatusController {
  constructor(
    private readonly lookup: OrderStatusLookup,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @HttpCode(200)
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: "An order's status, items, totals, delivery and invoice, by its number and the customer's e-mail address" })
  @ApiNotFoundResponse({ description: ORDER_NOT_FOUND_MESSAGE })
  @ApiResponse({ status: 429, description: `More than ${ORDER_LOOKUPS_PER_MINUTE} look-ups a minute from one client (Retry-After)` })
  @CountedPerClient(OrderLookups, {
    name: 'order-status',
    limit: ORDER_LOOKUPS_PER_MINUTE,
    windowMs: 60_000,
    message: TOO_MANY_LOOKUPS,
    code: 'too_many_lookups',
  })
  find(@Body() body: OrderStatusRequest): Promise<OrderStatusView> {
    return this.lookup.byNumberAndEmail(body.orderNumber, body.email);
  }

  @Get(':token')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: "An order's status by the signed link of its confirmation e-mail or success page" })
  @ApiNotFoundResponse({ description: ORDER_NOT_FOUND_MESSAGE })
  byLink(@Param('token') token: string): Promise<OrderStatusView> {
    return this.lookup.byToken(token);
  }

  @Get(':token/invoice.pdf')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: "A paid order's tax invoice as PDF, by its signed link" })
  @ApiProduces('application/pdf')
  @ApiNotFoundResponse({ description: 'Not found, or not paid (no invoice yet)' })
  async invoice(@Param('token') token: string): Promise<StreamableFile> {
    const order = await this.lookup.invoiceOrder(token);
    const { brandName, abn, email, address } = this.config.shop;
    const pdf = await renderOrderInvoicePdf(order, { brandName, abn, email, address });
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: `inline; filename="tax-invoice-${order.invoiceNumber ?? order.id}.pdf"`,
      length: pdf.length,
    });
  }
}
