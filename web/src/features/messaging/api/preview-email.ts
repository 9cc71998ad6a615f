import type { EmailPreview } from '@genodesk/contract/messaging';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type EmailPreviewParams, messagingKeys } from './keys';

export function previewEmail(params: EmailPreviewParams, signal?: AbortSignal): Promise<EmailPreview> {
  return api.post<EmailPreview>('admin/email/preview', params, { signal });
}

export const emailPreviewQueryOptions = (params: EmailPreviewParams) =>
  queryOptions({
    queryKey: messagingKeys.preview(params),
    queryFn: ({ signal }) => previewEmail(params, signal),
  });

/** The message as the server will send it to a recipient in `Language`: sanitised, in the e-mail layout. */
export function useEmailPreview(params: EmailPreviewParams, enabled = true) {
  return useQuery({ ...emailPreviewQueryOptions(params), enabled });
}
