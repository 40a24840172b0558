import { Body, Controller, HttpCode, HttpStatus, Post, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiPropertyOptional,
  ApiTags,
} from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import type { Response } from 'express';
import { reportPeriod, type ReportPeriod } from '../domain/report-period';
import { SalesReportRequestDto } from '../sales-report/sales-report.request.dto';
import { gstSummaryCsv, gstSummaryFileName, ordersExportFileName, type GstSummary } from './books';
import { Books } from './books.service';
import { csvDownload } from '../../../platform/http/csv-download';

const PERIOD_ERRORS = "'Start date and end date are required', a date that is not YYYY-MM-DD, or a start after the end";

/** The same period as the sales report's (checked by `reportPeriod`, with its messages). */
export class BooksPeriodRequest extends SalesReportRequestDto {}

export class OrdersExportRequest extends BooksPeriodRequest {
  @ApiPropertyOptional({ description: "The Active Orders search's text (order number, name, e-mail, phone, suburb, postcode, tracking)" })
  @IsOptional()
  @IsString({ message: 'q must be text' })
  q?: string;

  @ApiPropertyOptional({ description: 'Statuses to keep, as a list or comma-separated', type: [String] })
  @IsOptional()
  status?: string | string[];
}

/** The books: every order of a period as CSV, and the period's GST for the BAS. */
@ApiTags('admin: books')
@ApiBearerAuth()
@Controller('admin')
export class BooksController {
  constructor(private readonly books: Books) {}

  @Post('orders/export')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'The orders placed in the period as CSV (orders-{start}-to-{end}.csv): number, dates, status, customer, e-mail, phone, address, items, cans, subtotal, shipping, GST, total, refunded, tracking, invoice, payment reference (the payment intent id), net after refunds, fulfilment (Delivery, or Pickup and its Saturday), state; narrowed like the Active Orders search by q and status',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'RFC 4180 CSV (UTF-8 with BOM); a cell that could start a spreadsheet formula begins with an apostrophe' })
  @ApiBadRequestResponse({ description: PERIOD_ERRORS })
  async ordersCsv(@Body() body: OrdersExportRequest, @Res({ passthrough: true }) res: Response): Promise<string> {
    const period = reportPeriod(body.startDate, body.endDate);
    const content = await this.books.ordersCsv(period, { q: body.q, status: body.status });
    return csvDownload(res, ordersExportFileName(period), content);
  }

  @Post('gst-summary')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "The period's GST for the BAS: sales paid in it and refunds made in it, GST included, and the net" })
  @ApiBadRequestResponse({ description: PERIOD_ERRORS })
  gstSummary(@Body() body: BooksPeriodRequest): Promise<GstSummary> {
    return this.books.gst(reportPeriod(body.startDate, body.endDate));
  }

  @Post('gst-summary/export')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'The GST summary as CSV (gst-{start}-to-{end}.csv)' })
  @ApiProduces('text/csv')
  @ApiBadRequestResponse({ description: PERIOD_ERRORS })
  async gstCsv(@Body() body: BooksPeriodRequest, @Res({ passthrough: true }) res: Response): Promise<string> {
    const period: ReportPeriod = reportPeriod(body.startDate, body.endDate);
    return csvDownload(res, gstSummaryFileName(period), gstSummaryCsv(await this.books.gst(period)));
  }
}
