import { DeciderSpecification } from '../../../shared-kernel/decider-specification';
import { formatInvoiceNumber, sequenceDecider, type SequenceEvent } from './sequence.decider';

const sequence = DeciderSpecification.for(sequenceDecider);

describe('sequence decider', () => {
  it('numbers orders 1, 2, 3 without gaps', () => {
    sequence
      .given([])
      .when({ type: 'AllocateOrderNumber' })
      .then([{ type: 'OrderNumberAllocated', data: { orderNumber: 1 } }]);
    sequence
      .given([
        { type: 'OrderNumberAllocated', data: { orderNumber: 1 } },
        { type: 'OrderNumberAllocated', data: { orderNumber: 2 } },
      ])
      .when({ type: 'AllocateOrderNumber' })
      .then([{ type: 'OrderNumberAllocated', data: { orderNumber: 3 } }]);
  });

  it('gives each order one invoice number, the next one, and the same order no second', () => {
    const first: SequenceEvent = { type: 'InvoiceNumberAllocated', data: { sequence: 1, invoiceNumber: 'INV-000001', orderId: '4' } };
    sequence.given([]).when({ type: 'AllocateInvoiceNumber', orderId: '4' }).then([first]);
    sequence.given([first]).when({ type: 'AllocateInvoiceNumber', orderId: '4' }).then([]);
    sequence
      .given([first])
      .when({ type: 'AllocateInvoiceNumber', orderId: '9' })
      .then([{ type: 'InvoiceNumberAllocated', data: { sequence: 2, invoiceNumber: 'INV-000002', orderId: '9' } }]);
  });

  it.each([
    [1, 'INV-000001'],
    [123, 'INV-000123'],
    [1234567, 'INV-1234567'],
  ])('formats invoice %i as %s', (sequenceNumber, expected) => {
    expect(formatInvoiceNumber(sequenceNumber)).toBe(expected);
  });
});
