/** The shop is in Perth, which keeps +08:00 all year: every time the operator reads is Perth time. */
const PERTH_DATE_TIME = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'Australia/Perth',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** One format for every date and time in the admin screens: "25 Nov 2026, 10:46 am", Perth time. */
export function perthDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : PERTH_DATE_TIME.format(date);
}
