/** The spec's local storage keys (section 9). */
export const STORAGE_KEYS = {
  ageVerified: 'ageVerified',
  /** Also read by `/admin-boot.js`, which is told it by the admin shell's boot data (`tokenKey`). */
  adminToken: 'adminToken',
  cart: 'cart',
  /** The beer club member's token from the link in their club e-mails (`?member=`): see shared/club-member. */
  memberToken: 'brewery.memberToken',
  /** Who that token belongs to (`{ token, email, name }`), once the server has said it is an active or paused member. */
  clubMember: 'brewery.clubMember',
} as const;

/**
 * Session storage: the order result page of the pack just bought, so that Back from it to the checkout (the
 * pack now empty) returns to the result instead of a "Invalid Pack Size" error.
 */
export const LAST_ORDER_RESULT_KEY = 'lastOrderResult';
