import type { ClubCustomerInfo, ClubFulfilment, ClubMemberView, ShippingState } from '@brewery/shop-rules';
import { CELLAR_DOOR_HOURS, formatPrice, isShippingState, shippingCostCents } from '@brewery/shop-rules';
import { ApiError } from '@/shared/api/api-error';

/** The details form's values: the checkout's fields, delivery or collection (no day: the Saturday after each run). */
export interface ClubDetailsValues {
  fulfilment: ClubFulfilment['method'];
  name: string;
  email: string;
  phone: string;
  addressLine1?: string;
  addressLine2?: string;
  suburb?: string;
  postCode?: string;
  state?: ShippingState;
}

export const DETAIL_FIELDS = ['name', 'email', 'phone', 'addressLine1', 'addressLine2', 'suburb', 'postCode', 'state'] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];

export const ClubDetailsTexts = {
  deliver: 'Deliver to my address',
  collect: 'Collect at the cellar door (free)',
  collectLine: `Collect your pack at the cellar door the Saturday after each run, ${CELLAR_DOOR_HOURS}.`,
  adults: 'Members must be 18 or older. Whoever receives or collects a pack must be 18 or older and may be asked for photo ID.',
} as const;

const text = (value: string | undefined): string => value?.trim() ?? '';

/** What the form sends: trimmed, and for a collection no address at all. */
export function detailsOf(values: ClubDetailsValues): { customerInfo: ClubCustomerInfo; fulfilment: ClubFulfilment } {
  const who = { name: text(values.name), email: text(values.email), phone: text(values.phone) };
  if (values.fulfilment === 'pickup') return { customerInfo: who, fulfilment: { method: 'pickup' } };
  const addressLine2 = text(values.addressLine2);
  return {
    customerInfo: {
      ...who,
      addressLine1: text(values.addressLine1),
      ...(addressLine2 === '' ? {} : { addressLine2 }),
      suburb: text(values.suburb),
      postCode: text(values.postCode),
      state: values.state ?? '',
    },
    fulfilment: { method: 'delivery' },
  };
}

/** The form filled from a member's details (Change details). */
export function valuesOf(member: Pick<ClubMemberView, 'customer' | 'fulfilment'>): ClubDetailsValues {
  const { customer } = member;
  return {
    fulfilment: member.fulfilment.method,
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    addressLine1: customer.addressLine1 ?? '',
    addressLine2: customer.addressLine2 ?? '',
    suburb: customer.suburb ?? '',
    postCode: customer.postCode ?? '',
    ...(customer.state !== undefined && isShippingState(customer.state) ? { state: customer.state } : {}),
  };
}

/** The fields a refusal names (400 `invalid_customer_info` / `invalid_club_member`), each with its words. */
export function refusedDetailFields(error: unknown): [DetailField, string][] {
  if (!(error instanceof ApiError)) return [];
  return Object.entries(error.fields).filter((entry): entry is [DetailField, string] =>
    (DETAIL_FIELDS as readonly string[]).includes(entry[0]),
  );
}

/** "Delivery is added to each pack: $10.00 in Perth metro, $12.00 elsewhere" (the shop's usual rates for the pack). */
export function deliveryNote(cans: number): string {
  const metro = formatPrice(shippingCostCents(cans, true) / 100);
  const elsewhere = formatPrice(shippingCostCents(cans, false) / 100);
  return metro === elsewhere
    ? `Delivery is added to each pack: ${metro}.`
    : `Delivery is added to each pack: ${metro} in Perth metro, ${elsewhere} elsewhere in Australia.`;
}
