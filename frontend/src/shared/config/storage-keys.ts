/** The spec's local storage keys (section 9). */
export const STORAGE_KEYS = {
  ageVerified: 'ageVerified',
  adminToken: 'adminToken',
  cart: 'cart',
} as const;
