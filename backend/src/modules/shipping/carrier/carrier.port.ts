import type { LabelRecipient, LabelSender } from '../domain/label.events';

/** What the carrier needs to accept a parcel. */
export interface ShipmentRequest {
  /**
   * Same key, same consignment: a carrier must not issue two consignments for one label attempt retried
   * (the label stream's name; a real carrier API receives it as its idempotency key).
   */
  idempotencyKey: string;
  orderId: string;
  sender: LabelSender;
  recipient: LabelRecipient;
  cans: number;
  weightKg: number;
  /** The parcel holds alcohol: the carrier must collect the signature of an adult and never leave it unattended. */
  signatureOver18: true;
}

export interface Consignment {
  consignmentNumber: string;
  trackingUrl: string;
}

/**
 * The carrier port. The embedded shop issues consignments itself (`LocalCarrier`); a real carrier's API
 * (Australia Post, StarTrack, Sendle…) can implement the same port without the rest of the shop changing.
 */
export interface CarrierPort {
  /** Short name recorded on each label (`local`, `auspost`…). */
  readonly name: string;
  createConsignment(shipment: ShipmentRequest): Promise<Consignment>;
}

export const CARRIER = Symbol('CARRIER');
