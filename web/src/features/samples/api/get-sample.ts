import type { Sample } from '@genodesk/contract/samples';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sampleKeys } from './keys';

export function getSample(id: number, signal?: AbortSignal): Promise<Sample> {
  return api.get<Sample>('admin/samples/sample', { SampleId: id }, { signal });
}

export const sampleQueryOptions = (id: number) =>
  queryOptions({
    queryKey: sampleKeys.detail(id),
    queryFn: ({ signal }) => getSample(id, signal),
    staleTime: 0,
  });

export function useSample(id: number) {
  return useQuery({ ...sampleQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
