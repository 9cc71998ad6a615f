import type { Barcode } from '@genodesk/contract/barcodes';
import type { Page } from '@genodesk/contract/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type BarcodeListParams, barcodeKeys } from './keys';

export function getBarcodes(params: BarcodeListParams, signal?: AbortSignal): Promise<Page<Barcode>> {
  return api.get<Page<Barcode>>('admin/barcodes', { ...params }, { signal });
}

export const barcodesQueryOptions = (params: BarcodeListParams) =>
  queryOptions({
    queryKey: barcodeKeys.list(params),
    queryFn: ({ signal }) => getBarcodes(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useBarcodes(params: BarcodeListParams) {
  return useQuery(barcodesQueryOptions(params));
}
