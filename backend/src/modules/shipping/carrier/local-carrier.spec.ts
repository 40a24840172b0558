import { isValidConsignmentNumber } from '../domain/consignment-number';
import type { ShipmentRequest } from './carrier.port';
import { auspostTrackingUrl } from '@brewery/shop-rules';
import { LocalCarrier } from './local-carrier';

const shipment = (orderId: string): ShipmentRequest => ({
  idempotencyKey: `label-${orderId}`,
  orderId,
  sender: { name: 'Swan & Sand Brewing Co.', address: '12 Brewery Lane', email: 'hello@example.com' },
  recipient: {
    name: 'Ada Lovelace',
    phone: '0412 345 678',
    addressLine1: '1 Hay Street',
    addressLine2: null,
    suburb: 'Perth',
    state: 'WA',
    postCode: '6000',
  },
  cans: 4,
  weightKg: 2.2,
  signatureOver18: true,
});

describe('local carrier', () => {
  const carrier = new LocalCarrier();

  it('issues a valid consignment with its Australia Post tracking page', async () => {
    const consignment = await carrier.createConsignment(shipment('12'));
    expect(consignment).toEqual({
      consignmentNumber: 'SSB688236067',
      trackingUrl: 'https://auspost.com.au/mypost/track/details/SSB688236067',
    });
    expect(isValidConsignmentNumber(consignment.consignmentNumber)).toBe(true);
  });

  it('a retry for the same order gets the same consignment; another order another one', async () => {
    const [first, retry, other] = await Promise.all([
      carrier.createConsignment(shipment('12')),
      carrier.createConsignment(shipment('12')),
      carrier.createConsignment(shipment('13')),
    ]);
    expect(retry).toEqual(first);
    expect(other.consignmentNumber).not.toBe(first.consignmentNumber);
  });

  it('names itself on the labels it issues', () => {
    expect(carrier.name).toBe('local');
  });

  it('builds the tracking URL from the consignment', () => {
    expect(auspostTrackingUrl('SSB000000015')).toBe('https://auspost.com.au/mypost/track/details/SSB000000015');
  });
});
