import { Injectable } from '@nestjs/common';
import { consignmentNumberFor } from '../domain/consignment-number';
import { auspostTrackingUrl } from '@brewery/shop-rules';
import type { CarrierPort, Consignment, ShipmentRequest } from './carrier.port';

/**
 * Issues consignment numbers locally, with no network: the number is a function of the order number
 * (see `consignmentNumberFor`), so the same order always gets the same consignment, which is what the
 * idempotency key asks of any carrier.
 */
@Injectable()
export class LocalCarrier implements CarrierPort {
  readonly name = 'local';

  createConsignment(shipment: ShipmentRequest): Promise<Consignment> {
    const consignmentNumber = consignmentNumberFor(Number(shipment.orderId));
    return Promise.resolve({ consignmentNumber, trackingUrl: auspostTrackingUrl(consignmentNumber) });
  }
}
