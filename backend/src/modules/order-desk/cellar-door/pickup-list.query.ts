import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { DocumentStore } from '@brewery/eventstore';
import { decimalString, pickupWhen, type PickupList } from '@brewery/shop-rules';
import { type AppConfig, APP_CONFIG } from '../../../config/app-config';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { ORDERS, type OrderDoc } from '../order-list/order-list.projection';

/** The orders handed over at the cellar door: paid, perhaps packed or already collected. */
const TO_HAND_OVER = ['paid', 'packed_awaiting_pickup', 'delivered'] as const;

/** A Saturday's pickups (`YYYY-MM-DD`, already checked to be a Saturday). */
export class PickupListQuery extends Query<PickupList> {
  constructor(readonly date: string) {
    super();
  }
}

@QueryHandler(PickupListQuery)
export class PickupListHandler implements IQueryHandler<PickupListQuery> {
  constructor(
    @Inject(DOCUMENT_STORE) private readonly store: DocumentStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ date }: PickupListQuery): Promise<PickupList> {
    const docs = await this.store
      .collection<OrderDoc>(ORDERS)
      .find({ $and: [{ hidden: false }, { pickupDate: date }, { status: { $in: [...TO_HAND_OVER] } }] }, { sort: { number: 1 } });
    // By name, as the customers are asked for at the door; an order refunded in full has nothing to hand over.
    const orders = docs
      .filter((doc) => !(doc.refundedCents > 0 && doc.refundedCents >= doc.totalCents))
      .map((doc) => ({
        orderId: doc.id,
        status: doc.status,
        customerName: doc.customerName,
        customerPhone: doc.customerPhone,
        customerEmail: doc.customerEmail,
        totalCans: doc.totalCans,
        totalAmount: decimalString(doc.totalCents),
        items: doc.items.map((item) => ({ name: item.product.name, packSize: item.packSize, packs: item.packs, quantity: item.quantity })),
        needsReview: doc.needsReview,
        collection:
          doc.collection == null ? null : { idType: doc.collection.idType, collectedBy: doc.collection.collectedBy, at: doc.collection.at },
      }))
      .sort(
        (a, b) => a.customerName.localeCompare(b.customerName, 'en-AU', { sensitivity: 'base' }) || Number(a.orderId) - Number(b.orderId),
      );
    return {
      date,
      when: pickupWhen(date),
      address: this.config.shop.address,
      orders,
      totalCans: orders.reduce((sum, order) => sum + order.totalCans, 0),
      collected: orders.filter((order) => order.collection !== null).length,
    };
  }
}
