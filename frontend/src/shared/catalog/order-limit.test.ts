import type { PackSize } from '@brewery/shop-rules';
import { describe, expect, it } from 'vitest';
import { addBlockedReason, cansLeftToAdd, maxPacksToAdd } from './order-limit';

describe('how much more of a beer the pack may take', () => {
  it.each<{ inventory: number; maxPerOrder: number | null; cansInPack: number; size: PackSize; max: number }>([
    // The spec's rule with an empty pack and no limit: floor(inventory / pack size).
    { inventory: 10, maxPerOrder: null, cansInPack: 0, size: 'single', max: 10 },
    { inventory: 17, maxPerOrder: null, cansInPack: 0, size: '8pack', max: 2 },
    // Cans already in the pack come off the stock.
    { inventory: 17, maxPerOrder: null, cansInPack: 4, size: '8pack', max: 1 },
    // The limit per order binds before the stock.
    { inventory: 100, maxPerOrder: 8, cansInPack: 0, size: '4pack', max: 2 },
    { inventory: 100, maxPerOrder: 8, cansInPack: 2, size: 'single', max: 6 },
    { inventory: 100, maxPerOrder: 8, cansInPack: 6, size: '4pack', max: 0 },
    // The stock binds before the limit.
    { inventory: 5, maxPerOrder: 8, cansInPack: 0, size: 'single', max: 5 },
    // Never below 0, even when the pack holds more than the limit allows.
    { inventory: 100, maxPerOrder: 4, cansInPack: 8, size: 'single', max: 0 },
  ])(
    'given $inventory cans, limit $maxPerOrder and $cansInPack in the pack, at most $max of $size',
    ({ inventory, maxPerOrder, cansInPack, size, max }) => {
      expect(maxPacksToAdd({ inventory, maxPerOrder }, size, cansInPack)).toBe(max);
    },
  );

  it('a product from a server without the field has no limit', () => {
    expect(cansLeftToAdd({ inventory: 12 } as { inventory: number; maxPerOrder: null }, 4)).toBe(8);
  });

  it.each<{ inventory: number; maxPerOrder: number | null; cansInPack: number; size: PackSize; reason: string | null }>([
    { inventory: 100, maxPerOrder: 8, cansInPack: 4, size: '4pack', reason: null },
    { inventory: 100, maxPerOrder: 8, cansInPack: 8, size: 'single', reason: 'Limit reached' },
    { inventory: 100, maxPerOrder: 8, cansInPack: 6, size: '4pack', reason: 'Limit reached' },
    { inventory: 12, maxPerOrder: null, cansInPack: 12, size: 'single', reason: 'All in your pack' },
    { inventory: 6, maxPerOrder: 8, cansInPack: 6, size: 'single', reason: 'All in your pack' },
    { inventory: 10, maxPerOrder: null, cansInPack: 8, size: '4pack', reason: 'Pack Not Available' },
  ])(
    'given $inventory cans, limit $maxPerOrder and $cansInPack in the pack, adding $size is blocked by: $reason',
    ({ inventory, maxPerOrder, cansInPack, size, reason }) => {
      expect(addBlockedReason({ inventory, maxPerOrder }, size, cansInPack)).toBe(reason);
    },
  );
});
