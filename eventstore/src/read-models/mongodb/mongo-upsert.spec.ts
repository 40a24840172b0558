import { describe, expect, it } from '@jest/globals';
import { MongoNetworkError, MongoServerError } from 'mongodb';
import type { Update } from '../document-store.port';
import { isDuplicateKeyError, upsertTolerantOfExistingId, withStringIdOnInsert, type UpdateCounts } from './mongo-upsert';

const duplicateKey = (): MongoServerError =>
  new MongoServerError({ message: 'E11000 duplicate key error collection: shop.stock index: _id_', code: 11000 });

describe('isDuplicateKeyError', () => {
  it.each<[string, unknown, boolean]>([
    ['a server error with code 11000', duplicateKey(), true],
    ['a server error with another code', new MongoServerError({ message: 'Performing an update on the path _id', code: 66 }), false],
    ['a network error', new MongoNetworkError('connection reset'), false],
    ['a plain error mentioning E11000', new Error('E11000 duplicate key'), false],
    ['something that is not an error', { code: 11000 }, false],
  ])('given %s, then it is %p', (_name, error, expected) => {
    expect(isDuplicateKeyError(error)).toBe(expected);
  });
});

describe('upsertTolerantOfExistingId', () => {
  /** Plays the server's answers in order and records which calls asked for an upsert. */
  function server(...answers: Array<UpdateCounts | Error>) {
    const calls: boolean[] = [];
    const run = (upsert: boolean): Promise<UpdateCounts> => {
      calls.push(upsert);
      const answer = answers.shift();
      if (answer === undefined) return Promise.reject(new Error('unexpected extra call'));
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    };
    return { run, calls };
  }

  it.each<[string, Array<UpdateCounts | Error>, { matched: number; upserted: boolean }, boolean[]]>([
    ['the document matched', [{ matchedCount: 1, upsertedCount: 0 }], { matched: 1, upserted: false }, [true]],
    ['nothing matched, so it was inserted', [{ matchedCount: 0, upsertedCount: 1 }], { matched: 0, upserted: true }, [true]],
    [
      'the _id exists but the guard refused it',
      [duplicateKey(), { matchedCount: 0, upsertedCount: 0 }],
      { matched: 0, upserted: false },
      [true, false],
    ],
    [
      'a concurrent upsert inserted first and the retry matches',
      [duplicateKey(), { matchedCount: 1, upsertedCount: 0 }],
      { matched: 1, upserted: false },
      [true, false],
    ],
  ])('given %s, then the result keeps the port promise', async (_name, answers, expected, expectedCalls) => {
    const { run, calls } = server(...answers);
    expect(await upsertTolerantOfExistingId(run)).toEqual(expected);
    expect(calls).toEqual(expectedCalls);
  });

  it('given any other server error, then it is rethrown without a retry', async () => {
    const failure = new MongoServerError({ message: 'not primary', code: 10107 });
    const { run, calls } = server(failure);
    await expect(upsertTolerantOfExistingId(run)).rejects.toBe(failure);
    expect(calls).toEqual([true]);
  });

  it('given the retry fails too, then that error is rethrown', async () => {
    const failure = new MongoNetworkError('connection reset');
    const { run } = server(duplicateKey(), failure);
    await expect(upsertTolerantOfExistingId(run)).rejects.toBe(failure);
  });
});

describe('withStringIdOnInsert', () => {
  const newId = () => 'generated-id';

  it.each<[string, Record<string, unknown>, Update, Update]>([
    ['a filter naming the _id', { _id: 'p-1', revision: { $lt: 2 } }, { $inc: { sold: 4 } }, { $inc: { sold: 4 } }],
    ['a filter with _id in a one-clause $or', { $or: [{ _id: 'p-1' }] }, { $set: { a: 1 } }, { $set: { a: 1 } }],
    ['a filter without _id', { kind: 'rebuild' }, { $inc: { runs: 1 } }, { $inc: { runs: 1 }, $setOnInsert: { _id: 'generated-id' } }],
    [
      'a filter with _id only in $in',
      { _id: { $in: ['a', 'b'] } },
      { $set: { a: 1 } },
      { $set: { a: 1 }, $setOnInsert: { _id: 'generated-id' } },
    ],
    [
      'an existing $setOnInsert',
      { kind: 'rebuild' },
      { $setOnInsert: { createdAt: 'x' } },
      { $setOnInsert: { createdAt: 'x', _id: 'generated-id' } },
    ],
  ])('given %s, then the update is as expected', (_name, filter, update, expected) => {
    expect(withStringIdOnInsert(filter, update, newId)).toEqual(expected);
  });
});
