import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';

export interface ShippingEmailInput {
  emailContent: string;
  subject: string;
}

/** The spec's shipping e-mail parse result: which order the reply is about and what it asks for. */
export interface ShippingEmailParseResult {
  /** Set only when the reply asks for a label for an order that can ship; the message says why otherwise. */
  orderId: string | null;
  action: 'create_label' | 'none';
  message: string;
}

export async function parseShippingEmail(input: ShippingEmailInput): Promise<ShippingEmailParseResult> {
  return apiJson<ShippingEmailParseResult>('POST', '/api/admin/parse-shipping-email', input);
}

/** Parsing reads only; nothing to invalidate. */
export function useParseShippingEmail() {
  return useMutation({ mutationFn: parseShippingEmail });
}
