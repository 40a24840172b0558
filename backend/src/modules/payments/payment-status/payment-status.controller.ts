import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { type AppConfig, APP_CONFIG, SERVER_SECRET } from '../../../config/app-config';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { orderStatusPath, orderStatusToken } from '../../../platform/http/order-status-token';
import { needsProviderSecret, needsProviderStatus, paymentStatusView, type PaymentStatusView } from '../domain/payment-status-view';
import { paymentDecider } from '../domain/payment.decider';
import { PaymentErrors } from '../domain/payment.errors';
import { paymentStreamName } from '../domain/payment.events';
import { PAYMENT_GATEWAY, type PaymentGateway, type ProviderPaymentIntent } from '../gateway/payment-gateway.port';
import { clientSecretDigest } from './client-secret-digest';

/** For the order result page: how the payment went, and the order number; nothing about the customer. */
@ApiTags('payments')
@Controller('orders')
export class PaymentStatusController {
  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SERVER_SECRET) private readonly secret: string,
  ) {}

  @Get('payment-status')
  @ApiQuery({ name: 'payment_intent', example: 'pi_3Nx...' })
  @ApiQuery({ name: 'client_secret', example: 'pi_3Nx..._secret_...', description: 'the client secret checkout gave this browser' })
  @ApiOperation({ summary: 'Status of a payment, for the browser that holds its client secret' })
  async status(
    @Query('payment_intent') paymentIntentId: string | undefined,
    @Query('client_secret') clientSecret: string | undefined,
  ): Promise<PaymentStatusView> {
    if (paymentIntentId === undefined || !/^pi_[A-Za-z0-9_]{1,200}$/.test(paymentIntentId)) {
      throw PaymentErrors.paymentIntentInvalid();
    }
    if (clientSecret === undefined || !/^[A-Za-z0-9_]{1,300}$/.test(clientSecret)) {
      throw PaymentErrors.clientSecretInvalid();
    }
    const { state } = await this.pipeline.load(paymentStreamName(paymentIntentId), paymentDecider);
    const digest = clientSecretDigest(clientSecret);
    // The provider is asked once, and only about a payment recorded before its secret's digest was kept, or one
    // nothing has been recorded of since it opened (whether a card went through meanwhile is the provider's to say).
    let provider: ProviderPaymentIntent | null = null;
    if (needsProviderSecret(state)) provider = await this.gateway.retrievePaymentIntent(paymentIntentId);
    const providerDigest = provider === null ? null : clientSecretDigest(provider.clientSecret);
    let view = paymentStatusView(state, digest, providerDigest);
    // Only the browser holding the secret gets further.
    if (view.status === 'processing' && needsProviderStatus(state)) {
      provider ??= await this.gateway.retrievePaymentIntent(paymentIntentId);
      view = paymentStatusView(state, digest, providerDigest, provider?.status ?? null);
    }
    // Paid: the browser that paid gets the order's signed status link (as the confirmation e-mail does).
    return view.status === 'succeeded' && view.orderId !== undefined
      ? { ...view, statusUrl: orderStatusPath(orderStatusToken(this.secret, view.orderId)) }
      : view;
  }
}
