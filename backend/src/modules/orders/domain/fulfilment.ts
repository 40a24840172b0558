import { DELIVERY, isOpenPickupDate, openPickupDates, type Fulfilment } from '@brewery/shop-rules';
import { OrderErrors } from './order.errors';

/**
 * How an order placed at `now` reaches its customer: delivery unless asked otherwise; a pickup only on one of
 * the open Saturdays. Decided before the order takes its number, and again when it is placed.
 */
export function chosenFulfilment(requested: { method: string; pickupDate?: string } | null | undefined, now: Date): Fulfilment {
  if (requested === undefined || requested === null || requested.method === 'delivery') return DELIVERY;
  const date = requested.pickupDate ?? '';
  if (!isOpenPickupDate(date, now)) throw OrderErrors.pickupDateClosed(date, openPickupDates(now));
  return { method: 'pickup', pickupDate: date };
}
