import type { ReportTexts, ReportTextsEditRequest } from '@genodesk/contract/products';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Under the catalogue's key, so a change anywhere in the catalogue refreshes it too. */
export const reportTextsKey = ['catalogue', 'reportTexts'] as const;

export function getReportTexts(signal?: AbortSignal): Promise<ReportTexts> {
  return api.get<ReportTexts>('admin/products/reporttexts', undefined, { signal });
}

export const reportTextsQueryOptions = () =>
  queryOptions({ queryKey: reportTextsKey, queryFn: ({ signal }) => getReportTexts(signal) });

/** The limitations and disclaimer every report PDF prints (the defaults until saved). */
export function useReportTexts() {
  return useQuery(reportTextsQueryOptions());
}

export function saveReportTexts(body: ReportTextsEditRequest): Promise<ReportTexts> {
  return api.put<ReportTexts>('admin/products/reporttexts', body);
}

export function useSaveReportTexts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReportTexts,
    onSuccess: (reply) => queryClient.setQueryData(reportTextsKey, reply),
  });
}
