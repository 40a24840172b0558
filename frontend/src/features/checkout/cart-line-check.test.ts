import type { CartLine, ProductAvailability } from '@brewery/shop-rules';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/api-error';
import { checkCartLines } from './cart-line-check';

function line(productId: string, name: string, packSize: CartLine['packSize'], cans: number): CartLine {
  const packQuantity = ({ single: 1, '4pack': 4, '8pack': 8, '16pack': 16 } as const)[packSize];
  return { productId, name, price: 6.5, quantity: cans, packSize, packQuantity, imageUrl: '' };
}

const quokka4 = line('quokka', 'Quokka Pale Ale', '4pack', 8);
const quokkaSingles = line('quokka', 'Quokka Pale Ale', 'single', 4);
const karri = line('karri', 'Karri Forest Stout', '8pack', 8);

function stock(entries: Record<string, ProductAvailability | 404>) {
  return vi.fn(async (productId: string): Promise<ProductAvailability> => {
    const entry = entries[productId];
    if (entry === undefined) throw new Error(`unexpected product ${productId}`);
    if (entry === 404) throw new ApiError(404, `{"statusCode":404,"message":"Product ${productId} not found or inactive"}`, 'Not Found');
    return entry;
  });
}

const onSale = (id: string, name: string, inventory: number): ProductAvailability => ({
  id,
  name,
  isActive: true,
  inventory,
  releaseAt: null,
});

describe('pre-payment line check', () => {
  it.each([
    {
      given: 'a product that no longer exists',
      entries: { quokka: 404 as const, karri: onSale('karri', 'Karri Forest Stout', 50) },
      error: 'Product quokka not found or inactive',
    },
    {
      given: 'a product taken off sale',
      entries: {
        quokka: { ...onSale('quokka', 'Quokka Pale Ale', 50), isActive: false },
        karri: onSale('karri', 'Karri Forest Stout', 50),
      },
      error: 'Quokka Pale Ale is no longer available',
    },
    {
      given: 'fewer cans than both lines of a product ask for together',
      entries: { quokka: onSale('quokka', 'Quokka Pale Ale', 11), karri: onSale('karri', 'Karri Forest Stout', 50) },
      error: 'Insufficient stock for Quokka Pale Ale. Available: 11, Requested: 12',
    },
    {
      given: 'a sold-out second product',
      entries: { quokka: onSale('quokka', 'Quokka Pale Ale', 12), karri: onSale('karri', 'Karri Forest Stout', 0) },
      error: 'Insufficient stock for Karri Forest Stout. Available: 0, Requested: 8',
    },
  ])('given $given, when checked, then it refuses with "$error"', async ({ entries, error }) => {
    await expect(checkCartLines([quokka4, quokkaSingles, karri], stock(entries))).rejects.toThrow(new Error(error));
  });

  it('given enough cans of every product on sale, it passes, asking once per product', async () => {
    const fetchAvailability = stock({ quokka: onSale('quokka', 'Quokka Pale Ale', 12), karri: onSale('karri', 'Karri Forest Stout', 8) });
    await expect(checkCartLines([quokka4, quokkaSingles, karri], fetchAvailability)).resolves.toBeUndefined();
    expect(fetchAvailability.mock.calls.map(([id]) => id)).toEqual(['quokka', 'karri']);
  });

  it('lets any other failure through unchanged (a server error is not "not found")', async () => {
    const failing = vi.fn(async (): Promise<ProductAvailability> => {
      throw new ApiError(500, 'boom', 'Internal Server Error');
    });
    await expect(checkCartLines([karri], failing)).rejects.toThrow('500: boom');
  });
});
