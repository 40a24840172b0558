import type { CartLine, ProductAvailability } from '@brewery/shop-rules';
import { ApiError } from '@/shared/api/api-error';

export const LineCheckMessages = {
  notFound: (productId: string) => `Product ${productId} not found or inactive`,
  unavailable: (name: string) => `${name} is no longer available`,
  insufficient: (name: string, available: number, requested: number) =>
    `Insufficient stock for ${name}. Available: ${available}, Requested: ${requested}`,
} as const;

const NOT_FOUND = 404;

/**
 * The spec's pre-payment line check: each product in the pack must still exist, be on sale and have the
 * cans asked for. A product in two sizes (a 4-pack and singles) is asked for once, with all its cans,
 * because both lines draw on the same stock. Throws the first problem in cart order, in the spec's words.
 */
export async function checkCartLines(
  lines: readonly CartLine[],
  fetchAvailability: (productId: string) => Promise<ProductAvailability>,
): Promise<void> {
  const requested = new Map<string, { name: string; cans: number }>();
  for (const line of lines) {
    const entry = requested.get(line.productId);
    requested.set(line.productId, { name: entry?.name ?? line.name, cans: (entry?.cans ?? 0) + line.quantity });
  }
  for (const [productId, { name, cans }] of requested) {
    const product = await fetchAvailability(productId).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === NOT_FOUND) throw new Error(LineCheckMessages.notFound(productId));
      throw error;
    });
    const productName = product.name || name;
    if (!product.isActive) throw new Error(LineCheckMessages.unavailable(productName));
    if (product.inventory < cans) throw new Error(LineCheckMessages.insufficient(productName, Math.max(0, product.inventory), cans));
  }
}
