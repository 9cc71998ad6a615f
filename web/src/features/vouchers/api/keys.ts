import type { VoucherKindPath } from '@/config/paths';

export interface VoucherListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  kind?: string;
  type?: string;
  redeemed?: string;
  validity?: string;
  productTypeId?: string;
  createdFrom?: string;
  createdTo?: string;
}

/**
 * One root for every voucher query: applying or removing a voucher on an order (the finances feature)
 * changes a voucher's remaining uses, and invalidates `['vouchers']` by this root.
 */
export const voucherKeys = {
  all: ['vouchers'] as const,
  lists: () => ['vouchers', 'list'] as const,
  list: (params: VoucherListParams) => ['vouchers', 'list', params] as const,
  details: () => ['vouchers', 'detail'] as const,
  detail: (kind: VoucherKindPath, id: number) => ['vouchers', 'detail', kind, id] as const,
};
