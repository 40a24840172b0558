import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { DomainError } from '../../../shared-kernel/domain-error';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../gateway/payment-gateway.port';
import { TestPaymentGateway } from '../gateway/test-payment-gateway';
import { PaymentWebhookService } from '../webhook/payment-webhook.service';

export class ConfirmTestPaymentRequest {
  @ApiProperty({ example: '4242 4242 4242 4242' })
  @IsString({ message: 'cardNumber is required' })
  @MaxLength(40)
  cardNumber!: string;

  /** Only the browser that checked out holds it, as with Stripe: an intent's id alone confirms nothing. */
  @ApiProperty({ description: 'The client secret checkout returned' })
  @IsString({ message: 'clientSecret is required' })
  @MaxLength(200)
  clientSecret!: string;
}

export interface TestPaymentResult {
  paymentIntent: { id: string; status: string; amount: number; currency: string };
  error: { code: string; declineCode: string; message: string } | null;
}

/**
 * The browser's test card form, when no Stripe keys are configured: confirming an intent makes the local
 * gateway decide the card's outcome and deliver its signed event to the same webhook handler Stripe uses.
 * With Stripe configured these routes do not exist (404).
 */
@ApiTags('payments: local test gateway')
@Controller('test-gateway/payment-intents')
export class TestGatewayController {
  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly webhooks: PaymentWebhookService,
  ) {}

  @Post(':id/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pay a test payment intent with a test card number' })
  async confirm(@Param('id') id: string, @Body() body: ConfirmTestPaymentRequest): Promise<TestPaymentResult> {
    const gateway = this.testGateway();
    const confirmation = gateway.confirm(id, body.cardNumber, body.clientSecret);
    if (confirmation === null) throw unknownIntent(id);
    // Like Stripe, deliver again until the shop has it: a crash between the charge and its record would
    // otherwise leave a charged card and a pending order. Safe, as each provider event is recorded once.
    const event = confirmation.event ?? gateway.latestEvent(id);
    if (event !== null) await this.webhooks.receive(Buffer.from(event.payload), event.signature);
    const { intent } = confirmation;
    return {
      paymentIntent: { id: intent.id, status: intent.status, amount: intent.amountCents, currency: intent.currency },
      error: confirmation.error,
    };
  }

  @Get(':id')
  @ApiOperation({ summary: 'A test payment intent as the browser may see it (needs its client secret)' })
  async retrieve(
    @Param('id') id: string,
    @Query('client_secret') clientSecret: string | undefined,
  ): Promise<TestPaymentResult['paymentIntent'] & { lastError: string | null }> {
    const intent = await this.testGateway().retrievePaymentIntent(id);
    if (intent === null || clientSecret !== intent.clientSecret) throw unknownIntent(id);
    return {
      id: intent.id,
      status: intent.status,
      amount: intent.amountCents,
      currency: intent.currency,
      lastError: intent.lastError?.message ?? null,
    };
  }

  private testGateway(): TestPaymentGateway {
    if (!(this.gateway instanceof TestPaymentGateway)) throw new DomainError('not_found', 'Not found', 'not_found');
    return this.gateway;
  }
}

function unknownIntent(id: string): DomainError {
  return new DomainError('payment_intent_unknown', `No test payment intent ${id}`, 'not_found');
}
