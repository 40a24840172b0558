/** The spec's payment reference: the payment intent id after its first underscore (`pi_3Nx…` shows `3Nx…`). */
export function paymentReference(paymentIntentId: string): string {
  const underscore = paymentIntentId.indexOf('_');
  return underscore < 0 ? paymentIntentId : paymentIntentId.slice(underscore + 1);
}

/** Payment intent ids as the providers write them; anything else is not worth asking the server about. */
export function looksLikePaymentIntentId(value: string): boolean {
  return /^pi_[A-Za-z0-9_]{1,200}$/.test(value);
}
