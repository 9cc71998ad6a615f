import type { Sample } from '@genodesk/contract/samples';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sampleKeys } from './keys';

/** The work-list actions (docs/api.md): one sample or several, all or nothing. */
export type SampleAction = 'send' | 'receive' | 'startanalysis' | 'samplingatcentre';

/** A sample as the screen showed it: the action is refused (409) if its status changed since. */
export type ShownSample = { id: number; status: number };

export function runSampleAction(action: SampleAction, shown: ShownSample[]): Promise<{ items: Sample[] }> {
  const ids = shown.map((s) => s.id);
  return api.post<{ items: Sample[] }>(`admin/samples/${action}`, {
    ...(ids.length === 1 ? { SampleId: ids[0] } : { SampleIds: ids }),
    Expected: shown.map((s) => ({ SampleId: s.id, Status: s.status })),
  });
}

/**
 * A work-list action. The lists it changes are marked stale but not reloaded under the user's pointer
 * (`keepLists`): the work list shows the row done and reloads when the user asks, so a second click
 * never lands on the row that moved up into its place.
 */
export function useSampleAction({ keepLists = false }: { keepLists?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, samples }: { action: SampleAction; samples: ShownSample[] }) =>
      runSampleAction(action, samples),
    onSuccess: () => {
      void queryClient.invalidateQueries({
        queryKey: sampleKeys.all,
        refetchType: keepLists ? 'none' : 'active',
      });
      void queryClient.invalidateQueries({ queryKey: ['customers'] });
    },
  });
}
