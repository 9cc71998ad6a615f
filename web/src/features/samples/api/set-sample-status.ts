import type { Sample, SetSampleStatusRequest } from '@genodesk/contract/samples';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sampleKeys } from './keys';

export function setSampleStatus(body: SetSampleStatusRequest): Promise<Sample> {
  return api.post<Sample>('admin/samples/', body);
}

export function useSetSampleStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSampleStatus,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sampleKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['customers'] });
    },
  });
}
