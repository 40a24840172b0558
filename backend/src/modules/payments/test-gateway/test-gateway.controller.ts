import type { TestPaymentResult, TestSetupResult } from '@brewery/shop-rules';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../gateway/payment-gateway.port';
import { TestPaymentGateway } from '../gateway/test-payment-gateway';
import { PaymentWebhookService } from '../webhook/payment-webhook.service';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { customerCancelMessage } from '../domain/payment-cancel-messages';
import { paymentDecider } from '../domain/payment.decider';
import { PaymentErrors } from '../domain/payment.errors';
import { paymentStreamName, type PaymentCancelled, type PaymentCancelReason } from '../domain/payment.events';

const SETTLE_WAIT_MS = 5000;

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
    private readonly pipeline: CommandPipeline,
    private readonly projections: ProjectionRunner,
  ) {}

  @Post(':id/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pay a test payment intent with a test card number' })
  async confirm(@Param('id') id: string, @Body() body: ConfirmTestPaymentRequest): Promise<TestPaymentResult> {
    const gateway = this.testGateway();
    const confirmation = await gateway.confirm(id, body.cardNumber, body.clientSecret);
    if (confirmation === null) throw PaymentErrors.testIntentUnknown(id);
    // Like Stripe, deliver again until the shop has it: a crash between the charge and its record would
    // otherwise leave a charged card and a pending order. Safe, as each provider event is recorded once.
    const event = confirmation.event ?? (await gateway.latestEvent(id));
    if (event !== null) await this.webhooks.receive(Buffer.from(event.payload), event.signature);
    const { intent } = confirmation;
    if (intent.status !== 'requires_capture') {
      return {
        paymentIntent: { id: intent.id, status: intent.status, amount: intent.amountCents, currency: intent.currency },
        error: confirmation.error,
      };
    }
    // Authorised: the shop captures once the cans are sold (or cancels). Answer with how that ended, as the
    // browser's next look at the intent would, waiting a few seconds at most.
    const settled = await this.settled(id);
    return {
      paymentIntent: { id: intent.id, status: settled.status, amount: intent.amountCents, currency: intent.currency },
      error:
        settled.cancelReason === null
          ? null
          : { code: settled.cancelReason, declineCode: '', message: customerCancelMessage(settled.cancelReason) },
    };
  }

  @Get(':id')
  @ApiOperation({ summary: 'A test payment intent as the browser may see it (needs its client secret)' })
  async retrieve(
    @Param('id') id: string,
    @Query('client_secret') clientSecret: string | undefined,
  ): Promise<TestPaymentResult['paymentIntent'] & { lastError: string | null }> {
    const intent = await this.testGateway().retrievePaymentIntent(id);
    if (intent === null || clientSecret !== intent.clientSecret) throw PaymentErrors.testIntentUnknown(id);
    return {
      id: intent.id,
      status: intent.status,
      amount: intent.amountCents,
      currency: intent.currency,
      lastError: intent.lastError?.message ?? null,
    };
  }

  /** Waits (bounded) until the shop has captured or cancelled an authorised intent. */
  private async settled(id: string): Promise<{ status: string; cancelReason: PaymentCancelReason | null }> {
    const stream = paymentStreamName(id);
    const settles = this.projections.waitForEvent(
      (event) => event.streamName === stream && (event.type === 'PaymentSucceeded' || event.type === 'PaymentCancelled'),
      SETTLE_WAIT_MS,
    );
    // Looked at once the watch is set, so a settlement in between is not missed.
    const { state } = await this.pipeline.load(stream, paymentDecider);
    if (state.status !== 'succeeded' && state.status !== 'cancelled') {
      // The settling event says how it ended; only a wait that ran out looks at the stream again.
      const event = await settles;
      if (event?.type === 'PaymentSucceeded') return { status: 'succeeded', cancelReason: null };
      if (event?.type === 'PaymentCancelled') return { status: 'canceled', cancelReason: (event.data as PaymentCancelled['data']).reason };
    }
    const { state: settled } = await this.pipeline.load(stream, paymentDecider);
    if (settled.status === 'succeeded') return { status: 'succeeded', cancelReason: null };
    if (settled.status === 'cancelled') return { status: 'canceled', cancelReason: settled.cancelReason ?? 'provider' };
    return { status: 'requires_capture', cancelReason: null };
  }

  private testGateway(): TestPaymentGateway {
    if (!(this.gateway instanceof TestPaymentGateway)) throw PaymentErrors.testGatewayOff();
    return this.gateway;
  }
}

/**
 * The club's card form when no Stripe keys are configured: a test card is saved on the SetupIntent the join (or a
 * card update) opened, and the gateway's signed `setup_intent.succeeded` goes to the same webhook handler Stripe's
 * would, which records the card for the member.
 */
@ApiTags('payments: local test gateway')
@Controller('test-gateway/setup-intents')
export class TestGatewaySetupController {
  constructor(
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly webhooks: PaymentWebhookService,
  ) {}

  @Post(':id/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Save a test card on a SetupIntent (4242…, 4000 0000 0000 0341, 4000 0027 6000 3184)' })
  async confirm(@Param('id') id: string, @Body() body: ConfirmTestPaymentRequest): Promise<TestSetupResult> {
    if (!(this.gateway instanceof TestPaymentGateway)) throw PaymentErrors.testGatewayOff();
    const confirmation = await this.gateway.confirmSetup(id, body.cardNumber, body.clientSecret);
    if (confirmation === null) throw PaymentErrors.testIntentUnknown(id);
    // Delivered again until the shop has it, as Stripe does: the card is recorded once however often it arrives.
    const event = confirmation.event ?? (await this.gateway.latestSetupEvent(id));
    if (event !== null) await this.webhooks.receive(Buffer.from(event.payload), event.signature);
    const { setupIntent } = confirmation;
    return { setupIntent: { id: setupIntent.id, status: setupIntent.status }, error: confirmation.error };
  }
}
