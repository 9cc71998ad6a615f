import type { Locale } from '@genodesk/contract/locales';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '@/lib/api-client';
import type { CustomerListParams } from './keys';

export interface ExportCustomersParams extends Omit<CustomerListParams, 'page' | 'pageSize'> {
  format: 'csv' | 'xlsx';
  locale: Locale;
}

/** The customers list with the current filters and sort, every row, as a CSV or XLSX download. */
export async function exportCustomers(params: ExportCustomersParams): Promise<void> {
  const { blob, filename } = await apiDownload('admin/customers/export', { ...params });
  saveBlob(blob, filename ?? `customers.${params.format}`);
}

export function useExportCustomers() {
  return useMutation({ mutationFn: exportCustomers });
}
