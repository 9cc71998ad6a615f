import type { PublicReportVerification, ReportVerification } from '@genodesk/contract/products';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Who asks: a signed-in staff member (`POST verify/report`, the details, logged in the access log) or
 * anyone else (`POST public/verify/report`, issue 35: nothing personal, no sign-in).
 */
export type VerifyAudience = 'staff' | 'public';

export type VerifyAnswer =
  | { audience: 'staff'; result: ReportVerification }
  | { audience: 'public'; result: PublicReportVerification };

const pdfBody = (file: File) => ({ rawBody: { data: file, contentType: 'application/pdf' } });

/** A printed verification code: the issued document it belongs to. */
export async function verifyReportCode(
  code: string,
  audience: VerifyAudience,
  signal?: AbortSignal,
): Promise<VerifyAnswer> {
  if (audience === 'staff')
    return { audience, result: await api.post<ReportVerification>('verify/report', { code }, { signal }) };
  return {
    audience,
    result: await api.post<PublicReportVerification>(
      'public/verify/report',
      { code },
      { signal, auth: false },
    ),
  };
}

/** The PDF's own bytes: issued only when they are exactly a stored version's. */
export async function verifyReportFile(file: File, audience: VerifyAudience): Promise<VerifyAnswer> {
  if (audience === 'staff')
    return {
      audience,
      result: await api.post<ReportVerification>('verify/report', undefined, pdfBody(file)),
    };
  return {
    audience,
    result: await api.post<PublicReportVerification>('public/verify/report', undefined, {
      ...pdfBody(file),
      auth: false,
    }),
  };
}

export const verifyCodeQueryOptions = (code: string, audience: VerifyAudience) =>
  queryOptions({
    queryKey: ['verify', audience, 'code', code] as const,
    queryFn: ({ signal }) => verifyReportCode(code, audience, signal),
    // Each check is rate-limited (and a staff one audited): asked once per visit of a code, not on focus.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** Checks the code once the audience is known (null while the signed-in user is still loading). */
export function useVerifyReportCode(code: string | null, audience: VerifyAudience | null) {
  return useQuery({
    ...verifyCodeQueryOptions(code ?? '', audience ?? 'public'),
    enabled: Boolean(code) && audience !== null,
  });
}

export function useVerifyReportFile(audience: VerifyAudience) {
  return useMutation({ mutationFn: (file: File) => verifyReportFile(file, audience) });
}
