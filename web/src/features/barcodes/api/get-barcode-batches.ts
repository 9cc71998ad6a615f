import type { BarcodeBatch } from '@genodesk/contract/barcodes';
import type { Page } from '@genodesk/contract/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { barcodeKeys } from './keys';

export type BarcodeBatchSummary = Omit<BarcodeBatch, 'codes'>;

/** The newest batches (the first page is enough to pick one to print). */
export function getBarcodeBatches(signal?: AbortSignal): Promise<Page<BarcodeBatchSummary>> {
  return api.get<Page<BarcodeBatchSummary>>('admin/barcodes/batches', { page: 1, pageSize: 100 }, { signal });
}

export const barcodeBatchesQueryOptions = () =>
  queryOptions({ queryKey: barcodeKeys.batches(), queryFn: ({ signal }) => getBarcodeBatches(signal) });

export function useBarcodeBatches() {
  return useQuery(barcodeBatchesQueryOptions());
}
