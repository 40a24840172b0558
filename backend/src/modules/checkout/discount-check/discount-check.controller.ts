import { Body, Controller, HttpCode, Inject, Injectable, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type AppConfig, APP_CONFIG } from '../../../config/app-config';
import { checkoutClientOf } from '../checkout-admission/checkout-holder';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ThrottlerStorageService } from '@nestjs/throttler';
import type { DiscountCheckResponse } from '@brewery/shop-rules';
import { CountedPerClient } from '../../../platform/http/per-client-limit';
import { DiscountCheckRequest } from '../checkout/create-payment-intent.request.dto';
import { DiscountPreview } from './discount-preview.service';

/** Code checks, counted per client address in a sliding minute (guessing codes is slow). */
@Injectable()
export class DiscountCheckAttempts extends ThrottlerStorageService {}

export const DISCOUNT_CHECKS_PER_MINUTE = 20;

@ApiTags('checkout')
@Controller('discount-codes')
export class DiscountCheckController {
  constructor(
    private readonly preview: DiscountPreview,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('check')
  @HttpCode(200)
  @ApiOperation({
    summary: `What a discount code would take off this cart, priced on the server (nothing is held). ${DISCOUNT_CHECKS_PER_MINUTE} checks a minute per client`,
  })
  @ApiResponse({
    status: 409,
    description:
      'The code does not apply: code_unknown, code_not_started, code_expired, code_disabled, code_used_up, code_already_used, code_min_cans, code_not_for_these_beers, code_nothing_off',
  })
  @ApiResponse({ status: 429, description: 'Too many checks from this client (Retry-After)' })
  @CountedPerClient(DiscountCheckAttempts, {
    name: 'discount-check',
    limit: DISCOUNT_CHECKS_PER_MINUTE,
    windowMs: 60_000,
    message: 'Too many code checks from here: try again in a minute.',
    code: 'too_many_requests',
  })
  check(
    @Body() body: DiscountCheckRequest,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DiscountCheckResponse> {
    const client = checkoutClientOf(req, res, this.config.shop.publicUrl.startsWith('https:'));
    return this.preview.check(body, client);
  }
}
