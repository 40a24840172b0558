import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkFileResult, BulkResult } from '@brewery/shop-rules';
import { apiRequest } from '@/shared/api/api-client';
import { ADMIN_QUERY_KEY } from '@/shared/api/admin-query-key';

/** Orders one bulk request may name (the server refuses more). */
export const MAX_BULK_ORDERS = 200;

/**
 * A bulk print's answer: what was done in words, the orders printed and those skipped (each with why), and the file
 * of the orders printed (null when none could be).
 */
export interface BulkFileOutcome extends BulkResult {
  message: string;
  file: { blob: Blob; name: string } | null;
}

/** Asks for the JSON answer, so the skipped orders come with the file in one answer. */
async function bulkFile(path: string, body: object): Promise<BulkFileOutcome> {
  const response = await apiRequest('POST', path, body, { Accept: 'application/json' });
  const answer = (await response.json()) as BulkFileResult;
  return {
    message: answer.message,
    applied: answer.applied,
    skipped: answer.skipped,
    file: answer.file === null ? null : { blob: blobOf(answer.file), name: answer.file.name },
  };
}

function blobOf(file: NonNullable<BulkFileResult['file']>): Blob {
  const text = atob(file.base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return new Blob([bytes], { type: file.type });
}

/**
 * The labels of the orders as one PDF (one A6 page each, in this order); missing labels are created. With
 * `packingSlips`, each order's packing slip follows its label. Orders that cannot be printed are skipped, each named.
 */
export function printLabels({ orderIds, packingSlips }: { orderIds: readonly string[]; packingSlips: boolean }): Promise<BulkFileOutcome> {
  return bulkFile('/api/admin/shipping-labels/bulk', { orderIds, packingSlips });
}

/** What to pull for the orders, per beer and pack size; orders that cannot be sent are skipped, each named. */
export function pickList({ orderIds, format }: { orderIds: readonly string[]; format: 'pdf' | 'csv' }): Promise<BulkFileOutcome> {
  return bulkFile('/api/admin/pick-list', { orderIds, format });
}

/** Printing creates labels (and their tracking references): the orders and the Shipping tab move. */
export function usePrintLabels() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: printLabels, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }) });
}

export function usePickList() {
  return useMutation({ mutationFn: pickList });
}
