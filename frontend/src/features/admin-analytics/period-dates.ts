/** A local calendar date as the API reads it: YYYY-MM-DD. */
export function isoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The report form opens on the last 30 days, today included. */
export function defaultPeriod(today: Date): { startDate: string; endDate: string } {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29);
  return { startDate: isoDate(start), endDate: isoDate(today) };
}
