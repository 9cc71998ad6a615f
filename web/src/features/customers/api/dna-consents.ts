import type {
  DnaConsent,
  RecordDnaConsentRequest,
  WithdrawDnaConsentRequest,
} from '@genodesk/contract/consent';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accessLogKeys } from '@/features/access-log/api/get-access-log';
import { sampleKeys } from '@/features/samples/api/keys';
import { api, apiDownload, saveBlob } from '@/lib/api-client';
import { customerKeys } from './keys';

const consentKeys = (customerId: number) => [...customerKeys.all, 'dnaConsents', customerId] as const;

/** `GET admin/customers/dnaconsents`: the valid consent first, then the withdrawn ones (issue 35). */
export function useDnaConsents(customerId: number) {
  return useQuery({
    queryKey: consentKeys(customerId),
    queryFn: ({ signal }) =>
      api.get<DnaConsent[]>('admin/customers/dnaconsents', { CustomerId: customerId }, { signal }),
    staleTime: 0,
  });
}

/** Recording or withdrawing changes the customer (its mirror flag, audit) and their samples' lists. */
function useConsentMutation<T>(mutationFn: (body: T) => Promise<DnaConsent[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
      void queryClient.invalidateQueries({ queryKey: sampleKeys.all });
    },
  });
}

export const useRecordDnaConsent = () =>
  useConsentMutation((body: RecordDnaConsentRequest) =>
    api.put<DnaConsent[]>('admin/customers/dnaconsent', body),
  );

export const useWithdrawDnaConsent = () =>
  useConsentMutation((body: WithdrawDnaConsentRequest) =>
    api.post<DnaConsent[]>('admin/customers/dnaconsent/withdraw', body),
  );

/** The scanned form as a download; the read is in the access log. */
export function useDownloadConsentScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (consent: DnaConsent) => {
      const { blob, filename } = await apiDownload('admin/customers/dnaconsent/scan', { Id: consent.id });
      saveBlob(blob, filename ?? consent.scan?.fileName ?? `consent-${consent.id}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessLogKeys.all }),
  });
}

/** A file's bytes as base64 (the scan travels in the JSON body). */
export function fileToBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
