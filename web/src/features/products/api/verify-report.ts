import type { ReportVerification } from '@genodesk/contract/products';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST verify/report` with `{ code }`: the issued document a printed verification code belongs to. */
export function verifyReportCode(code: string, signal?: AbortSignal): Promise<ReportVerification> {
  return api.post<ReportVerification>('verify/report', { code }, { signal });
}

/** `POST verify/report` with the PDF's own bytes: issued only when they are exactly a stored version's. */
export function verifyReportFile(file: File): Promise<ReportVerification> {
  return api.post<ReportVerification>('verify/report', undefined, {
    rawBody: { data: file, contentType: 'application/pdf' },
  });
}

export const verifyCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['verify', 'code', code] as const,
    queryFn: ({ signal }) => verifyReportCode(code, signal),
    // Each check is audited and rate-limited: asked once per visit of a code, not on focus.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useVerifyReportCode(code: string | null) {
  return useQuery({ ...verifyCodeQueryOptions(code ?? ''), enabled: Boolean(code) });
}

export function useVerifyReportFile() {
  return useMutation({ mutationFn: verifyReportFile });
}
