import { instantToPerthLocal, isReleased, perthLocalToInstant, releaseCountdown, releaseLabel, releaseWhen } from './release';

// Saturday 5 December 2026, 10:00 am in Perth
const RELEASE = '2026-12-05T02:00:00.000Z';

describe('scheduled releases', () => {
  it.each([
    { releaseAt: undefined, now: '2026-12-01T00:00:00.000Z', released: true },
    { releaseAt: null, now: '2026-12-01T00:00:00.000Z', released: true },
    { releaseAt: RELEASE, now: '2026-12-05T01:59:59.999Z', released: false },
    { releaseAt: RELEASE, now: RELEASE, released: true },
    { releaseAt: RELEASE, now: '2026-12-05T02:00:00.001Z', released: true },
  ])('given a release at $releaseAt, at $now it is released: $released', ({ releaseAt, now, released }) => {
    expect(isReleased({ releaseAt }, new Date(now))).toBe(released);
  });

  it.each([
    { now: '2026-12-01T00:00:00.000Z', label: 'Releasing Saturday 10:00 am (Perth time)' },
    { now: '2026-11-20T00:00:00.000Z', label: 'Releasing Saturday 5 December, 10:00 am (Perth time)' },
  ])('says when it releases, in Perth time: "$label"', ({ now, label }) => {
    expect(releaseLabel(RELEASE, new Date(now))).toBe(label);
  });

  it('says 12:30 pm and midnight as people do', () => {
    expect(releaseLabel('2026-12-05T04:30:00.000Z', new Date('2026-12-04T00:00:00.000Z'))).toBe('Releasing Saturday 12:30 pm (Perth time)');
    expect(releaseLabel('2026-12-04T16:00:00.000Z', new Date('2026-12-04T00:00:00.000Z'))).toBe('Releasing Saturday 12:00 am (Perth time)');
  });

  it('says a release in a message with its date, in Perth time', () => {
    expect(releaseWhen(RELEASE)).toBe('Saturday 5 December, 10:00 am');
  });

  it.each([
    { now: '2026-12-03T22:55:55.000Z', left: '1d 03:04:05' },
    { now: '2026-12-05T01:59:59.000Z', left: '00:00:01' },
    { now: '2026-12-05T01:59:59.400Z', left: '00:00:01' },
    { now: RELEASE, left: null },
  ])('counts down to the release: $left', ({ now, left }) => {
    expect(releaseCountdown(RELEASE, new Date(now))).toBe(left);
  });

  it('reads the form in Perth time and shows an instant in Perth time', () => {
    expect(perthLocalToInstant('2026-12-05T10:00')).toBe(RELEASE);
    expect(instantToPerthLocal(RELEASE)).toBe('2026-12-05T10:00');
    expect(perthLocalToInstant('5/12/2026 10am')).toBeNull();
    expect(perthLocalToInstant('2026-13-05T10:00')).toBeNull();
  });
});
