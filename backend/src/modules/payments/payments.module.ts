import { CommandPipeline } from '../../platform/event-sourcing/command-pipeline';
import { Module } from '@nestjs/common';
import { join } from 'node:path';
import { type AppConfig, APP_CONFIG } from '../../config/app-config';
import type { EventStore } from '@brewery/eventstore';
import { EVENT_STORE } from '../../platform/persistence/persistence.tokens';
import { PAYMENT_GATEWAY, type PaymentGateway } from './gateway/payment-gateway.port';
import { StripePaymentGateway } from './gateway/stripe-payment-gateway';
import { TestPaymentGateway } from './gateway/test-payment-gateway';
import { PaymentStatusController } from './payment-status/payment-status.controller';
import { TestGatewayController, TestGatewaySetupController } from './test-gateway/test-gateway.controller';
import { PaymentWebhookController } from './webhook/payment-webhook.controller';
import { PaymentWebhookService } from './webhook/payment-webhook.service';
import { SimulateWebhookController } from './webhook-recovery/simulate-webhook.controller';
import { WebhookRecoveryService } from './webhook-recovery/webhook-recovery.service';

/** Card payments: the provider port (Stripe or the local test gateway), the webhook, payment streams and recovery. */
@Module({
  controllers: [
    PaymentWebhookController,
    TestGatewayController,
    TestGatewaySetupController,
    SimulateWebhookController,
    PaymentStatusController,
  ],
  providers: [
    PaymentWebhookService,
    WebhookRecoveryService,
    {
      provide: PAYMENT_GATEWAY,
      inject: [APP_CONFIG, EVENT_STORE, CommandPipeline],
      useFactory: async (config: AppConfig, store: EventStore, pipeline: CommandPipeline): Promise<PaymentGateway> =>
        config.stripe
          ? new StripePaymentGateway({ secretKey: config.stripe.secretKey, webhookSecret: config.stripe.webhookSecret })
          : TestPaymentGateway.open(store, join(config.dataDir, 'test-gateway'), pipeline),
    },
  ],
  exports: [PAYMENT_GATEWAY, PaymentWebhookService, WebhookRecoveryService],
})
export class PaymentsModule {}
