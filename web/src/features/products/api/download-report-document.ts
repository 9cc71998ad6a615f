import { reportNumberOf } from '@genodesk/contract/products';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '@/lib/api-client';

/** `GET admin/products/document ?Id&version`: one issued version's stored bytes, saved as a download. */
export async function downloadReportDocument(id: number, version: number): Promise<void> {
  const { blob, filename } = await apiDownload('admin/products/document', { Id: id, version });
  saveBlob(blob, filename ?? `${reportNumberOf(id)}-v${version}.pdf`);
}

export function useDownloadReportDocument() {
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) => downloadReportDocument(id, version),
  });
}
