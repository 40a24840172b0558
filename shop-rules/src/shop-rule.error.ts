/**
 * A shop rule refused its input. `code` is stable so the server can map it to a response without
 * matching on message text; the message is what a person should read.
 */
export abstract class ShopRuleError extends Error {
  abstract readonly code: string;
}

/** A price or amount that is not a non-negative decimal number. */
export class InvalidAmountError extends ShopRuleError {
  override readonly name = 'InvalidAmountError';
  readonly code = 'INVALID_AMOUNT';
  constructor(readonly value: unknown) {
    super(`Invalid amount: ${String(value)}`);
  }
}

/** A can count or line quantity that cannot be sold: negative, fractional, or not whole packs. */
export class InvalidQuantityError extends ShopRuleError {
  override readonly name = 'InvalidQuantityError';
  readonly code = 'INVALID_QUANTITY';
}
