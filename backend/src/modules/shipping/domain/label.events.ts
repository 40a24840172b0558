import type { DomainEvent } from '@brewery/eventstore';

/** Who receives the parcel, copied from the order when the label is made, so a reprint never changes. */
export interface LabelRecipient {
  name: string;
  phone: string;
  addressLine1: string;
  addressLine2: string | null;
  suburb: string;
  state: string;
  postCode: string;
}

/** Who sends it, copied from the shop's configuration at the same moment, for the same reason. */
export interface LabelSender {
  name: string;
  address: string;
  email: string;
}

/** Where the operator asked for the label: the order's detail dialog or the Shipping tab's pasted e-mail. */
export type LabelRequestedVia = 'order_dialog' | 'shipping_email' | 'bulk_print';

export interface ShippingLabelCreatedData {
  orderId: string;
  consignmentNumber: string;
  trackingUrl: string;
  /** The carrier adapter that issued the consignment (`local` in the embedded shop). */
  carrier: string;
  createdAt: string;
  sender: LabelSender;
  recipient: LabelRecipient;
  cans: number;
  weightKg: number;
  requestedVia: LabelRequestedVia;
}

export type ShippingLabelCreated = DomainEvent<'ShippingLabelCreated', ShippingLabelCreatedData>;

export type LabelEvent = ShippingLabelCreated;

export const LABEL_EVENT_TYPES = ['ShippingLabelCreated'] as const satisfies readonly LabelEvent['type'][];

// Fails to compile when an event type is added to the union but not to the list above.
const everyLabelEventListed: [Exclude<LabelEvent['type'], (typeof LABEL_EVENT_TYPES)[number]>] extends [never] ? true : never = true;
void everyLabelEventListed;

/** One label per order: the stream is appended with "no stream", so the store refuses a second one. */
export function labelStreamName(orderId: string): string {
  return `label-${orderId}`;
}
