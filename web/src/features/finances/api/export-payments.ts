import type { Locale } from '@genodesk/contract/locales';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '@/lib/api-client';
import type { PaymentListParams } from './keys';

export interface ExportPaymentsParams extends Omit<PaymentListParams, 'page' | 'pageSize'> {
  format: 'csv' | 'xlsx';
  locale: Locale;
}

/** The payments list with the current filters and sort, every row, as a CSV or XLSX download. */
export async function exportPayments(params: ExportPaymentsParams): Promise<void> {
  const { blob, filename } = await apiDownload('admin/payments/export', { ...params });
  saveBlob(blob, filename ?? `payments.${params.format}`);
}

export function useExportPayments() {
  return useMutation({ mutationFn: exportPayments });
}
