/** The commands a reply e-mail may carry to ask for a label (spec section 5, Shipping email commands). */
export const SHIPPING_EMAIL_COMMANDS = [
  'create label',
  'shipping label',
  'generate label',
  'print label',
  'ship now',
  'create shipment',
  'ship order',
] as const;
