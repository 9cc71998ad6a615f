export interface OrderListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  complete?: string;
  paidBy?: string;
  productTypeId?: string;
  createdFrom?: string;
  createdTo?: string;
}

export interface UnpaidOrderListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  missing?: string;
  productTypeId?: string;
  createdFrom?: string;
  createdTo?: string;
}

export interface PaymentListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  method?: string;
  cardStatus?: string;
  completed?: string;
  refundDue?: string;
  createdFrom?: string;
  createdTo?: string;
}

export interface ProductTypeListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
}

/** One root for orders, payments and unprocessed orders: every payment action changes all three. */
export const financeKeys = {
  all: ['finances'] as const,
  orders: (params: OrderListParams) => ['finances', 'orders', params] as const,
  order: (id: number) => ['finances', 'order', id] as const,
  unpaidOrders: (params: UnpaidOrderListParams) => ['finances', 'unpaid', params] as const,
  unpaidOrder: (id: number) => ['finances', 'unpaidOrder', id] as const,
  payments: (params: PaymentListParams) => ['finances', 'payments', params] as const,
  statementLists: () => ['finances', 'statements'] as const,
  statements: (page: number, pageSize: number) => ['finances', 'statements', page, pageSize] as const,
  statement: (id: number) => ['finances', 'statement', id] as const,
};

export const productTypeKeys = {
  all: ['productTypes'] as const,
  lists: () => ['productTypes', 'list'] as const,
  list: (params: ProductTypeListParams) => ['productTypes', 'list', params] as const,
  details: () => ['productTypes', 'detail'] as const,
  detail: (id: number) => ['productTypes', 'detail', id] as const,
};
