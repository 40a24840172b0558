import { DeciderSpecification } from '../../../shared-kernel/decider-specification';
import { dailyAnalyticsDecider, requestedSequence, type DailyAnalyticsCommand } from './daily-analytics.decider';
import { dailyAnalyticsEmailKey, dailyAnalyticsStreamName, type DailyAnalyticsEvent } from './daily-analytics.events';

const request = (idempotencyKey: string | null): DailyAnalyticsCommand => ({
  type: 'RequestDailyAnalyticsEmail',
  day: '2026-11-23',
  idempotencyKey,
  requestedAt: '2026-11-23T01:00:00.000Z',
});
const requested = (sequence: number, idempotencyKey: string | null): DailyAnalyticsEvent => ({
  type: 'DailyAnalyticsEmailRequested',
  data: { day: '2026-11-23', sequence, idempotencyKey, requestedAt: '2026-11-23T01:00:00.000Z' },
});

const analytics = DeciderSpecification.for(dailyAnalyticsDecider);

describe('daily analytics e-mail requests', () => {
  it.each<[string, DailyAnalyticsEvent[], string | null, DailyAnalyticsEvent[], number]>([
    ['the first press of the day is number 1', [], null, [requested(1, null)], 1],
    ['a second press is another e-mail', [requested(1, null)], null, [requested(2, null)], 2],
    ['a press with a new key is another e-mail', [requested(1, 'a')], 'b', [requested(2, 'b')], 2],
    ['a retried request finds its number and sends nothing more', [requested(1, 'a'), requested(2, 'b')], 'a', [], 1],
    ['the same key retried after other presses still finds its number', [requested(1, 'a'), requested(2, null)], 'a', [], 1],
  ])('%s', (_, history, key, events, sequence) => {
    const when = analytics.given(history).when(request(key));
    when.then(events);
    when.thenState((after) => expect(requestedSequence(after, key)).toBe(sequence));
  });

  it('names streams and e-mail keys by Perth day', () => {
    expect(dailyAnalyticsStreamName('2026-11-23')).toBe('dailyanalytics-2026-11-23');
    expect(dailyAnalyticsEmailKey('2026-11-23', 2)).toBe('daily-analytics-2026-11-23-2');
  });
});
