/** Money as the spec's entities show it: a decimal string with two decimals ("48.00"). Cents are integers, so this is exact. */
export function decimalString(cents: number): string {
  return (cents / 100).toFixed(2);
}
