import type { SampleByBarcode } from '@genodesk/contract/search';
import { api } from '@/lib/api-client';

/** The sample a scanned barcode names (its id and status); an ApiError 404 with the message when none. */
export function getSampleByBarcode(barcode: string, signal?: AbortSignal): Promise<SampleByBarcode> {
  return api.get<SampleByBarcode>('admin/samples/bybarcode', { barcode }, { signal });
}
