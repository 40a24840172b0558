/** Below this width each plan, run and member is a card, not a table wider than the phone. */
export const CLUB_CARDS_QUERY = '(max-width: 599px)';
