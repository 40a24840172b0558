import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Context, type RequestContext } from '../../../platform/http/request-context';
import { CheckoutService } from './checkout.service';
import { CreatePaymentIntentRequest, type CreatePaymentIntentResponse } from './create-payment-intent.request.dto';

@ApiTags('checkout')
@Controller()
export class CreatePaymentIntentController {
  constructor(private readonly checkout: CheckoutService) {}

  @Post('create-payment-intent')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check out: validate, price on the server, record the pending order, reserve the cans and open the payment' })
  create(@Body() body: CreatePaymentIntentRequest, @Context() context: RequestContext): Promise<CreatePaymentIntentResponse> {
    return this.checkout.createPaymentIntent(body, { correlationId: context.correlationId, causationId: null, actor: context.actor });
  }
}
