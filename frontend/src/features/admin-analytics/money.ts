const AUD = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Dollars as the Analytics tab shows them, thousands grouped as its can counts are: $23,418.00 beside 4,260. */
export function money(value: string | number): string {
  return AUD.format(Number(value));
}
