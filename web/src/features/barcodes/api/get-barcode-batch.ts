import type { BarcodeBatch } from '@genodesk/contract/barcodes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { barcodeKeys } from './keys';

export function getBarcodeBatch(id: number, signal?: AbortSignal): Promise<BarcodeBatch> {
  return api.get<BarcodeBatch>('admin/barcodes/batch', { BatchId: id }, { signal });
}

export const barcodeBatchQueryOptions = (id: number) =>
  queryOptions({ queryKey: barcodeKeys.batch(id), queryFn: ({ signal }) => getBarcodeBatch(id, signal) });

export function useBarcodeBatch(id: number) {
  return useQuery({ ...barcodeBatchQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
