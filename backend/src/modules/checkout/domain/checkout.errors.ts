import { PACK_QUANTITY, PACK_SIZES, packSizeLabel, releaseWhen, type PackSize } from '@brewery/shop-rules';
import { DomainError } from '../../../shared-kernel/domain-error';

/** The checkout's wording, shared by its refusals and the tests. */
export const CheckoutMessages = {
  invalidPack: 'Invalid Pack Size: Please complete your pack before checkout.',
  notFound: (productId: string): string => `Product ${productId} not found or inactive`,
  unavailable: (name: string): string => `${name} is no longer available`,
  insufficient: (name: string, available: number, requested: number): string =>
    `Insufficient stock for ${name}. Available: ${Math.max(0, available)}, Requested: ${requested}`,
  overLimit: (name: string, limit: number, requested: number): string =>
    `Limit ${limit} per order for ${name}: your pack has ${requested}.`,
  notReleased: (name: string, releaseAt: string): string =>
    `${name} is not on sale yet: it releases ${releaseWhen(releaseAt)} (Perth time). Take it out of your pack, or come back then.`,
  pricesChanged: 'Prices have changed since you added these beers: please review your pack',
  repeatOfPaidOrder: (orderId: string): string =>
    `You paid for this same pack a few minutes ago (order #${orderId}). Buy it again as a new order?`,
  earlierCheckoutPaying:
    'The payment of your earlier checkout has just gone through, so this one was not opened: look for its confirmation e-mail before buying again.',
  packNotOffered: (name: string, packSize: PackSize): string =>
    `${name} is not sold as a ${packSizeLabel(packSize)}: please review your pack`,
  badPackSize: (packSize: string): string => `packSize must be one of ${PACK_SIZES.join(', ')} (got "${packSize}")`,
  badPackQuantity: (packSize: PackSize): string => `packQuantity of a ${packSize} line must be ${PACK_QUANTITY[packSize]}`,
} as const;

/** The checkout's refusals (the cart, then the customer's form), with stable codes. */
export const CheckoutErrors = {
  /** Too many checkouts at once: the route sets Retry-After, and the page tries again by itself. */
  shopBusy: (): DomainError =>
    new DomainError(
      'shop_busy',
      'The shop is very busy right now. Your details are kept: we will try again in a few seconds.',
      'unavailable',
    ),
  /** A client past one of its checkout limits (the limit's code and message; the route sets Retry-After). */
  clientLimit: (code: 'checkout_rate_limited' | 'checkout_holds_limited', message: string): DomainError =>
    new DomainError(code, message, 'too_many_requests'),
  /** The payment intent could not be opened: the checkout was undone, nothing was charged. */
  paymentProviderUnreachable: (): DomainError =>
    new DomainError(
      'payment_provider_error',
      'The payment provider could not be reached, so nothing was charged. Please try again in a moment.',
      'bad_gateway',
    ),
  /** The client went away while its checkout waited for a turn: nothing was started. */
  clientClosed: (message: string): DomainError => new DomainError('client_closed_request', message, 'client_closed'),
  badPackSize: (packSize: string): DomainError => new DomainError('invalid_cart', CheckoutMessages.badPackSize(packSize)),
  badPackQuantity: (packSize: PackSize): DomainError => new DomainError('invalid_cart', CheckoutMessages.badPackQuantity(packSize)),
  badQuantity: (packSize: PackSize, quantity: number): DomainError =>
    new DomainError(
      'invalid_cart',
      `quantity of a ${packSize} line must be a whole number of ${packSize === 'single' ? 'cans' : 'packs'} in cans (got ${quantity})`,
    ),
  /** A cart the shared rules refuse; `message` is theirs. */
  invalidCart: (message: string): DomainError => new DomainError('invalid_cart', message),
  invalidPack: (): DomainError => new DomainError('invalid_pack', CheckoutMessages.invalidPack),
  productNotFound: (productId: string): DomainError =>
    new DomainError('product_not_found', CheckoutMessages.notFound(productId), 'not_found'),
  notReleased: (name: string, releaseAt: string): DomainError =>
    new DomainError('not_released', CheckoutMessages.notReleased(name, releaseAt), 'conflict'),
  productUnavailable: (name: string): DomainError => new DomainError('product_unavailable', CheckoutMessages.unavailable(name), 'conflict'),
  overOrderLimit: (name: string, limit: number, requested: number): DomainError =>
    new DomainError('order_limit', CheckoutMessages.overLimit(name, limit, requested), 'conflict'),
  insufficientStock: (name: string, available: number, requested: number): DomainError =>
    new DomainError('insufficient_stock', CheckoutMessages.insufficient(name, available, requested), 'conflict'),
  packNotOffered: (name: string, packSize: PackSize): DomainError =>
    new DomainError('pack_not_offered', CheckoutMessages.packNotOffered(name, packSize), 'conflict'),
  pricesChanged: (): DomainError => new DomainError('prices_changed', CheckoutMessages.pricesChanged, 'conflict'),
  /** The same pack this browser paid for minutes ago, not confirmed as a purchase made again (`confirmRepeat`). */
  repeatOfPaidOrder: (orderId: string): DomainError =>
    new DomainError('repeat_of_paid_order', CheckoutMessages.repeatOfPaidOrder(orderId), 'conflict', { paidOrder: orderId }),
  /** A checkout that would replace one whose card went through: that one is paid, this one is not opened. */
  earlierCheckoutPaying: (orderId: string): DomainError =>
    new DomainError('earlier_checkout_paying', `${CheckoutMessages.earlierCheckoutPaying} (order #${orderId})`, 'conflict'),
  /** Every problem of the checkout form, each naming its field, in one message. */
} as const;
