import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '../../platform/projections/projection-registry';
import { CatalogModule } from '../catalog';
import { NotificationsModule } from '../notifications/notifications.module';
import { PaymentsModule } from '../payments/payments.module';
import { CheckoutAdmission } from './checkout-admission/checkout-admission.service';
import { CheckoutCancellation } from './checkout-cancellation/checkout-cancellation.service';
import { CheckoutHoldsProjection } from './checkout-holds/checkout-holds.projection';
import { CheckoutService } from './checkout/checkout.service';
import { CreatePaymentIntentController } from './checkout/create-payment-intent.controller';
import { NumberSequence } from './numbering/number-sequence.service';
import { OrderBackupsController } from './order-backups/order-backups.controller';
import { OrderBackupsProjection } from './order-backups/order-backups.projection';
import { RecoverOrder } from './order-backups/recover-order.service';
import { OrderCompletion } from './order-completion/order-completion.service';
import { PaymentCompletionProcessManager } from './order-completion/payment-completion.process-manager';
import { PaidOrderCancellationProcessManager } from './order-cancellation/paid-order-cancellation.process-manager';
import { RefundCompletionProcessManager } from './order-review/refund-completion.process-manager';
import { DeletePendingOrder } from './order-list/delete-pending-order.service';
import { OrderListController } from './order-list/order-list.controller';
import { OrderListProjection } from './order-list/order-list.projection';
import { ListOrdersHandler, SearchOrdersHandler } from './order-list/search-orders.query';
import { CustomersController } from './customers/customers.controller';
import { OrderNotesController } from './order-notes/order-notes.controller';
import { OrderNotes } from './order-notes/order-notes.service';
import { OrderReviewController } from './order-review/order-review.controller';
import { OrderReview } from './order-review/order-review.service';
import { ReservationExpiry } from './reservation-expiry/reservation-expiry.service';
import { OrderReservations } from './reservations/order-reservations.service';
import { OrderUpdateEmailProcessManager } from './order-tracking/order-update-email.process-manager';
import { OrderUpdateNotifier } from './order-tracking/order-update-notifier.service';
import { UpdateOrderTrackingController } from './order-tracking/update-order-tracking.controller';
import { UpdateOrderTracking } from './order-tracking/update-order-tracking.service';
import { BulkOrderStatus } from './order-tracking/bulk-order-status.service';
import { OrderLookups, OrderStatusController } from './order-status/order-status.controller';
import { OrderStatusLookup } from './order-status/order-status.service';
import { BooksController } from './books/books.controller';
import { CellarDoorController } from './cellar-door/cellar-door.controller';
import { OrderCollection } from './cellar-door/order-collection.service';
import { PickupListHandler } from './cellar-door/pickup-list.query';
import { Books } from './books/books.service';
import { OrderDetailController } from './order-list/order-detail.controller';
import { GetOrderHandler } from './order-list/get-order.query';
import { OrderReturnsController } from './order-returns/order-returns.controller';
import { OrderReturns } from './order-returns/order-returns.service';
import { OrderReturnProcessManager } from './order-returns/order-return.process-manager';

/**
 * Orders: checkout, order numbers, reservations while pending, completion on payment, the admin's order and
 * backup lists, the operator's status and tracking changes (with the customer's e-mail), and the review's
 * resolution and refunds, returns of cans, and the customer's order status page with its tax invoice.
 */
@Module({
  imports: [CatalogModule, PaymentsModule, NotificationsModule],
  controllers: [
    CreatePaymentIntentController,
    OrderListController,
    OrderBackupsController,
    UpdateOrderTrackingController,
    OrderReviewController,
    OrderNotesController,
    CustomersController,
    OrderStatusController,
    BooksController,
    CellarDoorController,
    OrderReturnsController,
    // Last: its `GET admin/orders/:orderId` must not shadow the fixed paths above (`search`).
    OrderDetailController,
  ],
  providers: [
    SearchOrdersHandler,
    ListOrdersHandler,
    CheckoutService,
    CheckoutAdmission,
    CheckoutCancellation,
    CheckoutHoldsProjection,
    NumberSequence,
    OrderReservations,
    OrderCompletion,
    PaymentCompletionProcessManager,
    PaidOrderCancellationProcessManager,
    RefundCompletionProcessManager,
    DeletePendingOrder,
    RecoverOrder,
    ReservationExpiry,
    OrderListProjection,
    OrderBackupsProjection,
    UpdateOrderTracking,
    BulkOrderStatus,
    OrderUpdateNotifier,
    OrderUpdateEmailProcessManager,
    OrderReview,
    OrderNotes,
    OrderStatusLookup,
    OrderLookups,
    Books,
    OrderCollection,
    PickupListHandler,
    GetOrderHandler,
    OrderReturns,
    OrderReturnProcessManager,
  ],
  exports: [ReservationExpiry, OrderCompletion, RecoverOrder, CheckoutAdmission],
})
export class OrderingModule implements OnModuleInit {
  constructor(
    private readonly registry: ProjectionRegistry,
    private readonly orderList: OrderListProjection,
    private readonly backups: OrderBackupsProjection,
    private readonly holds: CheckoutHoldsProjection,
    private readonly completion: PaymentCompletionProcessManager,
    private readonly paidCancellations: PaidOrderCancellationProcessManager,
    private readonly refundCompletion: RefundCompletionProcessManager,
    private readonly updateEmails: OrderUpdateEmailProcessManager,
    private readonly returns: OrderReturnProcessManager,
  ) {}

  onModuleInit(): void {
    this.registry.registerProjection(this.orderList);
    this.registry.registerProjection(this.backups);
    this.registry.registerProjection(this.holds);
    this.registry.registerProcessManager(this.completion);
    this.registry.registerProcessManager(this.paidCancellations);
    this.registry.registerProcessManager(this.refundCompletion);
    this.registry.registerProcessManager(this.updateEmails);
    this.registry.registerProcessManager(this.returns);
  }
}
