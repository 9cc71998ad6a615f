import type { Locale } from '@genodesk/contract/locales';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '@/lib/api-client';
import type { VoucherListParams } from './keys';

export interface ExportVouchersParams extends Omit<VoucherListParams, 'page' | 'pageSize'> {
  format: 'csv' | 'xlsx';
  locale: Locale;
}

/** The vouchers list with the current filters and sort, every row, as a CSV or XLSX download. */
export async function exportVouchers(params: ExportVouchersParams): Promise<void> {
  const { blob, filename } = await apiDownload('admin/vouchers/export', { ...params });
  saveBlob(blob, filename ?? `vouchers.${params.format}`);
}

export function useExportVouchers() {
  return useMutation({ mutationFn: exportVouchers });
}
