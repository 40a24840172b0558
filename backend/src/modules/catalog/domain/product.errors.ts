import { releaseWhen } from '@brewery/shop-rules';
import { DomainError } from '../../../shared-kernel/domain-error';

/** What the product form hears when its picture address is not one a browser would load as the shop's. */
export const IMAGE_URL_INVALID = 'imageUrl must be a path on the shop (/media/…) or an https:// address';

/** The product stream's refusals, each with a stable code and a message a person can act on. */
export const ProductErrors = {
  notFound: (productId: string): DomainError => new DomainError('product_not_found', `Product ${productId} not found`, 'not_found'),
  alreadyExists: (productId: string): DomainError => new DomainError('product_exists', `Product ${productId} already exists`, 'conflict'),
  invalid: (message: string): DomainError => new DomainError('invalid_product', message, 'validation'),
  changedSinceRead: (name: string): DomainError =>
    new DomainError(
      'product_changed',
      `${name} was changed by someone else since you opened it. Reload the products and try again.`,
      'conflict',
    ),
  stillReserved: (name: string, reserved: number): DomainError =>
    new DomainError(
      'product_reserved',
      `${name} cannot be deleted while ${reserved} ${reserved === 1 ? 'can is' : 'cans are'} reserved by checkouts in progress. Try again once they are paid or released.`,
      'conflict',
    ),
  invalidQuantity: (quantity: number): DomainError =>
    new DomainError('invalid_quantity', `Quantity must be a whole number of cans greater than zero (got ${quantity})`, 'validation'),
  invalidExpiry: (expiresAt: string): DomainError =>
    new DomainError('invalid_expiry', `Reservation expiry must be an ISO-8601 instant (got "${expiresAt}")`, 'validation'),
  /** The spec's pre-payment check wording. */
  unavailable: (name: string): DomainError => new DomainError('product_unavailable', `${name} is no longer available`, 'conflict'),
  /** The spec's pre-payment check wording. */
  insufficientStock: (name: string, available: number, requested: number): DomainError =>
    new DomainError(
      'insufficient_stock',
      `Insufficient stock for ${name}. Available: ${Math.max(0, available)}, Requested: ${requested}`,
      'conflict',
    ),
  /** A checkout of a beer before its release time. */
  invalidMembersFrom: (): DomainError =>
    new DomainError(
      'invalid_product',
      'membersFrom must be an instant before releaseAt (club members buy early), or empty for no early access',
      'validation',
      { membersFrom: 'membersFrom must be an instant before releaseAt, or empty' },
    ),
  holdMissing: (name: string, holdId: string): DomainError =>
    new DomainError('hold_missing', `${name} holds nothing under ${holdId} any more`, 'conflict'),
  notReleased: (name: string, releaseAt: string): DomainError =>
    new DomainError('not_released', `${name} is not on sale yet: it releases ${releaseWhen(releaseAt)} (Perth time)`, 'conflict'),
  invalidReleaseAt: (): DomainError =>
    new DomainError(
      'invalid_product',
      'releaseAt must be an instant such as 2026-12-05T02:00:00.000Z, or empty for no scheduled release',
      'validation',
    ),
  overOrderLimit: (name: string, limit: number, requested: number): DomainError =>
    new DomainError('order_limit', `Limit ${limit} per order for ${name}: your pack has ${requested}.`, 'conflict'),
  /** The shop's product page for a product that does not exist or is not on sale. */
  notFoundOrInactive: (productId: string): DomainError =>
    new DomainError('product_not_found', `Product ${productId} not found or inactive`, 'not_found'),
  imageUrlInvalid: (): DomainError => new DomainError('image_url_invalid', IMAGE_URL_INVALID),
  /** A picture address on an origin the site's security policy would block; `imageHosts` are the ones it allows. */
  imageHostNotAllowed: (origin: string, imageHosts: readonly string[]): DomainError =>
    new DomainError(
      'image_host_not_allowed',
      imageHosts.length === 0
        ? `imageUrl on ${origin} would not show: upload the picture instead (or name that host in IMAGE_HOSTS)`
        : `imageUrl on ${origin} would not show: upload the picture instead, or use ${imageHosts.join(', ')} (IMAGE_HOSTS)`,
    ),
  /** More cans back from an order than it still has of this beer (what it bought, less what came back before). */
  returnExceedsSold: (name: string, orderId: string, left: number, asked: number): DomainError =>
    new DomainError(
      'return_exceeds_sold',
      `Order ${orderId} has ${left} ${left === 1 ? 'can' : 'cans'} of ${name} that could come back; asked to return ${asked}`,
      'conflict',
    ),
  reservationMismatch: (name: string, orderId: string, held: number, requested: number): DomainError =>
    new DomainError(
      'reservation_mismatch',
      `Order ${orderId} already holds ${held} cans of ${name}; reserve all cans of one product for an order at once (asked for ${requested})`,
      'conflict',
    ),
} as const;
