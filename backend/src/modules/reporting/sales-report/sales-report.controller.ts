import { Body, Controller, HttpCode, HttpStatus, Post, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { reportPeriod } from '../domain/report-period';
import { salesReportLineOf, type SalesReportLineView } from '../domain/sales-line';
import type { SalesSummary } from '../domain/sales-summary';
import { SalesReport } from './sales-report.service';
import { SalesReportRequestDto } from './sales-report.request.dto';
import { SalesLineResponseDto, SalesSummaryResponseDto } from './sales-report.response.dto';
import { csvDownload } from '../../../platform/http/csv-download';

const PERIOD_ERRORS = "'Start date and end date are required', a date that is not YYYY-MM-DD, or a start after the end";

/** The Analytics tab's sales report: paid orders' items between two Perth days, both included. */
@ApiTags('admin: analytics')
@ApiBearerAuth()
@Controller('admin/sales-report')
export class SalesReportController {
  constructor(private readonly report: SalesReport) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Sales report lines: one per item of each order paid in the period (at its line price), one negative line per order for what its discount code took off the beer, and one negative line per refund made in the period',
  })
  @ApiOkResponse({ type: SalesLineResponseDto, isArray: true })
  @ApiBadRequestResponse({ description: PERIOD_ERRORS })
  async lines(@Body() body: SalesReportRequestDto): Promise<SalesReportLineView[]> {
    return (await this.report.lines(reportPeriod(body.startDate, body.endDate))).map(salesReportLineOf);
  }

  @Post('summary')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Totals of the period and the data of its charts (revenue per day, cans per beer)' })
  @ApiOkResponse({ type: SalesSummaryResponseDto })
  @ApiBadRequestResponse({ description: PERIOD_ERRORS })
  summary(@Body() body: SalesReportRequestDto): Promise<SalesSummary> {
    return this.report.summary(reportPeriod(body.startDate, body.endDate));
  }

  @Post('export')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'The report as a CSV download, sales-report-{start}-to-{end}.csv, with a totals row' })
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: 'RFC 4180 CSV (UTF-8 with BOM); cells that could start a spreadsheet formula begin with an apostrophe',
    schema: { type: 'string' },
  })
  @ApiBadRequestResponse({ description: PERIOD_ERRORS })
  async export(@Body() body: SalesReportRequestDto, @Res({ passthrough: true }) res: Response): Promise<string> {
    const { fileName, content } = await this.report.csv(reportPeriod(body.startDate, body.endDate));
    return csvDownload(res, fileName, content);
  }
}
