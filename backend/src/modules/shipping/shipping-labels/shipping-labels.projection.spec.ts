import { MemoryDocumentStore, type RecordedEvent } from '@brewery/eventstore';
import type { LabelEvent, ShippingLabelCreatedData } from '../domain/label.events';
import { SHIPPING_LABELS, ShippingLabelsProjection, type ShippingLabelDoc } from './shipping-labels.projection';

const data = (orderId: string, change: Partial<ShippingLabelCreatedData> = {}): ShippingLabelCreatedData => ({
  orderId,
  consignmentNumber: `SSB-${orderId}`,
  trackingUrl: `https://auspost.com.au/mypost/track/details/SSB-${orderId}`,
  carrier: 'local',
  createdAt: '2026-11-23T01:00:00.000Z',
  sender: { name: 'Swan & Sand Brewing Co.', address: '12 Brewery Lane', email: 'hello@example.com' },
  recipient: {
    name: `Customer ${orderId}`,
    phone: '0412 345 678',
    addressLine1: '1 Hay Street',
    addressLine2: null,
    suburb: 'Perth',
    state: 'WA',
    postCode: '6000',
  },
  cans: 8,
  weightKg: 4.4,
  requestedVia: 'shipping_email',
  ...change,
});

let position = 0;
function recorded(orderId: string, event: LabelEvent, revision = 0): RecordedEvent {
  return {
    id: `label-${orderId}-${revision}`,
    streamName: `label-${orderId}`,
    revision,
    globalPosition: position++,
    type: event.type,
    data: event.data,
    metadata: { correlationId: 'c', causationId: null, actor: 'admin', occurredAt: '2026-11-23T01:00:00.000Z' },
  };
}

describe('shipping-labels projection', () => {
  const projection = new ShippingLabelsProjection();
  let store: MemoryDocumentStore;
  const all = (): Promise<ShippingLabelDoc[]> => store.collection<ShippingLabelDoc>(SHIPPING_LABELS).find({}, { sort: { _id: 1 } });
  beforeEach(() => {
    store = new MemoryDocumentStore();
  });

  it('keys each label by its order id', async () => {
    await projection.apply(recorded('12', { type: 'ShippingLabelCreated', data: data('12') }), store);
    expect(await all()).toEqual([
      {
        _id: '12',
        orderId: '12',
        consignmentNumber: 'SSB-12',
        trackingUrl: 'https://auspost.com.au/mypost/track/details/SSB-12',
        carrier: 'local',
        cans: 8,
        weightKg: 4.4,
        recipientName: 'Customer 12',
        createdAt: '2026-11-23T01:00:00.000Z',
        revision: 0,
      },
    ]);
  });

  it('the same event twice changes nothing', async () => {
    const event = recorded('12', { type: 'ShippingLabelCreated', data: data('12') });
    await projection.apply(event, store);
    const once = await all();
    await projection.apply(event, store);
    expect(await all()).toEqual(once);
  });

  it('a later label event on the same stream does not replace the first', async () => {
    await projection.apply(recorded('12', { type: 'ShippingLabelCreated', data: data('12') }), store);
    await projection.apply(
      recorded('12', { type: 'ShippingLabelCreated', data: data('12', { consignmentNumber: 'SSB-other' }) }, 1),
      store,
    );
    expect((await all()).map((doc) => doc.consignmentNumber)).toEqual(['SSB-12']);
  });

  it('a rebuild equals the live state', async () => {
    const events = ['3', '1', '2'].map((id) => recorded(id, { type: 'ShippingLabelCreated', data: data(id) }));
    for (const event of events) await projection.apply(event, store);
    const live = await all();
    store = new MemoryDocumentStore();
    for (const event of [...events, ...events]) await projection.apply(event, store);
    expect(await all()).toEqual(live);
    expect(live.map((doc) => doc._id)).toEqual(['1', '2', '3']);
  });
});
