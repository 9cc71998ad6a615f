import type { ResultUpload } from '@genodesk/contract/results';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { resultKeys } from './keys';

/** What a lab-format file may need besides its bytes; the content decides the format. */
export type UploadOptions = {
  /** 37 or 38 when the file does not say; undefined to read it from the file. */
  genomeBuild?: 37 | 38;
  /** The sample's barcode for a one-person file (23andMe, AncestryDNA). */
  barcode?: string;
  /** A VCF listing every mapped position: an absent one is homozygous reference. */
  allPositions: boolean;
};

/**
 * `POST admin/results/upload ?FileName=&GenomeBuild=&Barcode=&AllPositions=`: the file's bytes as the
 * body; 202 with the upload (processing).
 */
export function uploadResults({
  file,
  options,
}: {
  file: File;
  options: UploadOptions;
}): Promise<ResultUpload> {
  return api.post<ResultUpload>('admin/results/upload', undefined, {
    query: {
      FileName: file.name,
      GenomeBuild: options.genomeBuild,
      Barcode: options.barcode?.trim() || undefined,
      AllPositions: options.allPositions ? 'true' : undefined,
    },
    rawBody: { data: file, contentType: 'application/octet-stream' },
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
