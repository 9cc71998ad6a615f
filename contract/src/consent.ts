import { z } from 'zod';
import { idSchema, isCalendarDay } from './common.js';
import { pragueDay } from './prague-time.js';

/**
 * The steps a valid consent to DNA analysis gates (issue 35; Act 373/2011 §28–29): one rule
 * (`requireDnaConsent` in the API) refuses or holds each of them for a customer without one.
 */
export const consentSteps = [
  'sampling',
  'kitSending',
  'receipt',
  'analysis',
  'pairing',
  'generation',
  'publication',
  'invitation',
] as const;
export type ConsentStep = (typeof consentSteps)[number];

export const consentStepLabels: Record<ConsentStep, { cs: string; en: string }> = {
  sampling: { cs: 'odběr vzorku', en: 'taking the sample' },
  kitSending: { cs: 'odeslání odběrové sady', en: 'sending the kit' },
  receipt: { cs: 'příjem vzorku', en: 'receiving the sample' },
  analysis: { cs: 'zahájení analýzy', en: 'starting the analysis' },
  pairing: { cs: 'spárování výsledků', en: 'pairing the results' },
  generation: { cs: 'vytvoření zprávy', en: 'generating the report' },
  publication: { cs: 'vydání zprávy', en: 'releasing the report' },
  // The report stays unpublished, but the customer is told the doctor has results to discuss with them.
  invitation: { cs: 'pozvání na konzultaci', en: 'invitation to a consultation' },
};

/** What happens after a consent is withdrawn. */
export const consentWithdrawalOutcomes = ['destroySample', 'keepForCustomer'] as const;
export type ConsentWithdrawalOutcome = (typeof consentWithdrawalOutcomes)[number];

export const consentWithdrawalOutcomeLabels: Record<ConsentWithdrawalOutcome, { cs: string; en: string }> = {
  destroySample: {
    cs: 'Ukončit analýzu a zlikvidovat vzorek',
    en: 'Stop the analysis and destroy the sample',
  },
  keepForCustomer: {
    cs: 'Ponechat data jen pro zákazníka (žádné další zpracování)',
    en: 'Keep the data for the customer only (no further processing)',
  },
};

/**
 * What the customer's history keeps of a consent recorded (field `dnaConsent`, and the old value of
 * `dnaConsentWithdrawn`): the facts, as JSON in the audit row, worded in the reader's language when
 * shown — a sentence stored in one language would be read in both.
 */
export const dnaConsentAuditSchema = z.object({
  id: z.number().int(),
  formVersion: z.string(),
  signedOn: z.string(),
  scanFileName: z.string().nullable(),
});
export type DnaConsentAudit = z.infer<typeof dnaConsentAuditSchema>;

/** A withdrawal in the history (`dnaConsentWithdrawn`): when, what next, the note, results held by it. */
export const dnaConsentWithdrawalAuditSchema = z.object({
  id: z.number().int(),
  withdrawnOn: z.string(),
  outcome: z.enum(consentWithdrawalOutcomes),
  note: z.string(),
  heldResults: z.number().int(),
});
export type DnaConsentWithdrawalAudit = z.infer<typeof dnaConsentWithdrawalAuditSchema>;

/** A sample to be destroyed after a withdrawal ('destroySample'), in the sample's history (`destroy`). */
export const sampleDestroyAuditSchema = z.object({ consentWithdrawnOn: z.string() });
export type SampleDestroyAudit = z.infer<typeof sampleDestroyAuditSchema>;

/** Why a paired sample's results wait (`result_upload_samples.held_reason`). */
export const uploadSampleHolds = ['noValidConsent'] as const;
export type UploadSampleHold = (typeof uploadSampleHolds)[number];

/** A customer's consent record as the API answers it (the scan itself is fetched on its own). */
export const dnaConsentSchema = z.object({
  id: z.number().int(),
  formVersion: z.string(),
  signedOn: z.string(),
  recordedAt: z.string(),
  recordedBy: z.string().nullable(),
  scan: z.object({ fileName: z.string(), contentType: z.string() }).nullable(),
  withdrawal: z
    .object({
      withdrawnOn: z.string(),
      withdrawnAt: z.string(),
      withdrawnBy: z.string().nullable(),
      outcome: z.enum(consentWithdrawalOutcomes),
      note: z.string(),
    })
    .nullable(),
});
export type DnaConsent = z.infer<typeof dnaConsentSchema>;

/**
 * The version of the consent form the lab hands out now: ticking "consents to DNA analysis" at a
 * registration or an edit records a consent with it (the form's own version is recorded in the dialog).
 */
export const currentDnaConsentFormVersion = 'GD-DNA-2026-01';

/** A scanned form is at most this many bytes (5 MB: a few pages scanned at 300 dpi). */
export const maxConsentScanBytes = 5 * 1024 * 1024;
export const consentScanContentTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type ConsentScanContentType = (typeof consentScanContentTypes)[number];

/** Today as the lab's calendar has it (Europe/Prague), `YYYY-MM-DD`. */
export const pragueToday = () => pragueDay(new Date());

/**
 * The earliest day a consent form can have been signed: the lab's forms (and the Act 373/2011 they
 * follow) are younger — a day before it is a typing slip (1900 for 2000), not a signature. The
 * server refuses, besides, a day before the customer's birth (`consentSignedBeforeBirth`).
 */
export const earliestConsentDay = '2000-01-01';

const pastDay = (inFuture: 'consentSignedInFuture' | 'consentWithdrawnInFuture') =>
  z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .refine(isCalendarDay, 'invalidDate')
    .refine((v) => !isCalendarDay(v) || v <= pragueToday(), inFuture)
    .refine((v) => !isCalendarDay(v) || v >= earliestConsentDay, 'consentDayTooEarly');

/** Base64 of at most `maxConsentScanBytes` (4 characters carry 3 bytes). */
const base64Scan = z
  .string({ error: 'required' })
  .max(Math.ceil(maxConsentScanBytes / 3) * 4 + 4, 'consentScanTooLarge')
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'invalidValue');

/** `PUT admin/customers/dnaconsent`: record a signed consent (the scan, optional, as base64). */
export const recordDnaConsentRequestSchema = z.object({
  CustomerId: idSchema,
  FormVersion: z.string({ error: 'required' }).trim().min(1, 'required').max(50, 'invalidValue'),
  SignedOn: pastDay('consentSignedInFuture'),
  Scan: z
    .object({
      FileName: z.string({ error: 'required' }).trim().min(1, 'required').max(200, 'invalidValue'),
      ContentType: z.enum(consentScanContentTypes, { error: 'consentScanType' }),
      Content: base64Scan,
    })
    .nullish(),
});
export type RecordDnaConsentRequest = z.infer<typeof recordDnaConsentRequestSchema>;

/** `POST admin/customers/dnaconsent/withdraw`: withdraw the valid consent (date, what next, note). */
export const withdrawDnaConsentRequestSchema = z.object({
  CustomerId: idSchema,
  WithdrawnOn: pastDay('consentWithdrawnInFuture'),
  Outcome: z.enum(consentWithdrawalOutcomes, { error: 'mustPickOne' }),
  Note: z.string().trim().max(2000, 'invalidValue').default(''),
});
export type WithdrawDnaConsentRequest = z.infer<typeof withdrawDnaConsentRequestSchema>;

/** `GET admin/customers/dnaconsent/scan ?Id`. */
export const dnaConsentScanQuerySchema = z.object({ Id: idSchema });
