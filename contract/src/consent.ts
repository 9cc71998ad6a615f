import { z } from 'zod';

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
