import type { IssuedReport, IssuedReportList } from '@genodesk/contract/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

/** `GET admin/products/documents ?Id`: the report's issued PDFs, newest first. */
export async function getReportDocuments(id: number, signal?: AbortSignal): Promise<IssuedReport[]> {
  const list = await api.get<IssuedReportList>('admin/products/documents', { Id: id }, { signal });
  return list.documents;
}

export const reportDocumentsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: productKeys.documents(id),
    queryFn: ({ signal }) => getReportDocuments(id, signal),
    staleTime: 0,
  });

export function useReportDocuments(id: number) {
  return useQuery({ ...reportDocumentsQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
