import { Controller, Headers, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { DailyAnalyticsMailer, type DailyAnalyticsSent } from './daily-analytics.service';
import { ReportingErrors } from '../domain/reporting.errors';

export class DailyAnalyticsSentResponseDto implements DailyAnalyticsSent {
  @ApiProperty({ example: 'Daily analytics email sent successfully' }) message!: string;
  @ApiProperty({ example: 'daily-analytics-2026-11-23-1' }) emailKey!: string;
  @ApiProperty({ description: 'False when a retried request found its e-mail already queued' }) queued!: boolean;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

@ApiTags('admin: analytics')
@ApiBearerAuth()
@Controller('admin/analytics')
export class SendDailyAnalyticsController {
  constructor(private readonly mailer: DailyAnalyticsMailer) {}

  @Post('send-daily-email')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "Queue the daily analytics e-mail to the shop's address",
    description:
      "Yesterday's and the last 7 days' orders, cans, revenue and top beers, pending orders and low stock. Each press sends one more e-mail.",
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'Repeat it when retrying the same request: the e-mail is then not sent twice',
  })
  @ApiOkResponse({ type: DailyAnalyticsSentResponseDto })
  send(@Headers('idempotency-key') idempotencyKey: string | undefined, @Context() context: Cause): Promise<DailyAnalyticsSent> {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw ReportingErrors.invalidIdempotencyKey();
    }
    return this.mailer.send(idempotencyKey ?? null, context);
  }
}
