/**
 * Consignment numbers of the local carrier: `SSB`, eight serial digits, one check digit.
 *
 * The serial is the order number run through a fixed permutation of 0..99,999,999 (an affine map modulo
 * 10^8 whose multiplier is coprime with 10), so every order gets its own number, a retry for the same order
 * gets the same one, and consecutive orders do not get consecutive-looking numbers. The check digit is the
 * UPU S10 one postal operators print on their own items (weights 8 6 4 2 3 5 9 7, modulo 11).
 */
export const CONSIGNMENT_PREFIX = 'SSB';

const SERIALS = 100_000_000n;
const MULTIPLIER = 61_803_399n;
const OFFSET = 27_182_818n;
const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const;
export const MAX_CONSIGNABLE_ORDER = Number(SERIALS) - 1;

/** The S10 check digit of an eight-digit serial. */
export function s10CheckDigit(serial: string): number {
  if (!/^\d{8}$/.test(serial)) throw new Error(`A consignment serial has eight digits, not "${serial}"`);
  const sum = S10_WEIGHTS.reduce((total, weight, index) => total + weight * Number(serial[index]), 0);
  const check = 11 - (sum % 11);
  if (check === 10) return 0;
  if (check === 11) return 5;
  return check;
}

export function consignmentNumberFor(orderNumber: number): string {
  if (!Number.isInteger(orderNumber) || orderNumber < 1 || orderNumber > MAX_CONSIGNABLE_ORDER) {
    throw new Error(`Order number ${orderNumber} is outside 1..${MAX_CONSIGNABLE_ORDER}`);
  }
  const serial = ((BigInt(orderNumber) * MULTIPLIER + OFFSET) % SERIALS).toString().padStart(8, '0');
  return `${CONSIGNMENT_PREFIX}${serial}${s10CheckDigit(serial)}`;
}

/** True for a well-formed number whose check digit matches: catches most mistyped digits and swapped neighbours. */
export function isValidConsignmentNumber(value: string): boolean {
  const match = /^SSB(\d{8})(\d)$/.exec(value);
  if (!match) return false;
  const [, serial = '', check = ''] = match;
  return s10CheckDigit(serial) === Number(check);
}
