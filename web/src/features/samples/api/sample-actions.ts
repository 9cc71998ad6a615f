import type { Sample } from '@genodesk/contract/samples';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sampleKeys } from './keys';

/** The work-list actions (docs/api.md): one sample or several, all or nothing. */
export type SampleAction = 'send' | 'receive' | 'startanalysis' | 'samplingatcentre';

export function runSampleAction(action: SampleAction, ids: number[]): Promise<{ items: Sample[] }> {
  return api.post<{ items: Sample[] }>(
    `admin/samples/${action}`,
    ids.length === 1 ? { SampleId: ids[0] } : { SampleIds: ids },
  );
}

export function useSampleAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ids }: { action: SampleAction; ids: number[] }) => runSampleAction(action, ids),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sampleKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['customers'] });
    },
  });
}
