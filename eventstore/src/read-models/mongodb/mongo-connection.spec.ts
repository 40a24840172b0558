import { describe, expect, it } from '@jest/globals';
import { assertDatabaseName, collectionsToDrop, databaseNameFromUrl, redactMongoUrl } from './mongo-connection';

describe('databaseNameFromUrl', () => {
  it.each<[string, string | undefined]>([
    ['mongodb://localhost:27017', undefined],
    ['mongodb://localhost:27017/', undefined],
    ['mongodb://localhost:27017/shop', 'shop'],
    ['mongodb://localhost/shop?replicaSet=rs0', 'shop'],
    ['mongodb://user:p%40ss@a:1,b:2,c:3/brewery?authSource=admin', 'brewery'],
    ['mongodb+srv://cluster0.example.net/read-models?retryWrites=true', 'read-models'],
    ['mongodb://localhost:27017/?directConnection=true', undefined],
    ['mongodb://localhost/brew%20shop', 'brew shop'],
  ])('given %p, then the database is %p', (url, expected) => {
    expect(databaseNameFromUrl(url)).toBe(expected);
  });
});

describe('assertDatabaseName', () => {
  it.each(['brewery-shop', 'shop_read_models', 'Shop2026'])('given %p, then it is accepted', (name) => {
    expect(() => assertDatabaseName(name)).not.toThrow();
  });

  it.each(['', 'a.b', 'a/b', 'a b', 'a$b', 'x'.repeat(64)])('given %p, then it is refused', (name) => {
    expect(() => assertDatabaseName(name)).toThrow(TypeError);
  });
});

describe('redactMongoUrl', () => {
  it.each<[string, string]>([
    ['mongodb://shop:s3cret@db1:27017,db2:27017/shop?replicaSet=rs0', 'mongodb://shop:***@db1:27017,db2:27017/shop?replicaSet=rs0'],
    ['mongodb+srv://admin:p%40ss@cluster0.example.net/x', 'mongodb+srv://admin:***@cluster0.example.net/x'],
    ['mongodb://localhost:27017/shop', 'mongodb://localhost:27017/shop'],
    ['mongodb://onlyuser@localhost/shop', 'mongodb://onlyuser:***@localhost/shop'],
  ])('given %p, then the password never shows', (url, expected) => {
    expect(redactMongoUrl(url)).toBe(expected);
  });
});

describe('collectionsToDrop', () => {
  it('given the collections of the read-model database, then dropAll removes read models only', () => {
    expect(collectionsToDrop(['products', 'orders', 'leases', 'checkpoints', 'system.views', 'salesLines'])).toEqual([
      'products',
      'orders',
      'salesLines',
    ]);
  });

  it('given no collections, then nothing is dropped', () => {
    expect(collectionsToDrop([])).toEqual([]);
  });
});
