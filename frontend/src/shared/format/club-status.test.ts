import { CLUB_MEMBER_STATUSES, CLUB_SHARE_STATUSES } from '@brewery/shop-rules';
import { describe, expect, it } from 'vitest';
import {
  cardWords,
  everyWords,
  MEMBER_STATUS_WORDS,
  planPrice,
  planRhythm,
  retryDaysWords,
  SHARE_STATUS_SENTENCES,
  SHARE_STATUS_WORDS,
} from './club-status';

describe('the beer club in words', () => {
  it.each([
    ['pending_card', 'Waiting for card'],
    ['active', 'Active'],
    ['paused', 'Paused'],
    ['past_due', 'Past due'],
    ['cancelled', 'Cancelled'],
  ] as const)('calls a %s membership "%s"', (status, words) => {
    expect(MEMBER_STATUS_WORDS[status]).toBe(words);
  });

  it('has words for every membership status and every run status, each different', () => {
    expect(CLUB_MEMBER_STATUSES.map((status) => MEMBER_STATUS_WORDS[status]).every((words) => words !== '')).toBe(true);
    const short = CLUB_SHARE_STATUSES.map((status) => SHARE_STATUS_WORDS[status]);
    const long = CLUB_SHARE_STATUSES.map((status) => SHARE_STATUS_SENTENCES[status]);
    expect(new Set(short).size).toBe(CLUB_SHARE_STATUSES.length);
    expect(new Set(long).size).toBe(CLUB_SHARE_STATUSES.length);
  });

  it.each([
    ['held', 'Held'],
    ['needs_authentication', 'Needs authentication'],
    ['past_due', 'Past due'],
  ] as const)('calls a run %s "%s" in the admin', (status, words) => {
    expect(SHARE_STATUS_WORDS[status]).toBe(words);
  });

  it('says a plan’s pack, rhythm and price', () => {
    expect(everyWords('month')).toBe('every month');
    expect(everyWords('quarter')).toBe('every quarter');
    expect(planRhythm({ cans: 16, every: 'month' })).toBe('16 cans every month');
    expect(planPrice({ price: '79.00', every: 'month' })).toBe('$79.00 a month');
    expect(planPrice({ price: '1210.5', every: 'quarter' })).toBe('$1,210.50 a quarter');
  });

  it('says the retry days of a failed charge', () => {
    expect(retryDaysWords()).toBe('1, 3 and 7 days after the charge');
    expect(retryDaysWords([2])).toBe('2 days after the charge');
    expect(retryDaysWords([1])).toBe('1 day after the charge');
    expect(retryDaysWords([1, 2])).toBe('1 and 2 days after the charge');
  });

  it('names a saved card by its brand and last four digits', () => {
    expect(cardWords({ brand: 'visa', last4: '4242' })).toBe('Visa •••• 4242');
    expect(cardWords({ brand: '', last4: '0341' })).toBe('Card •••• 0341');
    expect(cardWords(null)).toBe('No card saved yet');
  });
});
