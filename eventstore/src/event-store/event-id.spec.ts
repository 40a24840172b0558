import { describe, expect, it } from '@jest/globals';
import { deterministicEventId, isUuid, newEventId, uuidV5 } from './event-id';

describe('uuidV5', () => {
  it.each([
    // RFC 4122 / Python uuid.uuid5 reference values.
    ['www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8', '2ed6657d-e927-568b-95e1-2665a8aea6a2'],
    ['python.org', '6ba7b810-9dad-11d1-80b4-00c04fd430c8', '886313e1-3b8a-5372-9b90-0c9aee199e5d'],
    ['http://python.org/', '6ba7b811-9dad-11d1-80b4-00c04fd430c8', '4c565f0d-3f5a-5890-b41b-20cf47701c5e'],
  ])('given name %p in namespace %s, gives the reference UUID %s', (name, namespace, expected) => {
    expect(uuidV5(name, namespace)).toBe(expected);
  });

  it('refuses a namespace that is not a UUID', () => {
    expect(() => uuidV5('x', 'not-a-uuid')).toThrow('Namespace is not a UUID');
  });
});

describe('deterministicEventId', () => {
  it('gives the same id for the same parts, every time', () => {
    expect(deterministicEventId('stripe', 'evt_1NeVp2')).toBe(deterministicEventId('stripe', 'evt_1NeVp2'));
  });

  it.each<[string[], string[]]>([
    [
      ['stripe', 'evt_1'],
      ['stripe', 'evt_2'],
    ],
    [
      ['a', 'bc'],
      ['ab', 'c'],
    ],
    [['stripe', 'evt_1'], ['stripe,evt_1']],
    [
      ['order-1', 'confirmation'],
      ['order-1', 'shipped'],
    ],
  ])('gives different ids for %j and %j', (left, right) => {
    expect(deterministicEventId(...left)).not.toBe(deterministicEventId(...right));
  });

  it('gives a version 5, RFC 4122 variant UUID', () => {
    const id = deterministicEventId('stripe', 'evt_123');
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('5');
    expect(['8', '9', 'a', 'b']).toContain(id[19]);
  });

  it('refuses to be called without parts', () => {
    expect(() => deterministicEventId()).toThrow('at least one part');
  });
});

describe('newEventId', () => {
  it('gives a fresh UUID each time', () => {
    const ids = new Set(Array.from({ length: 100 }, () => newEventId()));
    expect(ids.size).toBe(100);
    expect([...ids].every(isUuid)).toBe(true);
  });
});

describe('isUuid', () => {
  it.each([
    ['2ed6657d-e927-568b-95e1-2665a8aea6a2', true],
    ['2ED6657D-E927-568B-95E1-2665A8AEA6A2', true],
    ['2ed6657de927568b95e12665a8aea6a2', false],
    ['evt_1NeVp2', false],
    ['', false],
  ])('%p -> %p', (value, expected) => {
    expect(isUuid(value)).toBe(expected);
  });
});
