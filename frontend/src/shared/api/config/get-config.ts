import type { PublicConfig } from '@brewery/shop-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api-client';

export async function getConfig(): Promise<PublicConfig | null> {
  return apiGet<PublicConfig>('/api/config');
}

export function configQueryOptions() {
  return queryOptions({
    queryKey: ['config'],
    queryFn: getConfig,
  });
}

/** Brand, shop e-mail, address, licence particulars and social links for the header, footer and home. */
export function useConfig() {
  return useQuery(configQueryOptions());
}
