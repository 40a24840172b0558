import { describe, expect, it } from '@jest/globals';
import { openDocumentStore } from '../open-document-store';
import { MongoServerError } from 'mongodb';
import { openMongoDocumentStore, readAcrossSwaps } from './mongo-document-store';

// Port 1 on the loopback interface refuses connections, so these run anywhere without a server.
const unreachable = 'mongodb://shop:s3cret@127.0.0.1:1/shop?serverSelectionTimeoutMS=300&connectTimeoutMS=300';

describe('openMongoDocumentStore without a reachable server', () => {
  it('given a server that does not answer, when opening, then it fails fast naming the place without the password', async () => {
    const started = Date.now();
    const failure = openMongoDocumentStore(unreachable);
    await expect(failure).rejects.toThrow(
      /Cannot open the MongoDB read-model store at mongodb:\/\/shop:\*\*\*@127\.0\.0\.1:1\/shop.*\(database shop\)/,
    );
    await expect(failure).rejects.not.toThrow(/s3cret/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('given an explicit database name, when opening fails, then the message names that database', async () => {
    await expect(openMongoDocumentStore(unreachable, 'read-models')).rejects.toThrow(/\(database read-models\)/);
  });

  it('given no database in the URL or the call, when opening fails, then the default database is named', async () => {
    await expect(openMongoDocumentStore('mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=300')).rejects.toThrow(
      /\(database brewery-shop\)/,
    );
  });

  it('given an invalid database name, when opening, then it is refused before any connection', async () => {
    await expect(openMongoDocumentStore(unreachable, 'bad.name')).rejects.toThrow("Invalid MongoDB database name: 'bad.name'");
  });

  it('given the factory is configured for MongoDB, when the server does not answer, then the same error surfaces', async () => {
    await expect(openDocumentStore({ kind: 'mongodb', url: unreachable, dbName: 'shop' })).rejects.toThrow(
      /Cannot open the MongoDB read-model store/,
    );
  });
});

describe('readAcrossSwaps (a read cut off by a rebuild renaming its collection)', () => {
  const killed = (code: number, codeName: string): MongoServerError =>
    new MongoServerError({ message: `Executor error during find command :: caused by :: ${codeName}`, code, codeName });

  it.each<[string, number]>([
    ['QueryPlanKilled (collection renamed over)', 175],
    ['CursorNotFound (its next batch)', 43],
    ['CursorKilled', 237],
  ])('given a read ended by %s, then it is read again and answers', async (codeName, code) => {
    let calls = 0;
    const answer = await readAcrossSwaps(() => {
      calls++;
      return calls === 1 ? Promise.reject(killed(code, codeName)) : Promise.resolve(['new documents']);
    });
    expect(answer).toEqual(['new documents']);
    expect(calls).toBe(2);
  });

  it('given a read that keeps being cut off, then it gives up after three tries with the server error', async () => {
    let calls = 0;
    const read = readAcrossSwaps(() => {
      calls++;
      return Promise.reject(killed(175, 'QueryPlanKilled'));
    });
    await expect(read).rejects.toThrow(MongoServerError);
    expect(calls).toBe(3);
  });

  it('given any other failure, then it is not read again', async () => {
    let calls = 0;
    const read = readAcrossSwaps(() => {
      calls++;
      return Promise.reject(new MongoServerError({ message: 'unauthorised', code: 13, codeName: 'Unauthorized' }));
    });
    await expect(read).rejects.toThrow('unauthorised');
    expect(calls).toBe(1);
  });
});
