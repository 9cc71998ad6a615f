import { z } from 'zod';
import { booleanish, emailSchema, idSchema, listQuerySchema, numeric, pageOf } from './common.js';
import { productSections } from './enums.js';
import { genotypeReadingSchema, noCallReasons } from './genotypes.js';
import { isEmptyRichText } from './media.js';
import { geneInformationSchema } from './results.js';

const userRefSchema = z.object({ id: z.number().int(), userName: z.string() });

export const productSectionSchema = z.enum(productSections as [string, ...string[]], {
  error: 'invalidValue',
});

/** A row of the report lists (results, doctor section, archive). */
export const productListItemSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  /** The customer's gender (1 male, 2 female): the words that name them agree with it. */
  customerGender: z.number().int(),
  customerEmail: z.string(),
  customerUnderage: z.boolean(),
  barcode: z.string().nullable(),
  productType: z.object({ id: z.number().int(), name: z.string(), nameEn: z.string().nullable() }).nullable(),
  doctor: userRefSchema.nullable(),
  pairedPhenotypesCount: z.number().int(),
  requiresInspection: z.boolean(),
  /** `ProductSection` the report is in. */
  section: z.string(),
  /** The section a requested move goes to, until its job has moved the report. */
  pendingSection: z.string().nullable(),
  generatedAt: z.string(),
  publishedAt: z.string().nullable(),
  lastChangeAt: z.string().nullable(),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;

/** A report list's page: `total` is exact when `totalExact`, else an estimate (more than 1,000 matches). */
export const productPageSchema = pageOf(productListItemSchema);
export type ProductPage = z.infer<typeof productPageSchema>;

export const productSortFields = [
  'id',
  'customerName',
  'status',
  'generatedAt',
  'publishedAt',
  'lastChangeAt',
  'pairedPhenotypesCount',
] as const;

/** `GET admin/products ?section&status&requiresInspection&customerId&page&pageSize&sort&search`. */
export const productListQuerySchema = listQuerySchema.extend({
  section: productSectionSchema.default('results'),
  status: numeric(z.number().int().min(1, 'invalidValue').max(5, 'invalidValue')).optional(),
  requiresInspection: booleanish.optional(),
  customerId: numeric(z.number().int().positive()).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/**
 * The marker map's notation of a gene (issue 34): its plus-strand alleles, the gene's strand and HGVS c.
 * (`MarkerNotation`), so the assessment dialog reads a template's genotypes as the report's, never by a
 * letter match. Null for a gene the map does not know.
 */
export const geneNotationSchema = z.object({
  reference: z.string(),
  alternative: z.string(),
  geneStrand: z.string(),
  hgvsC: z.string(),
});

/** A phenotype of a report: the template's (or the default) text and risk, with the genes it read. */
export const reportPhenotypeSchema = z.object({
  geneCombinationId: z.number().int(),
  phenotype: z.string(),
  phenotypeEn: z.string(),
  templateId: z.number().int().nullable(),
  /** Null while not assessed: an unassessed phenotype never carries a risk. */
  risk: z.number().int().nullable(),
  text: z.string(),
  textEn: z.string(),
  /**
   * The genes it read: the stored genotype (plus strand, `--` for a no-call) and how the clinician reads
   * it (HGVS c., zygosity, gene-strand alleles; the no-call's reason).
   */
  genes: z.array(
    z
      .object({ code: z.string(), genotype: z.string() })
      .extend(genotypeReadingSchema.shape)
      .extend({ notation: geneNotationSchema.nullable() }),
  ),
  /** `ClinicalWeight` of the phenotype: the summary lists graver ones first. */
  clinicalWeight: z.number().int(),
  /**
   * A gene it needs was not called (issue 34): the phenotype is "not determined" — neither a risk nor
   * "not assessed" —, without a template, risk or text, until a new sample is analysed.
   */
  notDetermined: z.boolean(),
  /**
   * No template matched the genotypes and no doctor has assessed it yet: shown as "not assessed",
   * never as a risk; the text is the gene combination's default one.
   */
  notAssessed: z.boolean(),
  /** The doctor who assessed a phenotype no template matched, and when. */
  assessedBy: userRefSchema.extend({ at: z.string() }).nullable(),
  /** Its template asks for a consultation with the customer before release (issue 35, e.g. APOE ε4/ε4). */
  requiresConsultation: z.boolean(),
  /**
   * Withheld from the released report by the signing physician (issue 35): printed only as "Not
   * reported: …" with the reason. Null when reported.
   */
  withheld: z.object({ by: userRefSchema, at: z.string(), reason: z.string() }).nullable(),
});
export type ReportPhenotype = z.infer<typeof reportPhenotypeSchema>;

/** `GET admin/products/getcategory ?ProductId&ProductCategoryId`: one category of a report's content. */
export const reportCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  subcategories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      nameEn: z.string(),
      phenotypes: z.array(reportPhenotypeSchema),
    }),
  ),
});
export type ReportCategory = z.infer<typeof reportCategorySchema>;

/** A category of a report in the report's summary: how many phenotypes, the highest risk. */
export const reportCategorySummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  phenotypeCount: z.number().int(),
  /** The gravest risk among the category's assessed phenotypes (high > medium > low > protective). */
  highestRisk: z.number().int().nullable(),
  notAssessedCount: z.number().int(),
  notDeterminedCount: z.number().int(),
});

export const productChangeSchema = z.object({
  id: z.number().int(),
  changedAt: z.string(),
  changedByUser: userRefSchema.nullable(),
  field: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  /**
   * The templates its values name ('risk 2 · template 14'), as a reader knows them: the genotypes each
   * matches (`MTHFR C/T; MTHFR T/T`), or null for a template deleted since.
   */
  templates: z.array(z.object({ id: z.number().int(), genotypes: z.string().nullable() })),
  /**
   * A phenotype's row ('phenotype: …', 'withheld: …'): its English name and the category it is in,
   * as the report holds them; null for other rows or a phenotype the report no longer has.
   */
  phenotype: z.object({ nameEn: z.string(), category: z.string(), categoryEn: z.string() }).nullable(),
});
export type ProductChange = z.infer<typeof productChangeSchema>;

/** A phenotype of a report named: its gene combination and its names. */
const phenotypeRefSchema = z.object({
  geneCombinationId: z.number().int(),
  phenotype: z.string(),
  phenotypeEn: z.string(),
});

/** A combination rule of the catalogue that the report's phenotypes fulfil, with its own risk and text. */
export const reportCombinationSchema = z.object({
  ruleId: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  risk: z.number().int(),
  /** `ClinicalWeight` of the rule. */
  clinicalWeight: z.number().int(),
  text: z.string(),
  textEn: z.string(),
  /** The phenotypes that fulfil the rule. */
  phenotypes: z.array(phenotypeRefSchema),
});
export type ReportCombination = z.infer<typeof reportCombinationSchema>;

/**
 * A finding of the report's summary (issue 34): a phenotype with a high or medium risk, or a fired
 * combination rule (whatever its risk); the list is ordered by `compareFindings` (graver clinical
 * weight first, then graver risk).
 */
export const reportFindingSchema = z.object({
  kind: z.enum(['phenotype', 'combination']),
  /** The gene combination's id, or the rule's. */
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  /** The phenotype's top category; empty for a combination. */
  category: z.string(),
  categoryEn: z.string(),
  risk: z.number().int(),
  clinicalWeight: z.number().int(),
});
export type ReportFinding = z.infer<typeof reportFindingSchema>;

/** A phenotype not determined, with the genes not called and why. */
export const notDeterminedPhenotypeSchema = phenotypeRefSchema.extend({
  genes: z.array(z.object({ code: z.string(), noCallReason: z.enum(noCallReasons) })),
});
export type NotDeterminedPhenotype = z.infer<typeof notDeterminedPhenotypeSchema>;

/**
 * What publishing [3] or preliminarily publishing [4] needs the doctor to confirm: the report is
 * flagged for inspection, some phenotype is not assessed, some is not determined (a no-call: the
 * report will say so and advise a retest), the doctor's introduction is empty.
 */
export const publicationOpenPoints = ['inspection', 'notAssessed', 'notDetermined', 'emptyIntro'] as const;
export type PublicationOpenPoint = (typeof publicationOpenPoints)[number];

/** The open points of a report as it stands (the server's gate, and the editor with its draft). */
export function publicationOpenPointsOf(report: {
  requiresInspection: boolean;
  notAssessedCount: number;
  notDeterminedCount: number;
  doctorIntro: string;
}): PublicationOpenPoint[] {
  const points: PublicationOpenPoint[] = [];
  if (report.requiresInspection) points.push('inspection');
  if (report.notAssessedCount > 0) points.push('notAssessed');
  if (report.notDeterminedCount > 0) points.push('notDetermined');
  if (isEmptyRichText(report.doctorIntro)) points.push('emptyIntro');
  return points;
}

const instant = (value: Date | string) => (typeof value === 'string' ? Date.parse(value) : value.getTime());

/**
 * Whether publishing [3] or preliminarily publishing [4] issues a new PDF version (issue 22): the one
 * rule of the API, which decides (and asks a reason for any version after the first), and of the
 * publish dialog, which shows the reason field when it will. A version is issued when there is none
 * yet, the status changes (published ↔ preliminarily published), the edit changes something printed
 * (a text, the inspection flag), or the report changed since the last version was issued (a phenotype
 * assessment, a reanalysis: `lastChangeAt` after it). Publishing an unchanged report again issues none.
 */
export function issuesNewPdfVersion(publication: {
  /** When the newest stored version was issued; undefined when the report has none. */
  issuedAt: Date | string | undefined;
  /** The publication changes the report's status. */
  statusChanges: boolean;
  /** The edit changes something the PDF prints. */
  editChanges: boolean;
  /** The report's last change (texts, assessments, reanalysis). */
  lastChangeAt: Date | string | null;
}): boolean {
  const { issuedAt, lastChangeAt } = publication;
  if (issuedAt === undefined || publication.statusChanges || publication.editChanges) return true;
  return lastChangeAt !== null && instant(lastChangeAt) > instant(issuedAt);
}

/**
 * The technical validation of a report's current content (issue 35, the first release step): a
 * laboratory specialist reviewed the call rate (called / tested markers of the report, computed by the
 * server), the no-calls and the run's controls. Cleared when the content is generated anew.
 */
export const technicalValidationSchema = z.object({
  at: z.string(),
  by: userRefSchema.nullable(),
  /** Called markers / tested markers, 0–1. */
  callRate: z.number(),
  noCalls: z.number().int(),
  controlsPassed: z.boolean(),
  note: z.string(),
});
export type TechnicalValidation = z.infer<typeof technicalValidationSchema>;

/** A phenotype the physician withheld from the released report, with why, who and when. */
export const withheldPhenotypeSchema = phenotypeRefSchema.extend({
  reason: z.string(),
  by: userRefSchema,
  at: z.string(),
});

/**
 * Where the report stands in its release (issue 35): a valid DNA consent, the technical validation,
 * the markers it would record, what blocks a medical sign-off.
 */
export const reportReleaseSchema = z.object({
  hasValidDnaConsent: z.boolean(),
  /** The lab's four-eyes setting: the signing physician may not be the one who validated. */
  fourEyes: z.boolean(),
  /** The report's markers now: tested (distinct genes its phenotypes read) and not called. */
  testedMarkers: z.number().int(),
  noCalls: z.number().int(),
  /** Called / tested, 0–1 (1 when nothing was tested). */
  callRate: z.number(),
  /** Phenotypes whose template requires a consultation before release, not withheld. */
  consultationRequired: z.array(phenotypeRefSchema),
  /** A consultation with the customer was held (not cancelled, ended) after the report was generated. */
  consultationHeld: z.boolean(),
  withheld: z.array(withheldPhenotypeSchema),
});
export type ReportRelease = z.infer<typeof reportReleaseSchema>;

/** `GET admin/products/getproduct ?ProductId` (SPEC §3 "Product"). */
export const productSchema = productListItemSchema.extend({
  assignedCustomerId: z.number().int(),
  assignedCustomer: z.object({
    id: z.number().int(),
    fullName: z.string(),
    email: z.string(),
    dateOfBirth: z.string().nullable(),
    gender: z.number().int(),
    notifyByEmail: z.boolean(),
    /** The customer's language: their report PDF is issued in it (and previewed in it by default). */
    language: z.enum(['cs', 'en']),
  }),
  isInDoctorSection: z.boolean(),
  isArchived: z.boolean(),
  approvedByLaboratory: z.boolean(),
  doctorIntro: z.string(),
  doctorIntroReproductiveGenetics: z.string(),
  doctorIntroReproductiveGeneticsEnabled: z.boolean(),
  doctorsIntroLastChange: z.string().nullable(),
  legalGuardianName: z.string().nullable(),
  legalGuardianEmail: z.string().nullable(),
  categories: z.array(reportCategorySummarySchema),
  combinations: z.array(reportCombinationSchema),
  /** Phenotypes no template matched and no doctor has assessed. */
  notAssessed: z.array(phenotypeRefSchema),
  /** Phenotypes not determined: a gene they need was not called. */
  notDetermined: z.array(notDeterminedPhenotypeSchema),
  /** The summary (screen and PDF): increased risks and every fired combination, by `compareFindings`. */
  summary: z.array(reportFindingSchema),
  /** What publication would ask the doctor to confirm now. */
  openPoints: z.array(z.enum(publicationOpenPoints)),
  /** The gene table: the customer's stored genotypes. */
  genes: z.array(geneInformationSchema),
  changeLog: z.array(productChangeSchema),
  /** A reanalysis of this report (or of all) is queued or running. */
  reanalysisPending: z.boolean(),
  /** The requesting physician and the indication (issue 35), printed on the report when given. */
  requestingPhysician: z.string().nullable(),
  indication: z.string().nullable(),
  technicalValidation: technicalValidationSchema.nullable(),
  release: reportReleaseSchema,
});
export type Product = z.infer<typeof productSchema>;

export const productIdQuerySchema = z.object({ ProductId: idSchema });
export const productCategoryQuerySchema = z.object({ ProductId: idSchema, ProductCategoryId: idSchema });

/** `GET admin/products/pdfpreview ?Id&locale`: the report's PDF now, in `locale` or the customer's language. */
export const productPdfPreviewQuerySchema = z.object({
  Id: idSchema,
  locale: z.enum(['cs', 'en'], { error: 'invalidValue' }).optional(),
});
export type ProductPdfPreviewQuery = z.infer<typeof productPdfPreviewQuerySchema>;

/** `GET admin/products/documents ?Id`: the report's issued PDFs, one per publication, newest first. */
export const reportDocumentsQuerySchema = z.object({ Id: idSchema });

/** One issued PDF of a report (rendered once at publication, never changed). */
export const reportDocumentSchema = z.object({
  version: z.number().int(),
  language: z.enum(['cs', 'en']),
  preliminary: z.boolean(),
  /** Hex SHA-256 of the stored bytes. */
  sha256: z.string(),
  /** Printed on the PDF with its QR code (`7KQ2M-XR4TD`: two groups of five Crockford base32 characters). */
  verificationCode: z.string(),
  replacesVersion: z.number().int().nullable(),
  reason: z.string().nullable(),
  createdBy: userRefSchema.nullable(),
  createdAt: z.string(),
});
export type IssuedReport = z.infer<typeof reportDocumentSchema>;
export const reportDocumentListSchema = z.object({ documents: z.array(reportDocumentSchema) });
export type IssuedReportList = z.infer<typeof reportDocumentListSchema>;

/**
 * `GET admin/products/document ?Id&version`: the stored bytes of one version; without `version` the
 * current (newest) one — the call the customer's app uses (docs/api.md).
 */
export const reportDocumentQuerySchema = z.object({
  Id: idSchema,
  version: numeric(
    z
      .number({ error: 'invalidValue' })
      .int('invalidValue')
      .min(1, 'invalidValue')
      .max(100_000, 'invalidValue'),
  ).optional(),
});

/** The longest limitations or disclaimer text the catalogue takes (each language). */
export const reportTextMaxLength = 4000;
const reportText = z
  .string({ error: 'invalidValue' })
  .trim()
  .min(1, 'required')
  .max(reportTextMaxLength, 'reportTextTooLong');

/**
 * `GET admin/products/reporttexts`: the limitations and disclaimer every report PDF prints, in Czech
 * and English; the built-in defaults (`isDefault`) until someone saves them.
 */
export const reportTextsSchema = z.object({
  limitations: z.string(),
  limitationsEn: z.string(),
  disclaimer: z.string(),
  disclaimerEn: z.string(),
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: userRefSchema.nullable(),
});
export type ReportTexts = z.infer<typeof reportTextsSchema>;

/** `PUT admin/products/reporttexts`: all four texts, plain text (a blank line starts a paragraph). */
export const reportTextsEditRequestSchema = z.object({
  Limitations: reportText,
  LimitationsEn: reportText,
  Disclaimer: reportText,
  DisclaimerEn: reportText,
});
export type ReportTextsEditRequest = z.infer<typeof reportTextsEditRequestSchema>;

/**
 * `POST verify/report`: is a PDF one this lab issued? `{ code }` (JSON) looks a verification code up;
 * the PDF's own bytes (`application/pdf` or `application/octet-stream` body) are matched by SHA-256.
 */
export const reportVerifyCodeRequestSchema = z.object({
  code: z.string().trim().min(1, 'required').max(40, 'invalidValue'),
});

export const reportVerificationSchema = z.union([
  z.object({ issued: z.literal(false) }),
  z.object({
    issued: z.literal(true),
    withdrawn: z.literal(false),
    productId: z.number().int(),
    customerName: z.string(),
    barcode: z.string().nullable(),
    version: z.number().int(),
    language: z.enum(['cs', 'en']),
    preliminary: z.boolean(),
    sha256: z.string(),
    verificationCode: z.string(),
    replacesVersion: z.number().int().nullable(),
    reason: z.string().nullable(),
    createdAt: z.string(),
    /** No later version replaces it. */
    current: z.boolean(),
    latestVersion: z.number().int(),
    /** How it was found: by the file's SHA-256 (the very bytes issued) or by the code printed on it. */
    matchedBy: z.enum(['sha256', 'code']),
  }),
  /**
   * Issued, but its report went with the customer's erasure (issue 35): what the tombstone kept
   * (`withdrawn_report_documents`), nothing of the customer.
   */
  z.object({
    issued: z.literal(true),
    withdrawn: z.literal(true),
    reportNumber: z.string(),
    version: z.number().int(),
    sha256: z.string(),
    verificationCode: z.string(),
    createdAt: z.string(),
    withdrawnAt: z.string(),
    matchedBy: z.enum(['sha256', 'code']),
  }),
]);
export type ReportVerification = z.infer<typeof reportVerificationSchema>;

/**
 * `POST public/verify/report` (issue 35, no sign-in: the QR code on a PDF leads anyone here): the same
 * `{ code }` or PDF bytes, answered with nothing personal. `valid`: this laboratory issued the
 * document; `withdrawn` (with `withdrawnAt`): it did, but the report was erased with the customer's
 * data since, so the laboratory no longer holds it. `valid` false: not issued by the laboratory (a
 * changed byte is enough). The keys are always all there (null where they do not apply).
 */
export const publicReportVerificationSchema = z.object({
  valid: z.boolean(),
  withdrawn: z.boolean(),
  /** The laboratory that answers (and issued the document when it did). */
  laboratory: z.string(),
  /** `GD-000045`. */
  reportNumber: z.string().nullable(),
  version: z.number().int().nullable(),
  issuedAt: z.string().nullable(),
  /** The newest version, when a later one replaces this one. */
  replacedByVersion: z.number().int().nullable(),
  withdrawnAt: z.string().nullable(),
});
export type PublicReportVerification = z.infer<typeof publicReportVerificationSchema>;

/** Statuses the editor's actions set: save keeps the status; 2 invite, 3 publish, 4 publish preliminarily. */
export const productStatusSchema = numeric(
  z.number({ error: 'invalidValue' }).int('invalidValue').min(1, 'invalidValue').max(5, 'invalidValue'),
);

/**
 * `PATCH admin/products/ { Id, Status, DoctorIntro, DoctorIntroReproductiveGenetics }` plus the
 * reproductive-genetics flag and, for an invitation of an underage customer, the legal guardian.
 * Fields left out stay as they are. Texts are rich-text HTML, sanitised on the server.
 */
export const productEditRequestSchema = z.object({
  Id: idSchema,
  Status: productStatusSchema.optional(),
  DoctorIntro: z.string().max(200_000, 'invalidValue').optional(),
  DoctorIntroReproductiveGenetics: z.string().max(200_000, 'invalidValue').optional(),
  DoctorIntroReproductiveGeneticsEnabled: z.boolean({ error: 'invalidValue' }).optional(),
  LegalGuardianName: z.string().trim().max(200, 'invalidValue').optional(),
  LegalGuardianEmail: z.union([z.literal(''), emailSchema]).optional(),
  /**
   * The open points the doctor has reviewed and confirms (recorded with who and when); publishing
   * needs each open one, and confirming the inspection clears the report's inspection flag.
   */
  Confirmations: z
    .array(z.enum(publicationOpenPoints, { error: 'invalidValue' }))
    .max(publicationOpenPoints.length, 'invalidValue')
    .optional(),
  /**
   * Why a report already issued as a PDF is published again (printed on the new version, "replaces
   * version N: …"); required then (422 'reportReasonRequired'), ignored otherwise.
   */
  Reason: z.string().trim().max(500, 'invalidValue').optional(),
  /** The requesting physician and the indication (issue 35); an empty text clears them. */
  RequestingPhysician: z.string().trim().max(200, 'invalidValue').optional(),
  Indication: z.string().trim().max(1000, 'invalidValue').optional(),
});
export type ProductEditRequest = z.infer<typeof productEditRequestSchema>;

/**
 * `PATCH admin/products/phenotype`: the doctor assesses a phenotype of the report, with one of its gene
 * combination's templates or with an own text and risk.
 */
export const phenotypeAssessmentRequestSchema = z
  .object({
    ProductId: idSchema,
    GeneCombinationId: idSchema,
    TemplateId: idSchema.optional(),
    Risk: numeric(
      z.number({ error: 'invalidRisk' }).int('invalidRisk').min(1, 'invalidRisk').max(4, 'invalidRisk'),
    ).optional(),
    Text: z.string().max(200_000, 'invalidValue').optional(),
    TextEn: z.string().max(200_000, 'invalidValue').optional(),
  })
  // An own text's emptiness is the service's rule (422 'assessmentTextRequired'): it judges the text
  // as sanitised, which may leave nothing of what was sent.
  .superRefine((value, ctx) => {
    if (value.TemplateId !== undefined) return;
    if (value.Risk === undefined) ctx.addIssue({ code: 'custom', path: ['Risk'], message: 'invalidRisk' });
  });
export type PhenotypeAssessmentRequest = z.infer<typeof phenotypeAssessmentRequestSchema>;

/**
 * `POST admin/products/validate`: the technical validation of the report's current content (issue 35).
 * The call rate and no-calls are computed by the server from the report; the specialist confirms the
 * run's controls were reviewed and passed, and may add a note.
 */
export const productValidationRequestSchema = z.object({
  ProductId: idSchema,
  ControlsPassed: z.literal(true, { error: 'controlsNotConfirmed' }),
  Note: z.string().trim().max(2000, 'invalidValue').optional(),
});
export type ProductValidationRequest = z.infer<typeof productValidationRequestSchema>;

/**
 * `POST admin/products/withhold`: the signing physician withholds a phenotype (not assessed, not
 * determined or consultation-bound) from the released report with a printed reason, or (`Withhold`
 * false) reports it again.
 */
export const phenotypeWithholdRequestSchema = z
  .object({
    ProductId: idSchema,
    GeneCombinationId: idSchema,
    Withhold: z.boolean({ error: 'invalidValue' }),
    Reason: z.string().trim().max(500, 'invalidValue').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.Withhold && !value.Reason)
      ctx.addIssue({ code: 'custom', path: ['Reason'], message: 'required' });
  });
export type PhenotypeWithholdRequest = z.infer<typeof phenotypeWithholdRequestSchema>;

/** `POST admin/products/move { ProductId, Section }`: answers 202 with the report pending the move. */
export const productMoveRequestSchema = z.object({ ProductId: idSchema, Section: productSectionSchema });
export type ProductMoveRequest = z.infer<typeof productMoveRequestSchema>;

/** `POST admin/products/reanalyse { ProductId? }`: one report, or all without `ProductId`. */
export const reanalysisRequestSchema = z.object({ ProductId: idSchema.optional() });

export const reanalysisRunSchema = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  /** `ReanalysisStatus`. */
  status: z.number().int(),
  total: z.number().int(),
  done: z.number().int(),
  changed: z.number().int(),
  requestedAt: z.string(),
  requestedBy: userRefSchema.nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type ReanalysisRun = z.infer<typeof reanalysisRunSchema>;
export const reanalysisRunQuerySchema = z.object({ Id: idSchema });

/** `GET admin/products/reanalysis/current`: the latest reanalysis of all, if any. */
export const currentReanalysisSchema = z.object({ run: reanalysisRunSchema.nullable() });

/** The number a report's PDF carries (`GD-000123`): `GD-` and the report's id. */
export const reportNumberOf = (productId: number) => `GD-${String(productId).padStart(6, '0')}`;
