import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api/api-error';
import { deliveryNote, detailsOf, refusedDetailFields, valuesOf } from './club-details';

const typed = {
  name: ' Alex Brewer ',
  email: 'alex@example.com ',
  phone: '0412 345 678',
  addressLine1: ' 1 Hay Street',
  addressLine2: '  ',
  suburb: 'Perth',
  postCode: '6000',
  state: 'WA' as const,
};

describe('the club details form', () => {
  it('sends a delivery with the trimmed address, leaving out an empty second line', () => {
    expect(detailsOf({ fulfilment: 'delivery', ...typed })).toEqual({
      customerInfo: {
        name: 'Alex Brewer',
        email: 'alex@example.com',
        phone: '0412 345 678',
        addressLine1: '1 Hay Street',
        suburb: 'Perth',
        postCode: '6000',
        state: 'WA',
      },
      fulfilment: { method: 'delivery' },
    });
  });

  it('sends a cellar-door pickup with no address at all (whatever was typed in it)', () => {
    expect(detailsOf({ fulfilment: 'pickup', ...typed })).toEqual({
      customerInfo: { name: 'Alex Brewer', email: 'alex@example.com', phone: '0412 345 678' },
      fulfilment: { method: 'pickup' },
    });
  });

  it('fills the form from a member’s details, a state it does not know left unchosen', () => {
    const values = valuesOf({
      customer: {
        name: 'Alex',
        email: 'a@example.com',
        phone: '04',
        addressLine1: '1 Hay St',
        suburb: 'Perth',
        postCode: '6000',
        state: 'WA',
      },
      fulfilment: { method: 'delivery' },
    });
    expect(values).toMatchObject({ fulfilment: 'delivery', addressLine1: '1 Hay St', state: 'WA', addressLine2: '' });
    expect(
      valuesOf({ customer: { name: 'A', email: 'a@example.com', phone: '04', state: '' }, fulfilment: { method: 'pickup' } }),
    ).not.toHaveProperty('state');
  });

  it('puts a refusal on the fields the server named, and on none for another refusal', () => {
    const refused = new ApiError(
      400,
      JSON.stringify({
        statusCode: 400,
        code: 'invalid_customer_info',
        message: 'x',
        fields: { postCode: 'Please enter your postcode.', other: 'x' },
      }),
      'Bad Request',
    );
    expect(refusedDetailFields(refused)).toEqual([['postCode', 'Please enter your postcode.']]);
    expect(refusedDetailFields(new ApiError(409, '{"statusCode":409,"code":"already_a_member","message":"m"}', 'Conflict'))).toEqual([]);
    expect(refusedDetailFields(new Error('offline'))).toEqual([]);
  });

  it('says what delivery adds to a pack at the shop’s rates', () => {
    expect(deliveryNote(8)).toBe('Delivery is added to each pack: $10.00 in Perth metro, $12.00 elsewhere in Australia.');
    expect(deliveryNote(16)).toBe('Delivery is added to each pack: $10.00 in Perth metro, $15.00 elsewhere in Australia.');
  });
});
