import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { ParseStockEmailRequestDto } from './parse-stock-email.request.dto';
import { ParseStockEmailResponseDto } from './parse-stock-email.response.dto';
import type { StockEmailResult } from '@brewery/shop-rules';
import { StockEmailUpdater } from './stock-email-update.service';

@ApiTags('admin: analytics')
@ApiBearerAuth()
@Controller('admin/parse-stock-email')
export class ParseStockEmailController {
  constructor(private readonly updater: StockEmailUpdater) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "Update stock from a pasted 'UPDATE STOCK' e-mail",
    description:
      'Names match ignoring case, spacing, punctuation and accents, never between two products. Unmatched lines change nothing and are listed with the reason.',
  })
  @ApiOkResponse({ type: ParseStockEmailResponseDto })
  @ApiBadRequestResponse({ description: "'Please enter the stock e-mail text' or 'The first line must be UPDATE STOCK'" })
  parse(@Body() body: ParseStockEmailRequestDto, @Context() context: Cause): Promise<StockEmailResult> {
    return this.updater.apply(body.emailContent, context);
  }
}
