import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '../../platform/projections/projection-registry';
import { CatalogModule } from '../catalog';
import { DiscountsModule } from '../discounts';
import { CheckoutModule } from '../checkout';
import { NotificationsModule } from '../notifications';
import { OrderDeskModule } from '../order-desk';
import { OrdersModule } from '../orders';
import { PaymentsModule } from '../payments';
import { OrderBackupsController } from './order-backups/order-backups.controller';
import { OrderBackupsProjection } from './order-backups/order-backups.projection';
import { RecoverOrder } from './order-backups/recover-order.service';
import { PaidOrderCancellationProcessManager } from './order-cancellation/paid-order-cancellation.process-manager';
import { OrderCompletion } from './order-completion/order-completion.service';
import { PaymentCompletionProcessManager } from './order-completion/payment-completion.process-manager';
import { OrderReturnProcessManager } from './order-returns/order-return.process-manager';
import { OrderReturnsController } from './order-returns/order-returns.controller';
import { OrderReturns } from './order-returns/order-returns.service';
import { OrderReviewController } from './order-review/order-review.controller';
import { OrderReview } from './order-review/order-review.service';
import { RefundCompletionProcessManager } from './order-review/refund-completion.process-manager';

/**
 * The money of an order: a payment completing its order, refunds (asked by the operator, on cancelling a paid
 * order, on a return of cans), and the order backups that find payments without their order and recover them.
 */
@Module({
  imports: [CatalogModule, PaymentsModule, NotificationsModule, OrdersModule, OrderDeskModule, CheckoutModule, DiscountsModule],
  controllers: [OrderBackupsController, OrderReviewController, OrderReturnsController],
  providers: [
    OrderCompletion,
    PaymentCompletionProcessManager,
    PaidOrderCancellationProcessManager,
    RefundCompletionProcessManager,
    RecoverOrder,
    OrderBackupsProjection,
    OrderReview,
    OrderReturns,
    OrderReturnProcessManager,
  ],
  exports: [OrderCompletion, RecoverOrder],
})
export class OrderMoneyModule implements OnModuleInit {
  constructor(
    private readonly registry: ProjectionRegistry,
    private readonly backups: OrderBackupsProjection,
    private readonly completion: PaymentCompletionProcessManager,
    private readonly paidCancellations: PaidOrderCancellationProcessManager,
    private readonly refundCompletion: RefundCompletionProcessManager,
    private readonly returns: OrderReturnProcessManager,
  ) {}

  onModuleInit(): void {
    this.registry.registerProjection(this.backups);
    this.registry.registerProcessManager(this.completion);
    this.registry.registerProcessManager(this.paidCancellations);
    this.registry.registerProcessManager(this.refundCompletion);
    this.registry.registerProcessManager(this.returns);
  }
}
