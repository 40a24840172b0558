import { assertNever, type Decider } from '../../../shared-kernel/decider';
import type { OrderStatus } from '../../orders';
import { LabelErrors } from './label.errors';
import type { LabelEvent, ShippingLabelCreatedData } from './label.events';

/** Money has been taken and the cans are the shop's to send: a label makes sense from here on. */
export const SHIPPABLE_STATUSES = ['paid', 'packed_awaiting_pickup', 'shipped', 'delivered'] as const satisfies readonly OrderStatus[];

export function isShippable(status: OrderStatus): boolean {
  return (SHIPPABLE_STATUSES as readonly OrderStatus[]).includes(status);
}

/** What decides whether an order may be sent, as its own stream says: its status, and whether its payment succeeded. */
export interface ShippableFacts {
  status: OrderStatus;
  /** A payment succeeded for it (the order stream's OrderPaid), whatever status it was set to by hand since. */
  paid: boolean;
  /** Everything it paid was given back. */
  refundedInFull?: boolean;
  /** Collected at the cellar door: packed (pick list, packing slip) but never posted. */
  pickup?: boolean;
}

/**
 * Throws the 404 or 409 the operator sees when an order cannot get a label, a pick list or a packing line.
 * Nothing ships unpaid: any status may be set by hand (the spec's rule), but a label is for money taken.
 */
export function assertShippable(orderId: string, order: ShippableFacts | null): void {
  if (order === null) throw LabelErrors.orderNotFound(orderId);
  if (!order.paid) throw LabelErrors.notPaid(orderId);
  // The status first: a cancelled order says so whether or not its refund has been made yet.
  if (!isShippable(order.status)) throw LabelErrors.notShippable(orderId, order.status);
  if (order.refundedInFull === true) throw LabelErrors.refundedInFull(orderId);
}

/** As `assertShippable`, and the order is to be posted: a pickup never gets a shipping label. */
export function assertLabellable(orderId: string, order: ShippableFacts | null): void {
  assertShippable(orderId, order);
  if (order?.pickup === true) throw LabelErrors.pickupNoLabel(orderId);
}

export type LabelState = { kind: 'none' } | { kind: 'created'; label: ShippingLabelCreatedData };

export type LabelCommand = {
  type: 'CreateShippingLabel';
  /** The order as its own stream says now; null when there is no such order. */
  order: ShippableFacts | null;
  /** The label as it would be recorded: consignment from the carrier, snapshots, time from the command. */
  label: ShippingLabelCreatedData;
};

/**
 * One shipping label per order. A second creation changes nothing and the caller reads back the first
 * consignment, whatever the order became since: the parcel may already carry that label.
 */
export const labelDecider: Decider<LabelState, LabelCommand, LabelEvent> = {
  initialState: { kind: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'CreateShippingLabel':
        if (state.kind === 'created') return [];
        assertLabellable(command.label.orderId, command.order);
        return [{ type: 'ShippingLabelCreated', data: command.label }];
      default:
        return assertNever(command.type);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ShippingLabelCreated':
        // The first label stands; the store never lets a second one in, but a fold must not depend on it.
        return state.kind === 'created' ? state : { kind: 'created', label: event.data };
      default:
        return assertNever(event.type);
    }
  },
};
