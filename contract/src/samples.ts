import { z } from 'zod';
import { idSchema, isTimestamp, listQuerySchema, numeric, oneOrMany, pageOf } from './common.js';
import { sampleWorkListNames } from './enums.js';
import { parsePragueTimestamp } from './prague-time.js';

export const sampleStatusSchema = numeric(
  z
    .number({ error: 'invalidSampleStatus' })
    .int('invalidSampleStatus')
    .min(1, 'invalidSampleStatus')
    .max(11, 'invalidSampleStatus'),
);

/** What was taken (issue 35; printed on the report): a buccal swab unless said otherwise. */
export const sampleTypes = ['buccalSwab', 'saliva', 'blood', 'dna'] as const;
export type SampleType = (typeof sampleTypes)[number];
export const sampleTypeLabels: Record<SampleType, { cs: string; en: string }> = {
  buccalSwab: { cs: 'Bukální stěr', en: 'Buccal swab' },
  saliva: { cs: 'Sliny', en: 'Saliva' },
  blood: { cs: 'Krev', en: 'Blood' },
  dna: { cs: 'Izolovaná DNA', en: 'Isolated DNA' },
};
const sampleTypeSchema = z.enum(sampleTypes, { error: 'invalidValue' });
/** When the sample was taken: an ISO timestamp on a real day, not in the future; empty or null clears it. */
const collectedAtSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || isTimestamp(v), 'invalidDate')
  .refine(
    (v) => v === '' || !isTimestamp(v) || (parsePragueTimestamp(v)?.getTime() ?? 0) <= Date.now() + 60_000,
    'sampleCollectedInFuture',
  )
  .nullish();

export const sampleSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  customerEmail: z.string(),
  /** The customer consented to DNA analysis: without it the kit is not sent nor the sample analysed. */
  dnaConsent: z.boolean(),
  orderId: z.number().int().nullable(),
  /** The order's number as staff and customers know it (`orderId` is its record). */
  orderNumber: z.number().int().nullable(),
  sampleType: sampleTypeSchema,
  /** When the sample was taken (ISO), or null when nobody recorded it. */
  collectedAt: z.string().nullable(),
  hasBarcode: z.boolean(),
  barcode: z.string().nullable(),
  sentAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  receivedByUser: z.object({ id: z.number().int(), userName: z.string() }).nullable(),
  analysisStartedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Sample = z.infer<typeof sampleSchema>;

/** The samples page: `total` is exact when `totalExact`, else an estimate (more than 1,000 matches). */
export const samplePageSchema = pageOf(sampleSchema);
export type SamplePage = z.infer<typeof samplePageSchema>;

export const sampleSortFields = [
  'id',
  'status',
  'customerName',
  'barcode',
  'receivedAt',
  'updatedAt',
  'createdAt',
] as const;

export const sampleListQuerySchema = listQuerySchema.extend({
  status: oneOrMany(sampleStatusSchema, 11),
  /** A work list of DOMAIN §1: pending [2], receiving [3], waitingForAnalysis [4, 5, 10], inAnalysis [11]. */
  list: z.enum(sampleWorkListNames as [string, ...string[]], { error: 'invalidValue' }).optional(),
  customerId: numeric(z.number().int().positive()).optional(),
  hasBarcode: z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ error: 'invalidValue' }).optional(),
  ),
});
export type SampleListQuery = z.infer<typeof sampleListQuerySchema>;

export const sampleIdQuerySchema = z.object({ SampleId: idSchema });

/** `POST admin/samples/ { SampleId, Status }`: any status 1–11, audited. */
export const setSampleStatusRequestSchema = z.object({
  SampleId: idSchema,
  Status: sampleStatusSchema,
  SampleType: sampleTypeSchema.optional(),
  CollectedAt: collectedAtSchema,
});
export type SetSampleStatusRequest = z.infer<typeof setSampleStatusRequestSchema>;

/**
 * A work-list action on one sample (`SampleId`) or several (`SampleIds`); all or nothing. `Expected`
 * binds it to what the screen showed: the status each sample had there. A sample whose status has
 * changed since is refused (409) and nothing is done, so a click meant for one row never acts on a
 * sample in another state.
 */
export const sampleActionRequestSchema = z
  .object({
    SampleId: idSchema.optional(),
    SampleIds: z.array(idSchema, { error: 'invalidValue' }).max(1000, 'invalidValue').optional(),
    Expected: z
      .array(
        z.object({
          SampleId: idSchema,
          Status: z.number().int().min(1, 'invalidValue').max(11, 'invalidValue'),
        }),
        {
          error: 'invalidValue',
        },
      )
      .max(1000, 'invalidValue')
      .optional(),
    /** At receipt: the samples' type and when they were taken (issue 35). */
    SampleType: sampleTypeSchema.optional(),
    CollectedAt: collectedAtSchema,
  })
  .refine((v) => v.SampleId !== undefined || (v.SampleIds?.length ?? 0) > 0, {
    message: 'samplesRequired',
    path: ['SampleIds'],
  });
export type SampleActionRequest = z.infer<typeof sampleActionRequestSchema>;

export const sampleActionResponseSchema = z.object({ items: z.array(sampleSchema) });

/** The ids an action request names, once each, in order. */
export const actionSampleIds = (request: SampleActionRequest) => [
  ...new Set([...(request.SampleId !== undefined ? [request.SampleId] : []), ...(request.SampleIds ?? [])]),
];
