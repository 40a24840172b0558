import { DeciderSpecification, type Refusal } from '../../../shared-kernel/decider-specification';
import type { ProductCommand } from './product.commands';
import { availableCans, productDecider, type ProductState } from './product.decider';
import type { ProductEvent, ProductFields } from './product.events';
import { productSnapshot } from './product-snapshot';

const ID = 'p-1';

const fields: ProductFields = {
  name: 'Quokka Pale Ale',
  style: 'Australian Pale Ale',
  description: 'Bright, easy and sunny.',
  abv: 4.8,
  beerType: 'New Beer',
  imageUrl: '/cans/quokka-pale-ale.svg',
  inventory: 20,
  isActive: true,
  archived: false,
  price: '6.50',
  price4Pack: '24.00',
  price8Pack: '46.00',
  price16Pack: null,
  enable4Pack: true,
  enable8Pack: true,
  enable16Pack: false,
  maxPerOrder: null,
};

const created: ProductEvent = { type: 'ProductCreated', data: fields };
const reserved = (orderId: string, quantity: number): ProductEvent => ({
  type: 'StockReserved',
  data: { orderId, quantity, expiresAt: '2026-11-23T01:30:00.000Z' },
});
const sold = (orderId: string, quantity: number, fromReservation: boolean): ProductEvent => ({
  type: 'StockSold',
  data: { orderId, quantity, paymentIntentId: `pi_${orderId}`, fromReservation },
});

type Outcome = ProductEvent[] | Refusal;

const product = DeciderSpecification.for(productDecider);

/** Asked at 01:00, held until 01:30. */
const reserve = (orderId: string, quantity: number, at = '2026-11-23T01:00:00.000Z'): ProductCommand => ({
  type: 'ReserveStock',
  productId: ID,
  orderId,
  quantity,
  expiresAt: '2026-11-23T01:30:00.000Z',
  at,
});
const sell = (orderId: string, quantity: number): ProductCommand => ({
  type: 'SellStock',
  productId: ID,
  orderId,
  quantity,
  paymentIntentId: `pi_${orderId}`,
});

describe('product decider', () => {
  describe('CreateProduct', () => {
    it.each<[string, ProductEvent[], ProductCommand, Outcome]>([
      ['creates a product from the form', [], { type: 'CreateProduct', productId: ID, fields }, [created]],
      [
        'normalises prices to two decimals, trims text and turns a blank pack price into null',
        [],
        {
          type: 'CreateProduct',
          productId: ID,
          fields: { ...fields, name: '  Quokka Pale Ale ', price: '6.5', price4Pack: '24', price8Pack: ' ', price16Pack: '80.1' },
        },
        [{ type: 'ProductCreated', data: { ...fields, price: '6.50', price4Pack: '24.00', price8Pack: null, price16Pack: '80.10' } }],
      ],
      [
        'refuses a second create on the same stream',
        [created],
        { type: 'CreateProduct', productId: ID, fields },
        { code: 'product_exists', kind: 'conflict' },
      ],
      [
        'refuses to re-create a deleted product',
        [created, { type: 'ProductDeleted', data: {} }],
        { type: 'CreateProduct', productId: ID, fields },
        { code: 'product_exists' },
      ],
    ])('%s', (_name, given, when, then) => product.given(given).when(when).thenOutcome(then));

    it.each<[string, Partial<ProductFields>, string]>([
      ['blank name', { name: '   ' }, 'name is required'],
      ['blank style', { style: '' }, 'style is required'],
      ['blank description', { description: '' }, 'description is required'],
      ['blank image', { imageUrl: '' }, 'imageUrl is required'],
      ['abv above 20', { abv: 20.1 }, 'abv must be a number from 0 to 20'],
      ['negative abv', { abv: -1 }, 'abv must be a number from 0 to 20'],
      ['fractional inventory', { inventory: 2.5 }, 'inventory must be a whole number of cans, 0 or more'],
      ['negative inventory', { inventory: -1 }, 'inventory must be a whole number of cans, 0 or more'],
      ['zero price', { price: '0' }, 'price must be more than 0'],
      ['blank price', { price: '' }, 'price is required'],
      ['price that is not money', { price: 'six' }, 'price must be an amount in dollars such as 6.50'],
      ['zero pack price', { price4Pack: '0.00' }, 'price4Pack must be more than 0'],
      [
        'unknown beer type',
        { beerType: 'Old Beer' as ProductFields['beerType'] },
        'beerType must be one of New Beer, New Batch, Limited Release, Collab Release or none',
      ],
    ])('refuses %s', (_name, change, message) => {
      product
        .given([])
        .when({ type: 'CreateProduct', productId: ID, fields: { ...fields, ...change } })
        .thenThrows({ code: 'invalid_product', message, kind: 'validation' });
    });
  });

  describe('UpdateProduct', () => {
    const update = (change: Partial<ProductFields>, expectedRevision?: number): ProductCommand => ({
      type: 'UpdateProduct',
      productId: ID,
      fields: { ...fields, ...change },
      ...(expectedRevision === undefined ? {} : { expectedRevision }),
    });
    const prices = { ...fields, price: '7.00' };

    it.each<[string, ProductEvent[], ProductCommand, Outcome]>([
      ['records nothing when nothing changed', [created], update({}), []],
      ['records nothing when a price is only written differently', [created], update({ price: '6.5', price4Pack: '24' }), []],
      [
        'records only the changed details',
        [created],
        update({ name: 'Quokka Pale', abv: 5 }),
        [{ type: 'ProductDetailsChanged', data: { name: 'Quokka Pale', abv: 5 } }],
      ],
      ['records a cleared beer type', [created], update({ beerType: null }), [{ type: 'ProductDetailsChanged', data: { beerType: null } }]],
      [
        'records every price field after a price change',
        [created],
        update({ price: '7' }),
        [
          {
            type: 'ProductPricesChanged',
            data: {
              price: '7.00',
              price4Pack: '24.00',
              price8Pack: '46.00',
              price16Pack: null,
              enable4Pack: true,
              enable8Pack: true,
              enable16Pack: false,
            },
          },
        ],
      ],
      [
        'records an enabled pack as a price change',
        [created],
        update({ enable16Pack: true, price16Pack: '88.00' }),
        [{ type: 'ProductPricesChanged', data: { ...pricesOf(fields), enable16Pack: true, price16Pack: '88.00' } }],
      ],
      [
        'sets a limit of cans per order',
        [created],
        update({ maxPerOrder: 16 }),
        [{ type: 'ProductOrderLimitSet', data: { maxPerOrder: 16 } }],
      ],
      [
        'lifts the limit',
        [created, { type: 'ProductOrderLimitSet', data: { maxPerOrder: 16 } }],
        update({ maxPerOrder: null }),
        [{ type: 'ProductOrderLimitSet', data: { maxPerOrder: null } }],
      ],
      ['refuses a limit of 0 cans', [created], update({ maxPerOrder: 0 }), { code: 'invalid_product', kind: 'validation' }],
      ['refuses a limit above the largest order', [created], update({ maxPerOrder: 193 }), { code: 'invalid_product', kind: 'validation' }],
      ['moves to draft', [created], update({ isActive: false }), [{ type: 'ProductMovedToDraft', data: {} }]],
      [
        'publishes',
        [created, { type: 'ProductMovedToDraft', data: {} }],
        update({ isActive: true }),
        [{ type: 'ProductPublished', data: {} }],
      ],
      ['archives', [created], update({ archived: true }), [{ type: 'ProductArchived', data: {} }]],
      ['restores', [created, { type: 'ProductArchived', data: {} }], update({ archived: false }), [{ type: 'ProductRestored', data: {} }]],
      [
        'counts stock from the form',
        [created],
        update({ inventory: 48 }),
        [{ type: 'StockCounted', data: { inventory: 48, previous: 20, reason: 'admin-edit' } }],
      ],
      [
        'diffs several kinds of change in a fixed order',
        [created],
        update({ description: 'New words.', price: '7.00', isActive: false, archived: true, inventory: 0 }),
        [
          { type: 'ProductDetailsChanged', data: { description: 'New words.' } },
          { type: 'ProductPricesChanged', data: pricesOf(prices) },
          { type: 'ProductMovedToDraft', data: {} },
          { type: 'ProductArchived', data: {} },
          { type: 'StockCounted', data: { inventory: 0, previous: 20, reason: 'admin-edit' } },
        ],
      ],
      [
        'accepts the revision the form was read at',
        [created, reserved('o-1', 2)],
        update({ name: 'Q' }, 1),
        [{ type: 'ProductDetailsChanged', data: { name: 'Q' } }],
      ],
      [
        'refuses an edit made on stale data',
        [created, reserved('o-1', 2)],
        update({ name: 'Q' }, 0),
        { code: 'product_changed', kind: 'conflict' },
      ],
      ['refuses invalid fields', [created], update({ price: '0' }), { code: 'invalid_product', message: 'price must be more than 0' }],
      ['refuses an unknown product', [], update({}), { code: 'product_not_found', message: 'Product p-1 not found', kind: 'not_found' }],
      ['refuses a deleted product', [created, { type: 'ProductDeleted', data: {} }], update({}), { code: 'product_not_found' }],
    ])('%s', (_name, given, when, then) => product.given(given).when(when).thenOutcome(then));
  });

  describe('SetProductActive and DeleteProduct', () => {
    it.each<[string, ProductEvent[], ProductCommand, Outcome]>([
      [
        'Remove from Shop moves a live product to draft',
        [created],
        { type: 'SetProductActive', productId: ID, isActive: false },
        [{ type: 'ProductMovedToDraft', data: {} }],
      ],
      [
        'Include in Shop publishes a draft',
        [created, { type: 'ProductMovedToDraft', data: {} }],
        { type: 'SetProductActive', productId: ID, isActive: true },
        [{ type: 'ProductPublished', data: {} }],
      ],
      ['publishing a live product records nothing', [created], { type: 'SetProductActive', productId: ID, isActive: true }, []],
      ['unknown product', [], { type: 'SetProductActive', productId: ID, isActive: true }, { code: 'product_not_found' }],
      ['deletes', [created], { type: 'DeleteProduct', productId: ID }, [{ type: 'ProductDeleted', data: {} }]],
      [
        'deleting twice finds nothing the second time',
        [created, { type: 'ProductDeleted', data: {} }],
        { type: 'DeleteProduct', productId: ID },
        { code: 'product_not_found', kind: 'not_found' },
      ],
      [
        'refuses to delete while checkouts hold cans',
        [created, reserved('o-1', 3)],
        { type: 'DeleteProduct', productId: ID },
        {
          code: 'product_reserved',
          message:
            'Quokka Pale Ale cannot be deleted while 3 cans are reserved by checkouts in progress. Try again once they are paid or released.',
        },
      ],
      [
        'deletes once the reservation is sold',
        [created, reserved('o-1', 3), sold('o-1', 3, true)],
        { type: 'DeleteProduct', productId: ID },
        [{ type: 'ProductDeleted', data: {} }],
      ],
    ])('%s', (_name, given, when, then) => product.given(given).when(when).thenOutcome(then));
  });

  describe('CountStock', () => {
    it.each<[string, ProductEvent[], ProductCommand, Outcome]>([
      [
        'records the new figure and the previous one',
        [created],
        { type: 'CountStock', productId: ID, inventory: 5, reason: 'stock-email' },
        [{ type: 'StockCounted', data: { inventory: 5, previous: 20, reason: 'stock-email' } }],
      ],
      ['the same figure records nothing', [created], { type: 'CountStock', productId: ID, inventory: 20, reason: 'stock-email' }, []],
      [
        'refuses a negative figure',
        [created],
        { type: 'CountStock', productId: ID, inventory: -1, reason: 'stock-email' },
        { code: 'invalid_product' },
      ],
      [
        'refuses an unknown product',
        [],
        { type: 'CountStock', productId: ID, inventory: 1, reason: 'stock-email' },
        { code: 'product_not_found' },
      ],
    ])('%s', (_name, given, when, then) => product.given(given).when(when).thenOutcome(then));
  });

  describe('a scheduled release (releaseAt)', () => {
    // Saturday 5 December 2026, 10 am in Perth, and a week later
    const AT = '2026-12-05T02:00:00.000Z';
    const LATER = '2026-12-12T02:00:00.000Z';
    const scheduled: ProductEvent = { type: 'ProductReleaseScheduled', data: { releaseAt: AT, previous: null } };
    const update = (releaseAt: string | null | undefined): ProductCommand => ({
      type: 'UpdateProduct',
      productId: ID,
      fields: releaseAt === undefined ? fields : { ...fields, releaseAt },
    });
    it.each<[string, ProductEvent[], ProductCommand, Outcome]>([
      ['given no release, when one is set, then it is scheduled', [created], update(AT), [scheduled]],
      [
        'given a release, when it is moved, then the move names the time it replaces',
        [created, scheduled],
        update(LATER),
        [{ type: 'ProductReleaseScheduled', data: { releaseAt: LATER, previous: AT } }],
      ],
      [
        'given a release, when it is taken away, then it is cancelled',
        [created, scheduled],
        update(null),
        [{ type: 'ProductReleaseCancelled', data: { previous: AT } }],
      ],
      ['given a release, when the form leaves releaseAt out, then it stays', [created, scheduled], update(undefined), []],
      ['given a release, when the same time is sent, then nothing changes', [created, scheduled], update(AT), []],
      [
        'given a release to come, when a checkout reserves before it, then it is refused (not_released)',
        [created, scheduled],
        {
          type: 'ReserveStock',
          productId: ID,
          orderId: 'o-1',
          quantity: 4,
          expiresAt: '2026-12-05T02:29:00.000Z',
          at: '2026-12-05T01:59:59.999Z',
        },
        { code: 'not_released', kind: 'conflict' },
      ],
      [
        'given a release, when a checkout reserves at its time, then the cans are held',
        [created, scheduled],
        { type: 'ReserveStock', productId: ID, orderId: 'o-1', quantity: 4, expiresAt: '2026-12-05T02:30:00.000Z', at: AT },
        [{ type: 'StockReserved', data: { orderId: 'o-1', quantity: 4, expiresAt: '2026-12-05T02:30:00.000Z' } }],
      ],
      [
        'given cans held before a release was scheduled, when the payment asks for them again before it, then it is refused (not_released)',
        [created, reserved('o-1', 4), scheduled],
        {
          type: 'ReserveStock',
          productId: ID,
          orderId: 'o-1',
          quantity: 4,
          expiresAt: '2026-11-23T01:30:00.000Z',
          at: '2026-11-23T01:10:00.000Z',
        },
        { code: 'not_released', kind: 'conflict' },
      ],
      [
        'given a release to come, when the sweep asks early, then nothing is recorded',
        [created, scheduled],
        { type: 'RecordRelease', productId: ID, at: '2026-12-05T01:59:59.000Z' },
        [],
      ],
      [
        'given a release, when its time has come, then it is recorded as released',
        [created, scheduled],
        { type: 'RecordRelease', productId: ID, at: '2026-12-05T02:00:00.400Z' },
        [{ type: 'ProductReleased', data: { releaseAt: AT } }],
      ],
      [
        'given a release recorded, when the sweep asks again, then nothing more is recorded',
        [created, scheduled, { type: 'ProductReleased', data: { releaseAt: AT } }],
        { type: 'RecordRelease', productId: ID, at: '2026-12-05T02:00:01.000Z' },
        [],
      ],
      ['given no release, when the sweep asks, then nothing is recorded', [created], { type: 'RecordRelease', productId: ID, at: AT }, []],
      [
        'given a release time that is not an instant, then the form is refused',
        [created],
        update('Saturday at ten'),
        { code: 'invalid_product', kind: 'validation' },
      ],
    ])('%s', (_, given, when, then) => product.given(given).when(when).thenOutcome(then));
  });

  describe('ReserveStock', () => {
    const limited = (maxPerOrder: number): ProductEvent => ({ type: 'ProductOrderLimitSet', data: { maxPerOrder } });
    it.each<[string, ProductEvent[], ProductCommand, Outcome]>([
      [
        'given holds of other orders that expired by the time asked, then they are released in the same decision',
        [created, reserved('o-1', 16)],
        reserve('o-2', 8, '2026-11-23T01:30:00.000Z'),
        [{ type: 'StockReservationReleased', data: { orderId: 'o-1', quantity: 16, reason: 'expired' } }, reserved('o-2', 8)],
      ],
      [
        "given the customer's own earlier hold, when the checkout replacing it reserves, then those cans count as free for it and stay held until it is ended",
        [created, reserved('o-1', 16)],
        { ...reserve('o-2', 20, '2026-11-23T01:10:00.000Z'), replacing: ['o-1'] } as ProductCommand,
        [reserved('o-2', 20)],
      ],
      [
        'given a hold of another order, when a checkout names an order it does not replace, then only its own earlier hold counts as free',
        [created, reserved('o-1', 16), reserved('o-3', 2)],
        { ...reserve('o-2', 20, '2026-11-23T01:10:00.000Z'), replacing: ['o-3'] } as ProductCommand,
        { code: 'insufficient_stock', message: 'Insufficient stock for Quokka Pale Ale. Available: 4, Requested: 20', kind: 'conflict' },
      ],
      [
        'a hold not yet expired still counts',
        [created, reserved('o-1', 16)],
        reserve('o-2', 8, '2026-11-23T01:29:59.999Z'),
        { code: 'insufficient_stock', message: 'Insufficient stock for Quokka Pale Ale. Available: 4, Requested: 8', kind: 'conflict' },
      ],
      [
        'a refusal releases nothing, expired holds included',
        [created, reserved('o-1', 16), { type: 'StockCounted', data: { inventory: 16, previous: 20, reason: 'admin-edit' } }],
        reserve('o-2', 17, '2026-11-23T02:00:00.000Z'),
        { code: 'insufficient_stock', message: 'Insufficient stock for Quokka Pale Ale. Available: 16, Requested: 17', kind: 'conflict' },
      ],
      ['given a limit of cans per order, then up to it is reserved', [created, limited(8)], reserve('o-1', 8), [reserved('o-1', 8)]],
      [
        'given a limit of cans per order, then more is refused in words the customer understands',
        [created, limited(8)],
        reserve('o-1', 12),
        { code: 'order_limit', message: 'Limit 8 per order for Quokka Pale Ale: your pack has 12.', kind: 'conflict' },
      ],
      [
        'a limit lifted again no longer applies',
        [created, limited(4), { type: 'ProductOrderLimitSet', data: { maxPerOrder: null } }],
        reserve('o-1', 12),
        [reserved('o-1', 12)],
      ],
      ['reserves what is available', [created], reserve('o-1', 20), [reserved('o-1', 20)]],
      ['counts other reservations against availability', [created, reserved('o-1', 16)], reserve('o-2', 4), [reserved('o-2', 4)]],
      [
        "refuses more than is available, in the spec's words",
        [created, reserved('o-1', 16)],
        reserve('o-2', 8),
        { code: 'insufficient_stock', message: 'Insufficient stock for Quokka Pale Ale. Available: 4, Requested: 8', kind: 'conflict' },
      ],
      [
        'a released reservation frees its cans',
        [created, reserved('o-1', 16), { type: 'StockReservationReleased', data: { orderId: 'o-1', quantity: 16, reason: 'expired' } }],
        reserve('o-2', 20),
        [reserved('o-2', 20)],
      ],
      [
        'sold cans are gone',
        [created, reserved('o-1', 16), sold('o-1', 16, true)],
        reserve('o-2', 5),
        { code: 'insufficient_stock', message: 'Insufficient stock for Quokka Pale Ale. Available: 4, Requested: 5' },
      ],
      ['reserving twice for one order records nothing', [created, reserved('o-1', 4)], reserve('o-1', 4), []],
      ['an order already sold records nothing', [created, reserved('o-1', 4), sold('o-1', 4, true)], reserve('o-1', 4), []],
      [
        'a second, different quantity for one order is refused',
        [created, reserved('o-1', 4)],
        reserve('o-1', 8),
        { code: 'reservation_mismatch' },
      ],
      [
        'a draft product is no longer available',
        [created, { type: 'ProductMovedToDraft', data: {} }],
        reserve('o-1', 1),
        { code: 'product_unavailable', message: 'Quokka Pale Ale is no longer available' },
      ],
      [
        'an archived product is no longer available',
        [created, { type: 'ProductArchived', data: {} }],
        reserve('o-1', 1),
        { code: 'product_unavailable' },
      ],
      [
        'out of stock',
        [created, { type: 'StockCounted', data: { inventory: 0, previous: 20, reason: 'admin-edit' } }],
        reserve('o-1', 1),
        { code: 'insufficient_stock', message: 'Insufficient stock for Quokka Pale Ale. Available: 0, Requested: 1' },
      ],
      [
        'a recount below the reservations shows 0 available, not a negative',
        [created, reserved('o-1', 10), { type: 'StockCounted', data: { inventory: 6, previous: 20, reason: 'admin-edit' } }],
        reserve('o-2', 1),
        { code: 'insufficient_stock', message: 'Insufficient stock for Quokka Pale Ale. Available: 0, Requested: 1' },
      ],
      ['zero cans', [created], reserve('o-1', 0), { code: 'invalid_quantity', kind: 'validation' }],
      ['a fraction of a can', [created], reserve('o-1', 1.5), { code: 'invalid_quantity' }],
      [
        'an expiry that is not an instant',
        [created],
        { ...reserve('o-1', 1), expiresAt: 'soon' } as ProductCommand,
        { code: 'invalid_expiry' },
      ],
      ['an unknown product', [], reserve('o-1', 1), { code: 'product_not_found', kind: 'not_found' }],
      ['a deleted product', [created, { type: 'ProductDeleted', data: {} }], reserve('o-1', 1), { code: 'product_not_found' }],
    ])('%s', (_name, given, when, then) => product.given(given).when(when).thenOutcome(then));
  });

  describe('ReleaseReservation', () => {
    const release = (orderId: string): ProductCommand => ({ type: 'ReleaseReservation', productId: ID, orderId, reason: 'payment_failed' });
    it.each<[string, ProductEvent[], ProductCommand, Outcome]>([
      [
        "releases the order's cans with the quantity it held",
        [created, reserved('o-1', 8)],
        release('o-1'),
        [{ type: 'StockReservationReleased', data: { orderId: 'o-1', quantity: 8, reason: 'payment_failed' } }],
      ],
      ['an unknown reservation records nothing', [created, reserved('o-1', 8)], release('o-2'), []],
      [
        'releasing twice records nothing',
        [created, reserved('o-1', 8), { type: 'StockReservationReleased', data: { orderId: 'o-1', quantity: 8, reason: 'expired' } }],
        release('o-1'),
        [],
      ],
      ['a sold reservation is not released', [created, reserved('o-1', 8), sold('o-1', 8, true)], release('o-1'), []],
      ['an unknown product', [], release('o-1'), { code: 'product_not_found' }],
    ])('%s', (_name, given, when, then) => product.given(given).when(when).thenOutcome(then));
  });

  describe('SellStock', () => {
    it.each<[string, ProductEvent[], ProductCommand, Outcome]>([
      ["converts the order's reservation", [created, reserved('o-1', 8)], sell('o-1', 8), [sold('o-1', 8, true)]],
      ['sells without a reservation when the cans are available', [created], sell('o-1', 20), [sold('o-1', 20, false)]],
      [
        'a lapsed reservation needs the cans available',
        [created, reserved('o-2', 16)],
        sell('o-1', 5),
        { code: 'insufficient_stock', message: 'Insufficient stock for Quokka Pale Ale. Available: 4, Requested: 5' },
      ],
      ['selling twice records nothing', [created, reserved('o-1', 8), sold('o-1', 8, true)], sell('o-1', 8), []],
      [
        'a paid order takes its reserved cans even after the product left the shop',
        [created, reserved('o-1', 8), { type: 'ProductMovedToDraft', data: {} }, { type: 'ProductArchived', data: {} }],
        sell('o-1', 8),
        [sold('o-1', 8, true)],
      ],
      [
        'a reserved sale still cannot take stock below zero',
        [created, reserved('o-1', 8), { type: 'StockCounted', data: { inventory: 5, previous: 20, reason: 'admin-edit' } }],
        sell('o-1', 8),
        { code: 'insufficient_stock', message: 'Insufficient stock for Quokka Pale Ale. Available: 5, Requested: 8' },
      ],
      [
        'more than reserved needs the extra available',
        [created, reserved('o-1', 8), reserved('o-2', 10)],
        sell('o-1', 12),
        { code: 'insufficient_stock', message: 'Insufficient stock for Quokka Pale Ale. Available: 10, Requested: 12' },
      ],
      ['zero cans', [created], sell('o-1', 0), { code: 'invalid_quantity' }],
      ['a deleted product', [created, { type: 'ProductDeleted', data: {} }], sell('o-1', 1), { code: 'product_not_found' }],
    ])('%s', (_name, given, when, then) => product.given(given).when(when).thenOutcome(then));
  });

  describe('ReturnStock: cans of an order back on the shelf', () => {
    const whole = (orderId: string): ProductCommand => ({ type: 'ReturnStock', productId: ID, orderId });
    const some = (orderId: string, returnId: string, quantity: number): ProductCommand => ({
      type: 'ReturnStock',
      productId: ID,
      orderId,
      returnId,
      quantity,
    });
    const cancelledBack = (orderId: string, quantity: number): ProductEvent => ({ type: 'StockReturned', data: { orderId, quantity } });
    const sentBack = (orderId: string, returnId: string, quantity: number): ProductEvent => ({
      type: 'StockReturned',
      data: { orderId, quantity, returnId },
    });

    it.each<[string, ProductEvent[], ProductCommand, Outcome]>([
      ['a sold order cancelled: every can it bought, once', [created, sold('o1', 8, false)], whole('o1'), [cancelledBack('o1', 8)]],
      ['a cancelled order returned again: nothing', [created, sold('o1', 8, false), cancelledBack('o1', 8)], whole('o1'), []],
      ['an order this beer never sold: nothing', [created, sold('o1', 8, false)], whole('o2'), []],
      [
        'a return of 3 cans of 8: those cans, with the return id',
        [created, sold('o1', 8, false)],
        some('o1', 'r1', 3),
        [sentBack('o1', 'r1', 3)],
      ],
      ['the same return again: nothing', [created, sold('o1', 8, false), sentBack('o1', 'r1', 3)], some('o1', 'r1', 3), []],
      [
        'another return of the rest: recorded under its own id',
        [created, sold('o1', 8, false), sentBack('o1', 'r1', 3)],
        some('o1', 'r2', 5),
        [sentBack('o1', 'r2', 5)],
      ],
      [
        'the same return id on another order: its own return',
        [created, sold('o1', 8, false), sold('o2', 4, false), sentBack('o1', 'r1', 3)],
        some('o2', 'r1', 1),
        [sentBack('o2', 'r1', 1)],
      ],
      [
        'a cancellation after some cans came back: only the cans still out',
        [created, sold('o1', 8, false), sentBack('o1', 'r1', 3)],
        whole('o1'),
        [cancelledBack('o1', 5)],
      ],
      ['a cancellation after every can came back: nothing', [created, sold('o1', 8, false), sentBack('o1', 'r1', 8)], whole('o1'), []],
      [
        'more cans than the order still has',
        [created, sold('o1', 8, false), sentBack('o1', 'r1', 6)],
        some('o1', 'r2', 3),
        {
          code: 'return_exceeds_sold',
          kind: 'conflict',
          message: 'Order o1 has 2 cans of Quokka Pale Ale that could come back; asked to return 3',
        },
      ],
      [
        'cans of an order whose cans all came back with its cancellation',
        [created, sold('o1', 8, false), cancelledBack('o1', 8)],
        some('o1', 'r1', 1),
        { code: 'return_exceeds_sold', kind: 'conflict' },
      ],
      ['no whole number of cans', [created, sold('o1', 8, false)], some('o1', 'r1', 0), { code: 'invalid_quantity', kind: 'validation' }],
    ])('given %s', (_, given, when, then) => {
      product.given(given).when(when).thenOutcome(then);
    });

    it('puts the cans back on the shelf: the stock figure rises by each return', () => {
      product
        .given([created, sold('o1', 8, false), sentBack('o1', 'r1', 3), cancelledBack('o1', 5)])
        .thenState((state) => expect(state.status === 'listed' ? state.fields.inventory : null).toBe(20));
    });
  });

  describe('evolve and availability', () => {
    it('stock falls only with a sale; reservations only hold cans', () => {
      product
        .given([created, reserved('o-1', 8)])
        .thenState((afterReserve) =>
          expect(afterReserve.status === 'listed' && [afterReserve.fields.inventory, availableCans(afterReserve)]).toEqual([20, 12]),
        );
      product
        .given([created, reserved('o-1', 8), sold('o-1', 8, true)])
        .thenState((afterSale) =>
          expect(afterSale.status === 'listed' && [afterSale.fields.inventory, availableCans(afterSale)]).toEqual([12, 12]),
        );
    });

    it('counts the stream revision', () => {
      product
        .given([created, reserved('o-1', 8), sold('o-1', 8, true)])
        .thenState((state) => expect(state.status === 'listed' && state.revision).toBe(2));
    });

    it('a snapshot prices from the stored product and shows what a customer can buy', () => {
      product.given([created, reserved('o-1', 8)]).thenState((state: ProductState) =>
        expect(productSnapshot(ID, state)).toEqual({
          product: { id: ID, ...fields, inventory: 12 },
          stock: 20,
          reserved: 8,
          available: 12,
          reservations: [{ orderId: 'o-1', quantity: 8, expiresAt: '2026-11-23T01:30:00.000Z' }],
          revision: 1,
        }),
      );
      product.given([created, { type: 'ProductDeleted', data: {} }]).thenState((state) => expect(productSnapshot(ID, state)).toBeNull());
      product.given([]).thenState((state) => expect(productSnapshot(ID, state)).toBeNull());
    });
  });
});

function pricesOf(
  f: ProductFields,
): Pick<ProductFields, 'price' | 'price4Pack' | 'price8Pack' | 'price16Pack' | 'enable4Pack' | 'enable8Pack' | 'enable16Pack'> {
  return {
    price: f.price,
    price4Pack: f.price4Pack,
    price8Pack: f.price8Pack,
    price16Pack: f.price16Pack,
    enable4Pack: f.enable4Pack,
    enable8Pack: f.enable8Pack,
    enable16Pack: f.enable16Pack,
  };
}
