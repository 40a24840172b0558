import { ValidateBy, type ValidationOptions } from 'class-validator';
import { BEER_TYPES, hiddenCharacterIn, invisibleCharacterRule } from '@brewery/shop-rules';

/**
 * One decorator per field, one message per failure: `check` returns what is wrong with the value (in
 * words the admin form can show as they are), or null when it is fine.
 */
export function Checked(name: string, check: (value: unknown) => string | null, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name,
      validator: {
        validate: (value: unknown) => check(value) === null,
        defaultMessage: (args) => check(args?.value) ?? `${name} is invalid`,
      },
    },
    options,
  );
}

const MONEY = /^\d{1,5}(\.\d{1,2})?$/;
const ONE_DECIMAL = /^\d{1,2}(\.\d)?$/;

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * Text the admin, the shop, labels and invoices show as typed: on one line (a name) or, for `lines: 'several'`, with
 * line breaks and tabs (a description); never with characters that show nothing or turn the text around.
 */
export const requiredText =
  (field: string, maxLength: number, lines: 'one' | 'several' = 'one') =>
  (value: unknown): string | null => {
    if (isBlank(value)) return `${field} is required`;
    if (typeof value !== 'string') return `${field} must be text`;
    if (value.trim().length > maxLength) return `${field} must be at most ${maxLength} characters`;
    const hidden = hiddenCharacterIn(value.trim(), lines);
    if (hidden?.kind === 'invisible') return `${field} ${invisibleCharacterRule(hidden.codePoint)}`;
    if (hidden !== null)
      return `${field} must be ${lines === 'one' ? 'one line of text, ' : 'text '}without control characters (${hidden.codePoint})`;
    return null;
  };

/** A number or numeric string; a number is read as it prints, so 6.5 is "6.5" and 6.505 has three decimals. */
function asDecimalText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'string') return value.trim();
  return null;
}

export const money =
  (field: string, options: { required: boolean; example: string }) =>
  (value: unknown): string | null => {
    if (isBlank(value)) return options.required ? `${field} is required` : null;
    const text = asDecimalText(value);
    if (text === null || !MONEY.test(text) || Number(text) <= 0) {
      return `${field} must be an amount in dollars above 0 with at most two decimals, such as ${options.example}${options.required ? '' : ', or empty'}`;
    }
    return null;
  };

export function abv(value: unknown): string | null {
  if (isBlank(value)) return 'abv is required';
  const text = asDecimalText(value);
  if (text === null || !ONE_DECIMAL.test(text) || Number(text) > 20)
    return 'abv must be a number from 0 to 20 with at most one decimal, such as 5.2';
  return null;
}

export function inventory(value: unknown): string | null {
  if (value === undefined) return null;
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0)
    return 'inventory must be a whole number of cans, 0 or more';
  return null;
}

/** Optional: empty (null, '' or absent) is no limit; otherwise whole cans from 1 to 192. */
export function maxPerOrder(value: unknown): string | null {
  if (isBlank(value)) return null;
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1 || number > 192)
    return 'maxPerOrder must be a whole number of cans from 1 to 192, or empty for no limit';
  return null;
}

/** Optional: absent keeps the release as it is; null or '' takes it away; otherwise an ISO-8601 instant. */
export function releaseAt(value: unknown): string | null {
  if (value === undefined || isBlank(value)) return null;
  if (
    typeof value !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value.trim()) ||
    Number.isNaN(Date.parse(value))
  )
    return 'releaseAt must be an instant such as 2026-12-05T02:00:00.000Z (10 am in Perth), or empty for no scheduled release';
  return null;
}

/** Optional: absent keeps the early access as it is; null or '' takes it away; otherwise an ISO-8601 instant. */
export function membersFrom(value: unknown): string | null {
  return releaseAt(value) === null ? null : 'membersFrom must be an instant such as 2026-12-03T02:00:00.000Z, or empty for no early access';
}

export function imageUrl(value: unknown): string | null {
  if (isBlank(value)) return 'imageUrl is required';
  if (typeof value !== 'string' || value.length > 2048) return 'imageUrl must be an http(s) URL or a path starting with /';
  const text = value.trim();
  // A path on this site; "//host" would be another site without a scheme.
  if (text.startsWith('/') && !text.startsWith('//') && !/\s/.test(text)) return null;
  try {
    const url = new URL(text);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '') return null;
  } catch {
    // fall through to the message
  }
  return 'imageUrl must be an http(s) URL or a path starting with /';
}

export function beerType(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  return typeof value === 'string' && (BEER_TYPES as readonly string[]).includes(value)
    ? null
    : `beerType must be one of ${BEER_TYPES.join(', ')}, or empty`;
}

export const flag =
  (field: string) =>
  (value: unknown): string | null =>
    value === undefined || typeof value === 'boolean' ? null : `${field} must be true or false`;

export function revision(value: unknown): string | null {
  return value === undefined || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
    ? null
    : 'revision must be a whole number, 0 or more';
}
