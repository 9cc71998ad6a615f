import type { Page } from '@genodesk/contract/common';
import type { EditMarkerRequest, Marker, MarkerImportReply, MarkerRequest } from '@genodesk/contract/markers';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload, saveBlob } from '@/lib/api-client';

export interface MarkerListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  chromosome?: string;
}

/** Under 'catalogue', so a change anywhere in the catalogue refreshes the map too. */
export const markerKeys = {
  all: ['catalogue', 'markers'] as const,
  list: (params: MarkerListParams) => ['catalogue', 'markers', 'list', params] as const,
  detail: (id: number) => ['catalogue', 'markers', 'detail', id] as const,
};

/** `GET admin/templates/markers`: a page of the marker map, as a query. */
const markerListQuery = (params: MarkerListParams) => ({
  queryKey: markerKeys.list(params),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get<Page<Marker>>('admin/templates/markers', { ...params }, { signal }),
});

/** The marker map, paged. */
export function useMarkers(params: MarkerListParams) {
  return useQuery({ ...markerListQuery(params), placeholderData: keepPreviousData });
}

/**
 * An example genotype for each gene, written as the marker map has it (its plus-strand alleles, e.g.
 * `G/A`), so a template's placeholder never suggests alleles the gene does not have; undefined for a
 * gene the map does not know (yet).
 */
export function useGenotypeExamples(geneCodes: readonly string[]): (string | undefined)[] {
  const found = useQueries({
    queries: geneCodes.map((code) => ({
      ...markerListQuery({ page: 1, pageSize: 5, search: code }),
      staleTime: 60_000,
    })),
  });
  return geneCodes.map((code, i) => {
    const wanted = code.toLowerCase();
    const marker = found[i]?.data?.items.find(
      (m) => m.geneCode.toLowerCase() === wanted || m.rsid.toLowerCase() === wanted,
    );
    return marker ? `${marker.reference}/${marker.alternative}` : undefined;
  });
}

export function useMarker(id: number) {
  return useQuery({
    queryKey: markerKeys.detail(id),
    queryFn: ({ signal }) => api.get<Marker>('admin/templates/marker', { Id: id }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Adds a marker (`POST`), or with `Id` edits it (`PUT`). */
export function useSaveMarker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkerRequest | EditMarkerRequest) =>
      'Id' in body
        ? api.put<Marker>('admin/templates/markers', body)
        : api.post<Marker>('admin/templates/markers', body),
    onSuccess: (saved) => {
      queryClient.setQueryData(markerKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: markerKeys.all });
    },
  });
}

export function useDeleteMarker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ id: number }>('admin/templates/markers', { Id: id }),
    onSuccess: ({ id }) => {
      queryClient.removeQueries({ queryKey: markerKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: markerKeys.all });
    },
  });
}

/**
 * `POST admin/templates/markers/import`: the CSV's bytes as they are; the whole file or nothing (a
 * refusal's `fields` name each bad line).
 */
export function useImportMarkers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api.post<MarkerImportReply>('admin/templates/markers/import', undefined, {
        rawBody: { data: file, contentType: 'text/csv' },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: markerKeys.all });
    },
  });
}

/** `GET admin/templates/markers/export`: the map as CSV (with the list's search, chromosome and sort). */
export function useExportMarkers() {
  return useMutation({
    mutationFn: async (query: { search?: string; chromosome?: string; sort?: string }) => {
      const { blob, filename } = await apiDownload('admin/templates/markers/export', query);
      saveBlob(blob, filename ?? 'marker-map.csv');
    },
  });
}
