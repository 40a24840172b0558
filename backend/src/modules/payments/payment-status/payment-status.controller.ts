import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { assertNever } from '../../../shared-kernel/decider';
import { DomainError } from '../../../shared-kernel/domain-error';
import { customerCancelMessage } from '../domain/payment-cancel-messages';
import { paymentDecider } from '../domain/payment.decider';
import { paymentStreamName } from '../domain/payment.events';

export interface PaymentStatusResponse {
  /** `processing` covers an authorised card the shop is still capturing; `cancelled`: nothing was charged. */
  status: 'succeeded' | 'processing' | 'failed' | 'cancelled' | 'unknown';
  orderId?: string;
  /** With `cancelled`: why, in the customer's words. */
  message?: string;
}

/** For the order result page: how the payment went, and the order number; nothing about the customer. */
@ApiTags('payments')
@Controller('orders')
export class PaymentStatusController {
  constructor(private readonly pipeline: CommandPipeline) {}

  @Get('payment-status')
  @ApiQuery({ name: 'payment_intent', example: 'pi_3Nx...' })
  @ApiOperation({ summary: 'Status of a payment by its payment intent id' })
  async status(@Query('payment_intent') paymentIntentId: string | undefined): Promise<PaymentStatusResponse> {
    if (paymentIntentId === undefined || !/^pi_[A-Za-z0-9_]{1,200}$/.test(paymentIntentId)) {
      throw new DomainError('payment_intent_invalid', 'payment_intent must be a payment intent id (pi_...)', 'validation');
    }
    const { state } = await this.pipeline.load(paymentStreamName(paymentIntentId), paymentDecider);
    const orderId = state.orderId === null ? {} : { orderId: state.orderId };
    switch (state.status) {
      case 'unknown':
        return { status: 'unknown' };
      case 'created':
      case 'authorised':
        return { status: 'processing', ...orderId };
      case 'cancelled':
        return { status: 'cancelled', ...orderId, message: customerCancelMessage(state.cancelReason ?? 'provider') };
      case 'succeeded':
        return { status: 'succeeded', ...orderId };
      case 'failed':
        return { status: 'failed', ...orderId };
      default:
        return assertNever(state.status);
    }
  }
}
