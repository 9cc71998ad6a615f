import { z } from 'zod';
import { idSchema, listQuerySchema, numeric } from './common.js';

/** A kit barcode: 'GD' and 8 digits (Code 128 on the label). */
export const barcodePattern = /^GD\d{8}$/;

export const barcodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  batchId: z.number().int(),
  /** Never assigned to a kit. */
  free: z.boolean(),
  assignedAt: z.string().nullable(),
  /** The sample it was assigned to; null when free, or when that sample was deleted with its customer. */
  sample: z
    .object({
      id: z.number().int(),
      status: z.number().int(),
      customerId: z.number().int(),
      customerName: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type Barcode = z.infer<typeof barcodeSchema>;

export const barcodeSortFields = ['code', 'batchId', 'assignedAt', 'createdAt'] as const;
export const barcodeListQuerySchema = listQuerySchema.extend({
  /** free: never assigned; assigned: assigned (to a sample, or to one since deleted). */
  state: z.enum(['free', 'assigned'], { error: 'invalidValue' }).optional(),
  batchId: numeric(z.number().int().positive()).optional(),
});
export type BarcodeListQuery = z.infer<typeof barcodeListQuerySchema>;

export const createBarcodeBatchRequestSchema = z.object({
  Count: numeric(
    z
      .number({ error: 'barcodeCountRange' })
      .int('barcodeCountRange')
      .min(1, 'barcodeCountRange')
      .max(1000, 'barcodeCountRange'),
  ),
});

export const barcodeBatchSchema = z.object({
  id: z.number().int(),
  count: z.number().int(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.number().int(), userName: z.string() }).nullable(),
  freeCount: z.number().int(),
  /** The codes in order, for the printable labels (the web renders Code 128). */
  codes: z.array(z.object({ code: z.string(), free: z.boolean() })),
});
export type BarcodeBatch = z.infer<typeof barcodeBatchSchema>;

export const barcodeBatchSummarySchema = barcodeBatchSchema.omit({ codes: true });
export const barcodeBatchListQuerySchema = listQuerySchema;
export const barcodeBatchQuerySchema = z.object({ BatchId: idSchema });
