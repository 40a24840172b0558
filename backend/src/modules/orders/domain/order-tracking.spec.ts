import { DomainError } from '../../../shared-kernel/domain-error';
import type { OrderStatus } from './order.events';
import { parseTrackingUpdate, TrackingMessages } from './order-tracking';

describe('the manual status and tracking form', () => {
  it.each<
    [
      string,
      { status?: unknown; trackingReference?: unknown; notifyCustomer?: unknown },
      { status: OrderStatus; trackingReference: string },
    ]
  >([
    [
      'a status and a reference',
      { status: 'shipped', trackingReference: '33ABC1234567' },
      { status: 'shipped', trackingReference: '33ABC1234567' },
    ],
    [
      'a reference with spaces around it, trimmed',
      { status: 'paid', trackingReference: '  AP 123-456 ' },
      { status: 'paid', trackingReference: 'AP 123-456' },
    ],
    ['one character', { status: 'delivered', trackingReference: '7' }, { status: 'delivered', trackingReference: '7' }],
    [
      'sixty characters',
      { status: 'cancelled', trackingReference: 'A'.repeat(60) },
      { status: 'cancelled', trackingReference: 'A'.repeat(60) },
    ],
    [
      'Packed - Awaiting Pickup',
      { status: 'packed_awaiting_pickup', trackingReference: 'x-1' },
      { status: 'packed_awaiting_pickup', trackingReference: 'x-1' },
    ],
    [
      'the customer e-mailed by choice',
      { status: 'shipped', trackingReference: 'AP1', notifyCustomer: true },
      { status: 'shipped', trackingReference: 'AP1' },
    ],
  ])('accepts %s, leaving whether to e-mail to the order decider unless the operator said', (_, input, expected) => {
    expect(parseTrackingUpdate(input)).toEqual({
      ...expected,
      ...('notifyCustomer' in input ? { notifyCustomer: input.notifyCustomer } : {}),
    });
  });

  it('accepts the choice not to e-mail the customer', () => {
    expect(parseTrackingUpdate({ status: 'shipped', trackingReference: 'AP1', notifyCustomer: false })).toEqual({
      status: 'shipped',
      trackingReference: 'AP1',
      notifyCustomer: false,
    });
  });

  it.each<[string, { status?: unknown; trackingReference?: unknown; notifyCustomer?: unknown }, string]>([
    ['nothing', {}, TrackingMessages.required],
    ['no status', { trackingReference: 'AP1' }, TrackingMessages.required],
    ['no reference', { status: 'shipped' }, TrackingMessages.required],
    ['a blank reference', { status: 'shipped', trackingReference: '   ' }, TrackingMessages.required],
    ['a blank status', { status: '', trackingReference: 'AP1' }, TrackingMessages.required],
    ['a null reference', { status: 'shipped', trackingReference: null }, TrackingMessages.required],
    ['an unknown status', { status: 'lost', trackingReference: 'AP1' }, TrackingMessages.invalidStatus],
    ['a status in words', { status: 'Shipped', trackingReference: 'AP1' }, TrackingMessages.invalidStatus],
    ['a number for a reference', { status: 'shipped', trackingReference: 12345 }, TrackingMessages.invalidReference],
    ['61 characters', { status: 'shipped', trackingReference: 'A'.repeat(61) }, TrackingMessages.invalidReference],
    ['a slash', { status: 'shipped', trackingReference: 'AP/1' }, TrackingMessages.invalidReference],
    ['markup', { status: 'shipped', trackingReference: '<b>1</b>' }, TrackingMessages.invalidReference],
    ['notifyCustomer as text', { status: 'shipped', trackingReference: 'AP1', notifyCustomer: 'no' }, TrackingMessages.invalidNotify],
  ])('refuses %s', (_, input, message) => {
    const parse = () => parseTrackingUpdate(input);
    expect(parse).toThrow(DomainError);
    expect(parse).toThrow(message);
  });

  it('given a pickup (never posted), takes the status without a reference, and still checks one that is sent', () => {
    expect(parseTrackingUpdate({ status: 'packed_awaiting_pickup' }, true)).toEqual({
      status: 'packed_awaiting_pickup',
      trackingReference: null,
    });
    expect(parseTrackingUpdate({ status: 'packed_awaiting_pickup', trackingReference: '  ' }, true)).toEqual({
      status: 'packed_awaiting_pickup',
      trackingReference: null,
    });
    expect(() => parseTrackingUpdate({ trackingReference: 'AP1' }, true)).toThrow(TrackingMessages.required);
    expect(() => parseTrackingUpdate({ status: 'paid', trackingReference: 'AP/1' }, true)).toThrow(TrackingMessages.invalidReference);
  });

  it.each([
    ['a right-to-left override', 'Customer \u202easked', 'U+202E'],
    ['a zero-width space', 'Customer\u200basked', 'U+200B'],
    ['an isolate', '\u2067Customer asked', 'U+2067'],
    ['a byte-order mark inside', 'Customer\ufeff asked', 'U+FEFF'],
  ])('refuses a reason to keep the payment holding %s, naming it', (_, keepPaymentReason, codePoint) => {
    const parse = () => parseTrackingUpdate({ status: 'cancelled', trackingReference: 'TBA', keepPaymentReason });
    expect(parse).toThrow(DomainError);
    expect(parse).toThrow(`keepPaymentReason must not hold invisible or text-direction characters (${codePoint})`);
  });

  it('takes a reason to keep the payment on several lines, and refuses other control characters in it', () => {
    expect(
      parseTrackingUpdate({ status: 'cancelled', trackingReference: 'TBA', keepPaymentReason: 'Asked by phone.\nStore credit.' }),
    ).toMatchObject({
      keepPaymentReason: 'Asked by phone.\nStore credit.',
    });
    expect(() => parseTrackingUpdate({ status: 'cancelled', trackingReference: 'TBA', keepPaymentReason: 'Asked\u001b[2J' })).toThrow(
      TrackingMessages.invalidKeepPayment,
    );
  });

  it('names the two fields in the spec message', () => {
    expect(TrackingMessages.required).toBe('Tracking reference and status are required');
  });
});
