import { describe, expect, it } from '@jest/globals';
import type { Update } from '../document-store.port';
import { assertCollectionName, splitUpdate } from './memory-update';

describe('splitUpdate', () => {
  it('given $setOnInsert among other operators, then it is split off from what mingo applies', () => {
    expect(splitUpdate({ $set: { a: 1 }, $inc: { n: 1 }, $setOnInsert: { createdAt: 'x' } })).toEqual({
      modifier: { $set: { a: 1 }, $inc: { n: 1 } },
      onInsert: { createdAt: 'x' },
    });
  });

  it('given no $setOnInsert, then onInsert is undefined', () => {
    expect(splitUpdate({ $push: { history: { s: 'paid' } } })).toEqual({
      modifier: { $push: { history: { s: 'paid' } } },
      onInsert: undefined,
    });
  });

  it.each<[string, Update]>([
    ['a replacement document', { name: 'Lager' }],
    ['operators mixed with a plain field', { $set: { a: 1 }, name: 'Lager' }],
    ['an empty update', {}],
  ])('given %s, then it is refused as the MongoDB driver refuses it', (_name, update) => {
    expect(() => splitUpdate(update)).toThrow('Update document requires atomic operators');
  });

  it.each<[string, Update]>([
    ['the same path', { $set: { status: 'paid' }, $setOnInsert: { status: 'created' } }],
    ['a path inside a $setOnInsert path', { $inc: { 'totals.total': 1 }, $setOnInsert: { totals: {} } }],
    ['a $setOnInsert path inside another', { $set: { customer: {} }, $setOnInsert: { 'customer.email': 'a@b.au' } }],
    ['a $push to the same array', { $push: { history: 'x' }, $setOnInsert: { history: [] } }],
  ])('given $setOnInsert and another operator on %s, then it is refused as MongoDB refuses it', (_name, update) => {
    expect(() => splitUpdate(update)).toThrow(/would create a conflict/);
  });

  it('given $setOnInsert on paths that merely share a prefix of characters, then it is accepted', () => {
    expect(() => splitUpdate({ $set: { order: 1 }, $setOnInsert: { orderId: 'o1', 'orders.count': 0 } })).not.toThrow();
  });

  it('given a $setOnInsert that is not an object, then it is refused', () => {
    expect(() => splitUpdate({ $setOnInsert: 'x' })).toThrow(TypeError);
  });
});

describe('assertCollectionName', () => {
  it.each(['products', 'orderBackups', 'sales-lines', 'leases'])('given %p, then it is accepted', (name) => {
    expect(() => assertCollectionName(name)).not.toThrow();
  });

  it.each(['', 'price$', 'system.users', 'a\0b'])('given %p, then it is refused as MongoDB refuses it', (name) => {
    expect(() => assertCollectionName(name)).toThrow(TypeError);
  });
});
