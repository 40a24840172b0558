import { fold } from '../../../shared-kernel/decider';
import { formatInvoiceNumber, sequenceDecider, type SequenceCommand, type SequenceEvent } from './sequence.decider';

function given(...events: SequenceEvent[]) {
  const state = fold(sequenceDecider, events);
  return { when: (command: SequenceCommand) => sequenceDecider.decide(command, state) };
}

describe('sequence decider', () => {
  it('numbers orders 1, 2, 3 without gaps', () => {
    expect(given().when({ type: 'AllocateOrderNumber' })).toEqual([{ type: 'OrderNumberAllocated', data: { orderNumber: 1 } }]);
    expect(
      given({ type: 'OrderNumberAllocated', data: { orderNumber: 1 } }, { type: 'OrderNumberAllocated', data: { orderNumber: 2 } }).when({
        type: 'AllocateOrderNumber',
      }),
    ).toEqual([{ type: 'OrderNumberAllocated', data: { orderNumber: 3 } }]);
  });

  it('gives each order one invoice number, the next one, and the same order no second', () => {
    const first: SequenceEvent = { type: 'InvoiceNumberAllocated', data: { sequence: 1, invoiceNumber: 'INV-000001', orderId: '4' } };
    expect(given().when({ type: 'AllocateInvoiceNumber', orderId: '4' })).toEqual([first]);
    expect(given(first).when({ type: 'AllocateInvoiceNumber', orderId: '4' })).toEqual([]);
    expect(given(first).when({ type: 'AllocateInvoiceNumber', orderId: '9' })).toEqual([
      { type: 'InvoiceNumberAllocated', data: { sequence: 2, invoiceNumber: 'INV-000002', orderId: '9' } },
    ]);
  });

  it.each([
    [1, 'INV-000001'],
    [123, 'INV-000123'],
    [1234567, 'INV-1234567'],
  ])('formats invoice %i as %s', (sequence, expected) => {
    expect(formatInvoiceNumber(sequence)).toBe(expected);
  });
});
