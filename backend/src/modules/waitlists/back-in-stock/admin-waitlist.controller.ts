import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Allow } from 'class-validator';
import type { WaitlistRemoval, WaitlistView } from '@brewery/shop-rules';
import { csvDownload } from '../../../platform/http/csv-download';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { REMOVAL_MAX_EMAILS, REMOVAL_REASON_MAX } from './back-in-stock.errors';
import { BackInStock } from './back-in-stock.service';

/** Addresses to take off a beer's list. Checked by `parseRemoval`. */
export class RemoveFromWaitlistRequest {
  @ApiProperty({ type: [String], example: ['typed1@example.com'], description: `1-${REMOVAL_MAX_EMAILS} addresses, in any case` })
  @Allow()
  emails?: unknown;

  @ApiProperty({
    type: String,
    required: false,
    example: 'Made-up addresses',
    description: `Up to ${REMOVAL_REASON_MAX} characters, recorded with each removal`,
  })
  @Allow()
  reason?: unknown;
}

/** The Products tab's "Waiting list": who asked to hear a beer is back, an export, and pruning. */
@ApiTags('admin products')
@ApiBearerAuth()
@Controller('admin/products/:id')
export class AdminWaitlistController {
  constructor(private readonly lists: BackInStock) {}

  @Get('waitlist')
  @ApiOperation({
    summary:
      "A beer's back-in-stock list: each address (e-mail, when it asked, pending, confirmed, notified, unsubscribed or removed, when confirmed and told), oldest first, and the counts; lapsed sign-ups are counted only",
  })
  view(@Param('id') productId: string): Promise<WaitlistView> {
    return this.lists.view(productId);
  }

  @Get('waitlist.csv')
  @ApiOperation({ summary: 'The same list as a CSV download, waiting-list-{slug}.csv' })
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: 'RFC 4180 CSV (UTF-8 with BOM); cells that could start a spreadsheet formula begin with an apostrophe',
    schema: { type: 'string' },
  })
  async csv(@Param('id') productId: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    const { fileName, content } = await this.lists.csv(productId);
    return csvDownload(res, fileName, content);
  }

  @Post('waitlist/remove')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Take one or many addresses off the list (pending or confirmed), each removal recorded with the reason; addresses not on it are named in notOnList',
  })
  remove(@Param('id') productId: string, @Body() body: RemoveFromWaitlistRequest, @Context() context: Cause): Promise<WaitlistRemoval> {
    return this.lists.remove(productId, body, context);
  }
}
