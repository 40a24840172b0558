import { PACK_QUANTITY, PACK_SIZES, type CartLine, type PackSize } from './catalog.types';
import { addToCart } from './cart-lines';
import { centsToDollars, toCents } from './money';

/**
 * Turns whatever was read from local storage (the JSON text or its parsed value) into cart lines.
 * Lines from an older shop without packSize or packQuantity, and anything else that could not be
 * priced or checked out, are dropped; duplicates of one product and size are merged.
 */
export function sanitizeStoredCart(raw: unknown): CartLine[] {
  const parsed = typeof raw === 'string' ? parseJson(raw) : raw;
  if (!Array.isArray(parsed)) return [];
  return parsed.reduce<CartLine[]>((lines, item: unknown) => {
    const line = toCartLine(item);
    return line === null ? lines : addToCart(lines, line);
  }, []);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPackSize(value: unknown): value is PackSize {
  return typeof value === 'string' && (PACK_SIZES as readonly string[]).includes(value);
}

function toCartLine(item: unknown): CartLine | null {
  if (!isRecord(item)) return null;
  const { productId, name, price, quantity, packSize, packQuantity, imageUrl } = item;
  if (typeof productId !== 'string' || productId === '') return null;
  if (typeof name !== 'string') return null;
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return null;
  if (!isPackSize(packSize) || packQuantity !== PACK_QUANTITY[packSize]) return null;
  if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity <= 0) return null;
  if (quantity % PACK_QUANTITY[packSize] !== 0) return null;
  return {
    productId,
    name,
    price: centsToDollars(toCents(price)),
    quantity,
    packSize,
    packQuantity: PACK_QUANTITY[packSize],
    // A missing image only costs a picture, not the line.
    imageUrl: typeof imageUrl === 'string' ? imageUrl : '',
  };
}
