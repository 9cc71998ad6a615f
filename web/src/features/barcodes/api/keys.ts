export interface BarcodeListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  state?: string;
  batchId?: string;
}

export const barcodeKeys = {
  all: ['barcodes'] as const,
  lists: () => ['barcodes', 'list'] as const,
  list: (params: BarcodeListParams) => ['barcodes', 'list', params] as const,
  batches: () => ['barcodes', 'batches'] as const,
  batch: (id: number) => ['barcodes', 'batch', id] as const,
};
