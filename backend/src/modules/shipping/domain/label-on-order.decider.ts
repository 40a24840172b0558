import { fulfilmentOf } from '@brewery/shop-rules';
import type { Decider } from '../../../shared-kernel/decider';
import type { OrderEvent, OrderState, PlacedOrder } from '../../orders';
import { assertLabellable, type ShippableFacts } from './label.decider';

/** The order's own fold, as the orders module gives it (`orderDecider`). */
export type OrderFold = Pick<Decider<OrderState, never, OrderEvent>, 'initialState' | 'evolve'>;

/** The order as its stream says, and the consignments already recorded on it. */
export interface LabelOnOrderState {
  order: OrderState;
  recorded: readonly string[];
}

/** Record a label's consignment on its order. */
export interface RecordLabelOnOrder {
  consignmentNumber: string;
}

/**
 * The label rule asked on the order's stream, with the order's own fold: the consignment is recorded on the order
 * only while the order may be sent (`assertLabellable`), at the revision the order was read at, so nothing
 * recorded on the order in between is missed (the pipeline reloads and decides again). The same consignment again
 * (a label retried after a crash between its two writes) records nothing.
 */
export function labelOnOrderDecider(orders: OrderFold): Decider<LabelOnOrderState, RecordLabelOnOrder, OrderEvent> {
  return {
    initialState: { order: orders.initialState, recorded: [] },
    evolve: (state, event) => ({
      order: orders.evolve(state.order, event),
      recorded: event.type === 'ShippingLabelRecorded' ? [...state.recorded, event.data.consignmentNumber] : state.recorded,
    }),
    decide(command, { order, recorded }) {
      if (recorded.includes(command.consignmentNumber)) return [];
      assertLabellable(order.kind === 'placed' ? order.order.orderId : '', shippableFacts(placedOrder(order)));
      return [{ type: 'ShippingLabelRecorded', data: { consignmentNumber: command.consignmentNumber } }];
    },
  };
}

/** What the label rule reads of an order's stream. */
export function shippableFacts(order: PlacedOrder | null): ShippableFacts | null {
  return order === null
    ? null
    : {
        status: order.status,
        paid: order.paidWith !== null,
        refundedInFull: order.paidCents > 0 && order.refundedCents >= order.paidCents,
        pickup: fulfilmentOf(order.order).method === 'pickup',
      };
}

/** The order, or null when its stream holds none. */
export function placedOrder(state: OrderState): PlacedOrder | null {
  return state.kind === 'placed' ? state : null;
}
