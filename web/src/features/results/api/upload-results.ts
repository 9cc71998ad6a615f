import type { ResultUpload } from '@genodesk/contract/results';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { resultKeys } from './keys';

/** `POST admin/results/upload ?FileName=`: the file's bytes as the body; 202 with the upload (processing). */
export function uploadResults(file: File): Promise<ResultUpload> {
  return api.post<ResultUpload>('admin/results/upload', undefined, {
    query: { FileName: file.name },
    rawBody: { data: file, contentType: 'text/csv' },
  });
}

export function useUploadResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadResults,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: resultKeys.lists() });
    },
  });
}
