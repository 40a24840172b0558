import type { ShippingEmailParseResult } from '@brewery/shop-rules';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';

export type { ShippingEmailParseResult } from '@brewery/shop-rules';

export interface ShippingEmailInput {
  emailContent: string;
  subject: string;
}

export async function parseShippingEmail(input: ShippingEmailInput): Promise<ShippingEmailParseResult> {
  return apiJson<ShippingEmailParseResult>('POST', '/api/admin/parse-shipping-email', input);
}

/** Parsing reads only; nothing to invalidate. */
export function useParseShippingEmail() {
  return useMutation({ mutationFn: parseShippingEmail });
}
