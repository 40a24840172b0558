import {
  asReadByEye,
  hiddenCharacterIn,
  invisibleCharacterRule,
  isEmailAddress,
  isShippingState,
  postcodeBelongsToState,
  type CustomerInfo,
  type FulfilmentMethod,
} from '@brewery/shop-rules';
import { OrderErrors } from './order.errors';
import type { OrderCustomer } from './order.events';

export const REQUIRED_CUSTOMER_FIELDS = ['name', 'email', 'phone', 'addressLine1', 'suburb', 'postCode', 'state'] as const;
/** Collected at the cellar door: who collects and how to reach them; no address. */
export const REQUIRED_PICKUP_FIELDS = ['name', 'email', 'phone'] as const;
/** The state a cellar-door order is supplied in (the brewery's own). */
export const CELLAR_DOOR_STATE = 'WA';

const MAX_FIELD_LENGTH = 200;
/** Australian landlines (02, 03, 07, 08) and mobiles (04, 05), with or without +61. */
const AUSTRALIAN_PHONE = /^0[234578]\d{8}$/;
/**
 * Addresses no courier can hand to an adult: PO Boxes (however written), GPO boxes, locked bags,
 * Parcel Lockers and Parcel Post / Parcel Collect points.
 */
const NOT_A_STREET_ADDRESS =
  /\b(?:p\.?\s*o\.?\s*box|post\s*office\s*box|g\.?\s*p\.?\s*o\.?\s*box|locked\s*bag|private\s*bag|parcel\s*lockers?|parcel\s*post|parcelpost|parcel\s*collect)(?![a-z])|\bpobox(?![a-z])/i;
/**
 * The same with every space and mark between the letters taken out, so "PO-Box", "P/O Box", "P.0. Box", "POBox12"
 * and "p.o.b. 12" are read as the PO Box they are.
 */
const NOT_A_STREET_ADDRESS_SQUEEZED =
  /p[o0]box(?![a-z])|p[o0]b(?=\d|$)|postofficebox|lockedbag|privatebag|parcell?ockers?|parcelpost|parcelcollect/;

/** Whether a line names a PO Box, a locker or a post office rather than a street, however it is spelt. */
function isNotAStreet(line: string): boolean {
  const seen = asReadByEye(line);
  return NOT_A_STREET_ADDRESS.test(seen) || NOT_A_STREET_ADDRESS_SQUEEZED.test(seen.toLowerCase().replace(/[^a-z0-9]+/g, ''));
}

export const CustomerMessages = {
  required: (field: string): string => `${field} is required`,
  tooLong: (field: string): string => `${field} must be at most ${MAX_FIELD_LENGTH} characters`,
  controlCharacter: (field: string): string => `${field} must be one line of text, without control characters`,
  invisibleCharacter: (field: string, codePoint: string): string => `${field} ${invisibleCharacterRule(codePoint)}`,
  unsupportedState: (state: string): string => `Unsupported shipping state: ${state}`,
  postcodeFormat: (postCode: string): string => `postCode ${postCode} must be four digits, e.g. 6000`,
  postcodeState: (postCode: string, state: string): string => `postCode ${postCode} is not a ${state} postcode`,
  email: 'email must be an e-mail address, e.g. name@example.com',
  phone: 'phone must be an Australian phone number, e.g. 0412 345 678',
  streetAddress: 'PO Boxes, Parcel Lockers and Parcel Post cannot receive alcohol: please give a street address',
} as const;

/** What each refused field of the checkout form says to the customer, in plain words (beside the field). */
export const CustomerFieldMessages = {
  required: (field: keyof CustomerInfo): string => `Please enter your ${FIELD_WORDS[field]}.`,
  tooLong: (field: keyof CustomerInfo): string => `Please shorten your ${FIELD_WORDS[field]} to ${MAX_FIELD_LENGTH} characters or fewer.`,
  controlCharacter: (field: keyof CustomerInfo): string => `Please write your ${FIELD_WORDS[field]} on one line.`,
  invisibleCharacter: (field: keyof CustomerInfo, codePoint: string): string =>
    `Please type your ${FIELD_WORDS[field]} again: it holds a hidden character (${codePoint}) that changes how it reads.`,
  unsupportedState: 'Please choose one of the eight states and territories we deliver to.',
  postcodeFormat: 'Please enter the four digits of your postcode, e.g. 6000.',
  postcodeState: (postCode: string, state: string): string => `${postCode} is not a postcode in ${state}: please check both.`,
  email: 'Please enter an e-mail address such as name@example.com.',
  phone: 'Please enter an Australian phone number, e.g. 0412 345 678 or (08) 9123 4567.',
  streetAddress: 'We cannot deliver alcohol to a PO Box, parcel locker or Parcel Post: please give a street address.',
} as const;

const FIELD_WORDS: Record<keyof CustomerInfo, string> = {
  name: 'full name',
  email: 'e-mail address',
  phone: 'phone number',
  addressLine1: 'street address',
  addressLine2: 'second address line',
  suburb: 'suburb',
  postCode: 'postcode',
  state: 'state',
};

/**
 * Tabs, line breaks, backspaces, and characters that show nothing or turn the text around (direction overrides,
 * zero-width spaces): a one-line field goes onto labels, invoices and e-mails as it is, and must read as typed.
 */
function refuseHiddenCharacters(
  field: keyof CustomerInfo,
  value: string,
  refuse: (field: keyof CustomerInfo, problem: string, plain: string) => void,
): void {
  const hidden = hiddenCharacterIn(value);
  if (hidden === null) return;
  if (hidden.kind === 'control') refuse(field, CustomerMessages.controlCharacter(field), CustomerFieldMessages.controlCharacter(field));
  else
    refuse(
      field,
      CustomerMessages.invisibleCharacter(field, hidden.codePoint),
      CustomerFieldMessages.invisibleCharacter(field, hidden.codePoint),
    );
}

/** The digits of an Australian number written any usual way: "0412 345 678", "(08) 9123-4567", "+61 412 345 678". */
export function normalisePhone(phone: string): string {
  const digits = phone.replace(/[\s().-]/g, '');
  if (digits.startsWith('+61')) return `0${digits.slice(3)}`;
  if (/^61\d{9}$/.test(digits)) return `0${digits.slice(2)}`;
  return digits;
}

/**
 * The server's check of the checkout form: every problem, each naming its field, joined in one message.
 * Returns the customer as the order records it (trimmed; state upper-cased). For a pickup only the name,
 * e-mail address and phone are asked and kept: the address fields are empty and the state is the brewery's.
 */
export function validateCustomerInfo(
  info: Partial<Record<keyof CustomerInfo, unknown>>,
  method: FulfilmentMethod = 'delivery',
): OrderCustomer {
  if (method === 'pickup') return validatePickupCustomer(info);
  const problems: string[] = [];
  const fields: Partial<Record<keyof CustomerInfo, string>> = {};
  const refuse = (field: keyof CustomerInfo, problem: string, plain: string): void => {
    problems.push(problem);
    fields[field] ??= plain;
  };
  const text = (field: keyof CustomerInfo): string => {
    const value = info[field];
    return typeof value === 'string' ? value.trim() : '';
  };
  for (const field of REQUIRED_CUSTOMER_FIELDS) {
    if (text(field) === '') refuse(field, CustomerMessages.required(field), CustomerFieldMessages.required(field));
  }
  for (const field of [...REQUIRED_CUSTOMER_FIELDS, 'addressLine2'] as const) {
    if (text(field).length > MAX_FIELD_LENGTH) refuse(field, CustomerMessages.tooLong(field), CustomerFieldMessages.tooLong(field));
    refuseHiddenCharacters(field, text(field), refuse);
  }

  const email = text('email');
  if (email !== '' && !isEmailAddress(email)) refuse('email', CustomerMessages.email, CustomerFieldMessages.email);
  const phone = text('phone');
  if (phone !== '' && !AUSTRALIAN_PHONE.test(normalisePhone(phone))) refuse('phone', CustomerMessages.phone, CustomerFieldMessages.phone);

  const state = text('state').toUpperCase();
  const postCode = text('postCode');
  if (state !== '' && !isShippingState(state))
    refuse('state', CustomerMessages.unsupportedState(text('state')), CustomerFieldMessages.unsupportedState);
  if (postCode !== '') {
    if (!/^\d{4}$/.test(postCode)) refuse('postCode', CustomerMessages.postcodeFormat(postCode), CustomerFieldMessages.postcodeFormat);
    else if (isShippingState(state) && !postcodeBelongsToState(postCode, state))
      refuse('postCode', CustomerMessages.postcodeState(postCode, state), CustomerFieldMessages.postcodeState(postCode, state));
  }

  const addressLine1 = text('addressLine1');
  const addressLine2 = text('addressLine2');
  // Read as a courier would read it: look-alike letters ("Р.О. Вох" in Cyrillic) do not make a PO Box a street.
  const notAStreet = (['addressLine1', 'addressLine2', 'suburb'] as const).filter((field) => isNotAStreet(text(field)));
  if (notAStreet.length > 0) {
    problems.push(CustomerMessages.streetAddress);
    for (const field of notAStreet) fields[field] ??= CustomerFieldMessages.streetAddress;
  }

  if (problems.length > 0 || !isShippingState(state)) throw OrderErrors.invalidCustomerInfo(problems, fields);
  return {
    name: text('name'),
    email,
    phone,
    addressLine1,
    addressLine2: addressLine2 === '' ? null : addressLine2,
    suburb: text('suburb'),
    postCode,
    state,
  };
}

function validatePickupCustomer(info: Partial<Record<keyof CustomerInfo, unknown>>): OrderCustomer {
  const problems: string[] = [];
  const fields: Partial<Record<keyof CustomerInfo, string>> = {};
  const text = (field: keyof CustomerInfo): string => {
    const value = info[field];
    return typeof value === 'string' ? value.trim() : '';
  };
  const refuse = (field: keyof CustomerInfo, problem: string, plain: string): void => {
    problems.push(problem);
    fields[field] ??= plain;
  };
  for (const field of REQUIRED_PICKUP_FIELDS) {
    const value = text(field);
    if (value === '') refuse(field, CustomerMessages.required(field), CustomerFieldMessages.required(field));
    if (value.length > MAX_FIELD_LENGTH) refuse(field, CustomerMessages.tooLong(field), CustomerFieldMessages.tooLong(field));
    refuseHiddenCharacters(field, value, refuse);
  }
  const email = text('email');
  if (email !== '' && !isEmailAddress(email)) refuse('email', CustomerMessages.email, CustomerFieldMessages.email);
  const phone = text('phone');
  if (phone !== '' && !AUSTRALIAN_PHONE.test(normalisePhone(phone))) refuse('phone', CustomerMessages.phone, CustomerFieldMessages.phone);
  if (problems.length > 0) throw OrderErrors.invalidCustomerInfo(problems, fields);
  return { name: text('name'), email, phone, addressLine1: '', addressLine2: null, suburb: '', postCode: '', state: CELLAR_DOOR_STATE };
}
