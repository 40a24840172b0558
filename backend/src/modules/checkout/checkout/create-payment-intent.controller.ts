import { Body, Controller, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type AppConfig, APP_CONFIG } from '../../../config/app-config';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { CheckoutAbandonedError, CheckoutBusyError } from '../checkout-admission/checkout-gate';
import { CheckoutAttemptsGuard, clientLimitRefusal } from '../checkout-admission/checkout-attempts.guard';
import { checkoutClientOf } from '../checkout-admission/checkout-holder';
import { CheckoutLimitError } from '../checkout-admission/client-checkout-limits';
import { CheckoutErrors } from '../domain/checkout.errors';
import { CheckoutService } from './checkout.service';
import { CreatePaymentIntentRequest, type CreatePaymentIntentResponse } from './create-payment-intent.request.dto';

@ApiTags('checkout')
@Controller()
export class CreatePaymentIntentController {
  constructor(
    private readonly checkout: CheckoutService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('create-payment-intent')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check out: validate, price on the server, record the pending order, reserve the cans and open the payment' })
  @ApiResponse({ status: 429, description: 'This client has too many checkouts holding cans, or tried too often (Retry-After)' })
  @ApiResponse({ status: 503, description: 'The shop is too busy to start a checkout now (Retry-After)' })
  @UseGuards(CheckoutAttemptsGuard)
  async create(
    @Body() body: CreatePaymentIntentRequest,
    @Context() context: Cause,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CreatePaymentIntentResponse> {
    const client = checkoutClientOf(req, res, this.config.shop.publicUrl.startsWith('https:'));
    try {
      return await this.checkout.createPaymentIntent(body, context, client);
    } catch (error) {
      if (error instanceof CheckoutBusyError) {
        res.setHeader('Retry-After', String(error.retryAfterSeconds));
        throw CheckoutErrors.shopBusy();
      }
      if (error instanceof CheckoutLimitError) throw clientLimitRefusal(error, res);
      if (error instanceof CheckoutAbandonedError) {
        throw CheckoutErrors.clientClosed(error.message);
      }
      throw error;
    }
  }
}
