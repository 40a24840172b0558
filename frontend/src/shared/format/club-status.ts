import type { ClubEvery, ClubMemberStatus, ClubPlanView, ClubShareStatus } from '@brewery/shop-rules';
import { CLUB_RETRY_DAYS } from '@brewery/shop-rules';
import { money } from './money';

/**
 * The beer club's words, one place for the member's page and the admin's Club tab (features never import each
 * other): a membership's status, a run's status for one member, a plan's rhythm.
 */

/** A membership's status as both the member and the staff read it. */
export const MEMBER_STATUS_WORDS: Readonly<Record<ClubMemberStatus, string>> = {
  pending_card: 'Waiting for card',
  active: 'Active',
  paused: 'Paused',
  past_due: 'Past due',
  cancelled: 'Cancelled',
};

/** antd Tag colours for a membership's status. */
export const MEMBER_STATUS_COLOURS: Readonly<Record<ClubMemberStatus, string>> = {
  pending_card: 'gold',
  active: 'green',
  paused: 'blue',
  past_due: 'red',
  cancelled: 'default',
};

/** A run's status for one member, short, as the admin lists it. */
export const SHARE_STATUS_WORDS: Readonly<Record<ClubShareStatus, string>> = {
  held: 'Held',
  skipped: 'Skipped',
  released: 'Released',
  charging: 'Charging',
  declined: 'Declined',
  needs_authentication: 'Needs authentication',
  charged: 'Charged',
  packed: 'Packed',
  past_due: 'Past due',
};

/** A run's status in the member's own words, on their page. */
export const SHARE_STATUS_SENTENCES: Readonly<Record<ClubShareStatus, string>> = {
  held: 'Your cans are set aside; your card is charged on the day.',
  skipped: 'Skipped: nothing is charged or sent for this one.',
  released: 'Not sent: the membership was paused or cancelled before the charge.',
  charging: 'Your card is being charged.',
  declined: 'Your card was declined. We will try again, or you can pay now.',
  needs_authentication: 'Your bank asks you to confirm this payment: pay now to confirm it.',
  charged: 'Paid: your pack is being put together.',
  packed: 'Packed: sent or ready at the cellar door.',
  past_due: 'We could not take this payment after several tries.',
};

export const SHARE_STATUS_COLOURS: Readonly<Record<ClubShareStatus, string>> = {
  held: 'blue',
  skipped: 'default',
  released: 'default',
  charging: 'processing',
  declined: 'orange',
  needs_authentication: 'orange',
  charged: 'green',
  packed: 'cyan',
  past_due: 'red',
};

/** "every month", "every quarter". */
export function everyWords(every: ClubEvery): string {
  return every === 'month' ? 'every month' : 'every quarter';
}

/** "16 cans every month". */
export function planRhythm(plan: Pick<ClubPlanView, 'cans' | 'every'>): string {
  return `${plan.cans} cans ${everyWords(plan.every)}`;
}

/** "$79.00 a month", "$210.00 a quarter" (GST included). */
export function planPrice(plan: Pick<ClubPlanView, 'price' | 'every'>): string {
  return `${money(plan.price)} a ${plan.every}`;
}

/** The tries after a failed charge, in words: "1, 3 and 7 days after the charge". */
export function retryDaysWords(days: readonly number[] = CLUB_RETRY_DAYS): string {
  if (days.length === 0) return '';
  if (days.length === 1) return `${days[0]} ${days[0] === 1 ? 'day' : 'days'} after the charge`;
  return `${days.slice(0, -1).join(', ')} and ${days[days.length - 1]} days after the charge`;
}

/** A saved card in words: "Visa •••• 4242"; "No card saved yet" without one. */
export function cardWords(card: { brand: string; last4: string } | null): string {
  if (card === null) return 'No card saved yet';
  const brand = card.brand.trim() === '' ? 'Card' : card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} •••• ${card.last4}`;
}
