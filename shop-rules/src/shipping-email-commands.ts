/**
 * The commands a reply e-mail may carry to ask for a shipping label (spec section 5, Shipping email
 * commands): the server reads them, the admin's Shipping tab lists them.
 */
export const SHIPPING_EMAIL_COMMANDS = [
  'create label',
  'shipping label',
  'generate label',
  'print label',
  'ship now',
  'create shipment',
  'ship order',
] as const;
export type ShippingEmailCommand = (typeof SHIPPING_EMAIL_COMMANDS)[number];
