import type { Locale } from '@genodesk/contract/locales';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '@/lib/api-client';
import type { OrderListParams } from './keys';

export interface ExportOrdersParams extends Omit<OrderListParams, 'page' | 'pageSize'> {
  format: 'csv' | 'xlsx';
  locale: Locale;
}

/** The orders list with the current filters and sort, every row, as a CSV or XLSX download. */
export async function exportOrders(params: ExportOrdersParams): Promise<void> {
  const { blob, filename } = await apiDownload('admin/orders/export', { ...params });
  saveBlob(blob, filename ?? `orders.${params.format}`);
}

export function useExportOrders() {
  return useMutation({ mutationFn: exportOrders });
}
