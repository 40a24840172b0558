import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRegistry } from '../../platform/projections/projection-registry';
import { OrdersModule } from '../orders';
import { CellarDoorController } from './cellar-door/cellar-door.controller';
import { OrderCollection } from './cellar-door/order-collection.service';
import { PickupListHandler } from './cellar-door/pickup-list.query';
import { CustomersController } from './customers/customers.controller';
import { GetOrderHandler } from './order-list/get-order.query';
import { OrderDetailController } from './order-list/order-detail.controller';
import { OrderListController } from './order-list/order-list.controller';
import { OrderListProjection } from './order-list/order-list.projection';
import { ListOrdersHandler, SearchOrdersHandler } from './order-list/search-orders.query';
import { OrderLookups, OrderStatusController } from './order-status/order-status.controller';
import { OrderStatusLookup } from './order-status/order-status.service';

/**
 * Orders as they are looked up: the order list every reading of orders starts from (its read model and search),
 * one order, customers, the cellar door's Saturday list and hand-over, and the
 * customer's own order status page with its tax invoice.
 */
@Module({
  imports: [OrdersModule],
  controllers: [
    OrderListController,
    CustomersController,
    CellarDoorController,
    OrderStatusController,
    // Last: its `GET admin/orders/:orderId` must not shadow the fixed paths above (`search`).
    OrderDetailController,
  ],
  providers: [
    OrderListProjection,
    SearchOrdersHandler,
    ListOrdersHandler,
    GetOrderHandler,
    OrderCollection,
    PickupListHandler,
    OrderStatusLookup,
    OrderLookups,
  ],
  exports: [OrderStatusLookup],
})
export class OrderDeskModule implements OnModuleInit {
  constructor(
    private readonly registry: ProjectionRegistry,
    private readonly orderList: OrderListProjection,
  ) {}

  onModuleInit(): void {
    this.registry.registerProjection(this.orderList);
  }
}
