import { reportNumberOf } from '@genodesk/contract/products';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '@/lib/api-client';

/**
 * `GET fhir/DiagnosticReport/{id}/_history/{version}`: one released version as an HL7 FHIR R4 Bundle
 * (application/fhir+json), saved as a download beside its PDF.
 */
export async function downloadReportBundle(id: number, version: number): Promise<void> {
  const { blob, filename } = await apiDownload(`fhir/DiagnosticReport/${id}/_history/${version}`);
  saveBlob(blob, filename ?? `${reportNumberOf(id)}-v${version}.fhir.json`);
}

export function useDownloadReportBundle() {
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) => downloadReportBundle(id, version),
  });
}
