/** The spec's local storage keys (section 9). */
export const STORAGE_KEYS = {
  ageVerified: 'ageVerified',
  /** Also read by `/admin-boot.js`, which is told it by the admin shell's boot data (`tokenKey`). */
  adminToken: 'adminToken',
  cart: 'cart',
} as const;

/**
 * Session storage: the order result page of the pack just bought, so that Back from it to the checkout (the
 * pack now empty) returns to the result instead of a "Invalid Pack Size" error.
 */
export const LAST_ORDER_RESULT_KEY = 'lastOrderResult';
