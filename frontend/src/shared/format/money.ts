const AUD = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Dollars with thousands grouped, as the Analytics tab and the summary show them: $23,418.00 beside 4,260. */
export function money(value: string | number): string {
  return AUD.format(Number(value));
}
