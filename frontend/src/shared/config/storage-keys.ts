/** The spec's local storage keys (section 9). */
export const STORAGE_KEYS = {
  ageVerified: 'ageVerified',
  adminToken: 'adminToken',
  cart: 'cart',
} as const;

/**
 * Session storage: the order result page of the pack just bought, so that Back from it to the checkout (the
 * pack now empty) returns to the result instead of a "Invalid Pack Size" error.
 */
export const LAST_ORDER_RESULT_KEY = 'lastOrderResult';
