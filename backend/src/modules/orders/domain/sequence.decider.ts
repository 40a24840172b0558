import type { DomainEvent } from '@brewery/eventstore';
import { assertNever, type Decider } from '../../../shared-kernel/decider';

/**
 * Gap-free numbers from a stream appended with the expected revision: the nth event carries number n,
 * so two checkouts can never get the same one. Invoice numbers remember their order, so asking twice
 * for the same order (a replayed process step) returns the number it already has instead of a new one.
 */
export type OrderNumberAllocated = DomainEvent<'OrderNumberAllocated', { orderNumber: number }>;
export type InvoiceNumberAllocated = DomainEvent<'InvoiceNumberAllocated', { sequence: number; invoiceNumber: string; orderId: string }>;
export type SequenceEvent = OrderNumberAllocated | InvoiceNumberAllocated;

export type SequenceCommand = { type: 'AllocateOrderNumber' } | { type: 'AllocateInvoiceNumber'; orderId: string };

export interface SequenceState {
  last: number;
  invoiceByOrder: Readonly<Record<string, string>>;
}

export const ORDER_SEQUENCE_STREAM = 'sequence-order';
export const INVOICE_SEQUENCE_STREAM = 'sequence-invoice';

export function formatInvoiceNumber(sequence: number): string {
  return `INV-${String(sequence).padStart(6, '0')}`;
}

export const sequenceDecider: Decider<SequenceState, SequenceCommand, SequenceEvent> = {
  initialState: { last: 0, invoiceByOrder: {} },

  decide(command, state) {
    switch (command.type) {
      case 'AllocateOrderNumber':
        return [{ type: 'OrderNumberAllocated', data: { orderNumber: state.last + 1 } }];
      case 'AllocateInvoiceNumber': {
        if (state.invoiceByOrder[command.orderId] !== undefined) return [];
        const sequence = state.last + 1;
        return [
          { type: 'InvoiceNumberAllocated', data: { sequence, invoiceNumber: formatInvoiceNumber(sequence), orderId: command.orderId } },
        ];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'OrderNumberAllocated':
        return { ...state, last: event.data.orderNumber };
      case 'InvoiceNumberAllocated':
        return { last: event.data.sequence, invoiceByOrder: { ...state.invoiceByOrder, [event.data.orderId]: event.data.invoiceNumber } };
      default:
        return assertNever(event);
    }
  },
};
