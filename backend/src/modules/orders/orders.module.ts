import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '../../platform/projections/projection-registry';
import { CatalogModule } from '../catalog';
import { NotificationsModule } from '../notifications';
import { NumberSequence } from './numbering/number-sequence.service';
import { OrderNotesController } from './order-notes/order-notes.controller';
import { OrderNotes } from './order-notes/order-notes.service';
import { BulkOrderStatus } from './order-tracking/bulk-order-status.service';
import { OrderUpdateEmailProcessManager } from './order-tracking/order-update-email.process-manager';
import { OrderUpdateNotifier } from './order-tracking/order-update-notifier.service';
import { UpdateOrderTrackingController } from './order-tracking/update-order-tracking.controller';
import { UpdateOrderTracking } from './order-tracking/update-order-tracking.service';
import { DeletePendingOrder } from './pending-orders/delete-pending-order.service';
import { OrderReservations } from './reservations/order-reservations.service';
import { OrderStreams } from './order-streams/order-streams.service';

/**
 * The order and its life: its decider and events, its numbers, the cans it holds while pending, a pending order
 * deleted, and the operator's status, tracking and notes (with the customer's e-mail).
 */
@Module({
  imports: [CatalogModule, NotificationsModule],
  controllers: [UpdateOrderTrackingController, OrderNotesController],
  providers: [
    NumberSequence,
    OrderReservations,
    OrderStreams,
    DeletePendingOrder,
    UpdateOrderTracking,
    BulkOrderStatus,
    OrderUpdateNotifier,
    OrderUpdateEmailProcessManager,
    OrderNotes,
  ],
  exports: [NumberSequence, OrderReservations, OrderStreams, DeletePendingOrder],
})
export class OrdersModule implements OnModuleInit {
  constructor(
    private readonly registry: ProjectionRegistry,
    private readonly updateEmails: OrderUpdateEmailProcessManager,
  ) {}

  onModuleInit(): void {
    this.registry.registerProcessManager(this.updateEmails);
  }
}
