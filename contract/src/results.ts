import { z } from 'zod';
import { idSchema, listQuerySchema, numeric, oneOrMany } from './common.js';
import { uploadSampleHolds } from './consent.js';
import { genotypeReadingSchema } from './genotypes.js';

/** A customer's stored genotype for one gene (SPEC §3 "Gene information"). */
export const geneInformationSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    hgvsC: z.string(),
    protein: z.string(),
    transcript: z.string(),
    /** On the plus strand of the marker map for a mapped marker; `--` for a no-call. */
    genotype: z.string(),
  })
  .extend(genotypeReadingSchema.shape);
export type GeneInformation = z.infer<typeof geneInformationSchema>;

export const customerResultSchema = z.object({
  customerId: z.number().int(),
  genes: z.array(geneInformationSchema),
});
export type CustomerResult = z.infer<typeof customerResultSchema>;

const userRefSchema = z.object({ id: z.number().int(), userName: z.string() });

/** A results upload (SPEC §3 "Result upload"); `exception` in the caller's language, set when failed. */
export const resultUploadSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  fileSize: z.number().int(),
  status: z.number().int(),
  paired: z.number().int(),
  unpairable: z.number().int(),
  generated: z.number().int(),
  toBeGenerated: z.number().int(),
  uploadedAt: z.string(),
  uploadedBy: userRefSchema.nullable(),
  finishedAt: z.string().nullable(),
  exception: z.string().nullable(),
  /** `LabFileFormat` as detected from the content; null until the job has read the file. */
  format: z.string().nullable(),
  /** GRCh37 or GRCh38, for formats that name positions; null otherwise. */
  genomeBuild: z.number().int().nullable(),
});
export type ResultUpload = z.infer<typeof resultUploadSchema>;

export const unpairableBarcodeSchema = z.object({
  barcode: z.string(),
  /** `UnpairableReason`. */
  reason: z.string(),
  /** The file line where the barcode first appears (the header is line 1). */
  line: z.number().int(),
  /** The sample's status when the reason is 'sampleNotAwaitingResults'. */
  sampleStatus: z.number().int().nullable(),
});
export type UnpairableBarcode = z.infer<typeof unpairableBarcodeSchema>;

/** `GET admin/results/getresult ?Id`: the upload with every unpairable barcode and its reason. */
/** A sample an upload paired, its customer, and the report generated from it (null until generated). */
export const uploadSampleSchema = z.object({
  sampleId: z.number().int(),
  barcode: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  productId: z.number().int().nullable(),
  requiresInspection: z.boolean(),
  /**
   * Markers whose call here differs from the customer's call stored before (the plus-strand genotypes):
   * a retest that disagrees, or another person's sample under the barcode. The new call is stored.
   */
  contradictedMarkers: z.array(z.object({ geneCode: z.string(), before: z.string(), after: z.string() })),
  /** Why its results wait instead of being paired and generated (issue 35), or null. */
  held: z.enum(uploadSampleHolds).nullable(),
  /** The hold said in the caller's language ("no valid consent"), or null. */
  heldMessage: z.string().nullable(),
});
export type UploadSample = z.infer<typeof uploadSampleSchema>;

export const resultUploadDetailSchema = resultUploadSchema.extend({
  unpairables: z.array(unpairableBarcodeSchema),
  /** Every paired sample, by barcode. */
  samples: z.array(uploadSampleSchema),
  /** Gene codes of the file the catalogue does not know: stored, but in no report until it uses them. */
  unknownGeneCodes: z.array(z.string()),
  unknownGeneRows: z.number().int(),
  /** Per sample of a lab-format file (VCF, Final Report, 23andMe, AncestryDNA): what its markers gave. */
  markerCounts: z.array(
    z.object({
      barcode: z.string(),
      found: z.number().int(),
      noCalls: z.number().int(),
      referenceMismatches: z.number().int(),
      ambiguousSkipped: z.number().int(),
      /** Each mapped marker without a usable call; `reason` a `MarkerProblem`. */
      problems: z.array(z.object({ geneCode: z.string(), reason: z.string() })),
    }),
  ),
});
export type ResultUploadDetail = z.infer<typeof resultUploadDetailSchema>;

export const resultUploadSortFields = ['uploadedAt', 'fileName', 'status', 'paired', 'unpairable'] as const;
export const resultUploadListQuerySchema = listQuerySchema.extend({
  /** One status or several (`status=1,2`: in progress). */
  status: oneOrMany(numeric(z.number().int().min(1, 'invalidValue').max(5, 'invalidValue')), 5),
});
export type ResultUploadListQuery = z.infer<typeof resultUploadListQuerySchema>;

export const resultUploadIdQuerySchema = z.object({ Id: idSchema });

/**
 * The largest upload of any format: a Final Report of a 384-sample plate on a 700,000-SNP array is
 * about 1 GB; VCFs are usually bgzipped. Streamed to the database in pieces, never held in memory.
 */
export const maxLabFileBytes = 1900 * 1024 * 1024;
/**
 * Bounds a hostile or broken file meets before it costs the server (issue 36): people in one file
 * (a few 384-sample plates; a VCF of 200,000 columns is refused at its header), the text a gzip may
 * unpack to, and how far (a 5 MB "bomb" must not become 2 GB; genotype text packs 10–50 times).
 */
export const maxSamplesPerFile = 5_000;
export const maxUnpackedBytes = maxLabFileBytes;
export const maxCompressionRatio = 200;

/** `POST admin/results/upload`'s query: the file name, and what a lab-format file may need. */
export const resultsUploadQuerySchema = z.object({
  FileName: z.string().trim().min(1, 'invalidValue').max(255, 'invalidValue').default('results.csv'),
  /** GRCh37 or GRCh38 when the file does not say (a VCF without `##reference`/`##contig`). */
  GenomeBuild: numeric(
    z
      .number()
      .int()
      .refine((value) => value === 37 || value === 38, 'invalidValue'),
  ).optional(),
  /** The sample's barcode for a one-person file (23andMe, AncestryDNA). */
  Barcode: z.string().trim().min(1, 'invalidValue').max(50, 'invalidValue').optional(),
  /** A VCF that lists every mapped position (a position absent is then homozygous reference). */
  AllPositions: z
    .enum(['true', 'false'], { message: 'invalidValue' })
    .transform((value) => value === 'true')
    .default(false),
});
export type ResultsUploadQuery = z.input<typeof resultsUploadQuerySchema>;

/** The formats a results upload is read in, detected from the file's content (issue 23). */
export const LabFileFormat = {
  Csv: 'csv',
  Vcf: 'vcf',
  FinalReport: 'finalReport',
  TwentyThreeAndMe: '23andMe',
  AncestryDna: 'ancestryDna',
} as const;
export type LabFileFormat = (typeof LabFileFormat)[keyof typeof LabFileFormat];

/** Reference genome builds a marker map position belongs to. */
export const genomeBuilds = [37, 38] as const;
export type GenomeBuild = (typeof genomeBuilds)[number];
