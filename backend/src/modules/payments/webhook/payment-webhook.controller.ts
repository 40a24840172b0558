import { Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { PaymentWebhookService, type WebhookResult } from './payment-webhook.service';

/** Stripe (or the local gateway) calls here; the signature over the raw body is the only credential. */
@ApiTags('payments')
@Controller()
export class PaymentWebhookController {
  constructor(private readonly webhooks: PaymentWebhookService) {}

  @Post('webhooks/stripe')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stripe webhook: payment_intent.succeeded and payment_intent.payment_failed, verified against the raw body' })
  receive(@Req() req: RawBodyRequest<Request>, @Headers('stripe-signature') signature: string | undefined): Promise<WebhookResult> {
    return this.webhooks.receive(req.rawBody, signature);
  }

  @Post('stripe/webhook')
  @HttpCode(200)
  @ApiExcludeEndpoint()
  receiveLegacyPath(
    @Req() req: RawBodyRequest<Request>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<WebhookResult> {
    return this.webhooks.receive(req.rawBody, signature);
  }
}
