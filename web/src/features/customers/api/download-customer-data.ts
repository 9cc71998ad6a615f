import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accessLogKeys } from '@/features/access-log/api/get-access-log';
import { apiDownload, saveBlob } from '@/lib/api-client';

/**
 * `GET admin/customers/dataexport?CustomerId`: everything the lab keeps about the customer (GDPR
 * Art. 15 and 20) as one ZIP, saved as a download. The export is itself recorded in the access log.
 */
export async function downloadCustomerData(customerId: number): Promise<void> {
  const { blob, filename } = await apiDownload('admin/customers/dataexport', { CustomerId: customerId });
  saveBlob(blob, filename ?? `genodesk-customer-${customerId}.zip`);
}

export function useDownloadCustomerData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customerId: number) => downloadCustomerData(customerId),
    // The log now holds the export: who viewed the customer shows it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessLogKeys.all }),
  });
}
