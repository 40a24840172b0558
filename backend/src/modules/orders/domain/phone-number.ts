/**
 * Phone numbers as people write and type them. A number is kept and compared in one canonical form: its digits
 * in the Australian national form, the trunk 0 first (`0428975371`, `0893211234`), whichever way it was written
 * (`+61 428 975 371`, `61 428 975 371`, `0428-975-371`, `428.975.371`, `(08) 9321 1234`, `+61 (0)8 9321 1234`).
 * A number of another country keeps its digits, country code first, without the `+`.
 */

/** What people put between a number's digits: spaces, brackets, dots, dashes (the typographic ones too), slashes. */
const SEPARATORS = /[\s().\-\u2010-\u2015\u2212/]/g;

/** Digits a number or a piece of one must have before a search reads it as a phone number (fewer: any text). */
export const MIN_PHONE_SEARCH_DIGITS = 3;

/** Australia's country code, and the international prefix dialled from Australia. */
const COUNTRY = '61';
const INTERNATIONAL = '0011';

/** An Australian number's digits after its trunk 0 (or its country code): 9. */
const NATIONAL_DIGITS = 9;

/** The canonical form of a number as written (see above); '' for text with no digits. */
export function canonicalPhone(written: string): string {
  const text = written.replace(SEPARATORS, '');
  const digits = text.replace(/\D/g, '');
  const international = text.startsWith('+') ? digits : digits.startsWith(INTERNATIONAL) ? digits.slice(INTERNATIONAL.length) : null;
  if (international !== null) return international.startsWith(COUNTRY) ? national(international.slice(COUNTRY.length)) : international;
  // 61 and the 9 national digits, written without the +.
  if (digits.length === COUNTRY.length + NATIONAL_DIGITS && digits.startsWith(COUNTRY)) return national(digits.slice(COUNTRY.length));
  // The 9 national digits written without the trunk 0 (428 975 371).
  if (digits.length === NATIONAL_DIGITS && !digits.startsWith('0')) return `0${digits}`;
  return digits;
}

/** The digits after the country code, as the national form: the trunk 0 once (`+61 (0)4…` has it written). */
function national(rest: string): string {
  return rest.startsWith('0') ? rest : `0${rest}`;
}

/**
 * What a search box's text may be a part of, in the canonical form, when it is a phone number or a piece of one
 * (digits and separators only, a `+` first at most, at least `MIN_PHONE_SEARCH_DIGITS` digits); null for any
 * other text. A piece is matched inside the canonical number: `975 371`, `428 975 371` and `0428 975` are all in
 * `0428975371`. A piece written with the country code is read as one (`+61 428` is `0428`); without its `+`, the
 * digits after a 61 that can begin an Australian number (`61 428 9…`) are looked for as well as the digits as typed.
 */
export function phoneSearchForms(typed: string): string[] | null {
  const text = typed.trim().replace(SEPARATORS, '');
  if (!/^\+?\d+$/.test(text)) return null;
  const digits = text.replace('+', '');
  if (digits.length < MIN_PHONE_SEARCH_DIGITS) return null;
  if (text.startsWith('+') || digits.startsWith(INTERNATIONAL)) return [canonicalPhone(text)];
  const rest = digits.slice(COUNTRY.length);
  // Not a postcode such as 6155 or 6148: at least 3 digits after the 61, the first one an area or a mobile's.
  if (digits.startsWith(COUNTRY) && rest.length >= 3 && /^[2-478]/.test(rest)) return [digits, national(rest)];
  // The digits as typed are part of the canonical form of any whole number they make (428975371 is in 0428975371).
  return [digits];
}
