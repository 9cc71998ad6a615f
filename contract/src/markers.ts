import { z } from 'zod';
import { idSchema, listQuerySchema, numeric, pageOf } from './common.js';
import { complementAllele, geneStrands } from './genotypes.js';
import type { MessageKey } from './messages.js';
import { parseGeneCodes } from './templates.js';

/**
 * The marker map (issue 23): where each gene code of the catalogue sits in the genome, so that lab
 * files naming positions (VCF, Illumina Final Report, 23andMe, AncestryDNA) can be read into the
 * catalogue's genotypes. `Reference` / `Alternative` are the VCF alleles on the plus strand: the notation
 * every stored genotype and template uses (issue 34, `genotypes.ts`). `GeneStrand` is the strand of the
 * gene's transcript, '-' when HGVS c. reads their complements (rs6025's plus C/T is F5's c.1601G>A).
 */

export const chromosomes = [
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
  '21',
  '22',
  'X',
  'Y',
  'MT',
] as const;
export type Chromosome = (typeof chromosomes)[number];

/** The largest position accepted: chromosome 1, the longest, has about 249 million bases. */
export const maxMarkerPosition = 300_000_000;

/** `chr7`, `7`, `x`, `M`, `chrM` → the map's spelling (`7`, `X`, `MT`); anything else as it is. */
export function normaliseChromosome(value: string): string {
  const text = value.trim().toUpperCase().replace(/^CHR/, '');
  return text === 'M' ? 'MT' : text;
}

/** A VCF allele on the plus strand: bases only. */
const plusAllelePattern = /^[ACGT]{1,50}$/;

export type MarkerFields = {
  Reference: string;
  Alternative: string;
  GeneStrand: string;
  HgvsC: string;
  PositionGrch37: number | null;
  PositionGrch38: number | null;
};

/** The reference and alternative base of an HGVS c. substitution (`NM_000130.5:c.1601G>A` → G, A). */
export function hgvsSubstitution(hgvsC: string): { reference: string; alternative: string } | undefined {
  const match = /c\.\S*?([ACGT])>([ACGT])$/i.exec(hgvsC.trim());
  return match
    ? { reference: (match[1] as string).toUpperCase(), alternative: (match[2] as string).toUpperCase() }
    : undefined;
}

export type MarkerIssue = { field: keyof MarkerFields; key: MessageKey };

/**
 * The rules between a marker's fields, once each field is valid on its own: a position in at least
 * one build; reference and alternative different; and an HGVS c. substitution that reads the plus-strand
 * alleles on the gene's strand (c.1601G>A for plus C/T is a '-' gene; the same bases a '+' one).
 */
export function markerIssues(marker: MarkerFields): MarkerIssue[] {
  const issues: MarkerIssue[] = [];
  if (marker.PositionGrch37 === null && marker.PositionGrch38 === null)
    issues.push({ field: 'PositionGrch38', key: 'markerPositionRequired' });
  if (marker.Reference === marker.Alternative)
    issues.push({ field: 'Alternative', key: 'markerAllelesEqual' });
  const hgvs = hgvsSubstitution(marker.HgvsC);
  if (issues.length === 0 && hgvs && marker.Reference.length === 1 && marker.Alternative.length === 1) {
    const onGene = (allele: string) => (marker.GeneStrand === '-' ? complementAllele(allele) : allele);
    if (hgvs.reference !== onGene(marker.Reference) || hgvs.alternative !== onGene(marker.Alternative))
      issues.push({ field: 'GeneStrand', key: 'markerHgvsStrandMismatch' });
  }
  return issues;
}

const text = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string({ error: 'invalidValue' }).trim().max(max, 'invalidValue'),
  );

const geneCodeSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required', abort: true })
  .refine((value) => {
    const parsed = parseGeneCodes(value);
    return parsed.ok && parsed.value.codes.length === 1;
  }, 'markerInvalidGeneCode');

/** An rsID (`rs4988235`) or a 23andMe internal id (`i3000001`), lower-cased; empty when the marker has none. */
const rsidSchema = z.preprocess(
  (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.string({ error: 'markerInvalidRsid' }).regex(/^((rs|i)\d{1,12})?$/, 'markerInvalidRsid'),
);

export const chromosomeSchema = z.preprocess(
  (v) =>
    v === '' || v === null
      ? undefined
      : typeof v === 'string' || typeof v === 'number'
        ? normaliseChromosome(String(v))
        : v,
  z.enum(chromosomes, {
    error: (issue) => (issue.input === undefined ? 'required' : 'markerInvalidChromosome'),
  }),
);

/** A 1-based position in one build, or null (empty) when the map does not give one for that build. */
const positionSchema = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? v.trim().replace(/[\s_]/g, '') : v),
  z.union(
    [
      z.null(),
      numeric(
        z
          .number({ error: 'markerInvalidPosition' })
          .int('markerInvalidPosition')
          .min(1, 'markerInvalidPosition')
          .max(maxMarkerPosition, 'markerInvalidPosition'),
      ),
    ],
    { error: 'markerInvalidPosition' },
  ),
);

const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);
const plusAllele = z.preprocess(
  upper,
  z
    .string({ error: 'required' })
    .min(1, { error: 'required', abort: true })
    .regex(plusAllelePattern, 'markerInvalidAllele'),
);
const geneStrandSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.enum(geneStrands, { error: (issue) => (issue.input ? 'markerInvalidGeneStrand' : 'required') }),
);

const markerFieldsSchema = z.object({
  GeneCode: geneCodeSchema,
  Rsid: rsidSchema,
  GeneName: text(200),
  HgvsC: text(200),
  Protein: text(200),
  Transcript: text(100),
  Chromosome: chromosomeSchema,
  PositionGrch37: positionSchema,
  PositionGrch38: positionSchema,
  Reference: plusAllele,
  Alternative: plusAllele,
  GeneStrand: geneStrandSchema,
});

const withRules = <T extends z.ZodType<MarkerFields>>(schema: T) =>
  schema.superRefine((value, ctx) => {
    for (const issue of markerIssues(value))
      ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.key });
  });

/** `POST admin/templates/markers`: a new marker of the map. */
export const markerRequestSchema = withRules(markerFieldsSchema);
export type MarkerRequest = z.input<typeof markerRequestSchema>;
export type MarkerInput = z.output<typeof markerRequestSchema>;

/** `PUT admin/templates/markers`: every field of the marker `Id`. */
export const editMarkerRequestSchema = withRules(markerFieldsSchema.extend({ Id: idSchema }));
export type EditMarkerRequest = z.input<typeof editMarkerRequestSchema>;
export type EditMarkerInput = z.output<typeof editMarkerRequestSchema>;

export const markerIdQuerySchema = z.object({ Id: idSchema });

/** Sort fields of the list; `chromosome` is genomic order (1…22, X, Y, MT, then position). */
export const markerSortFields = [
  'geneCode',
  'rsid',
  'geneName',
  'chromosome',
  'positionGrch37',
  'positionGrch38',
  'updatedAt',
] as const;

/** `GET admin/templates/markers ?page&pageSize&sort&search&chromosome`: search gene code, rsID, gene name. */
export const markerListQuerySchema = listQuerySchema.extend({
  chromosome: z.preprocess((v) => (v === '' ? undefined : v), chromosomeSchema.optional()),
});
export type MarkerListQuery = z.infer<typeof markerListQuerySchema>;

export const markerSchema = z.object({
  id: z.number().int(),
  geneCode: z.string(),
  rsid: z.string(),
  geneName: z.string(),
  hgvsC: z.string(),
  protein: z.string(),
  transcript: z.string(),
  chromosome: z.string(),
  positionGrch37: z.number().int().nullable(),
  positionGrch38: z.number().int().nullable(),
  reference: z.string(),
  alternative: z.string(),
  /** '+' or '-': the strand of the gene's transcript, as HGVS c. reads the alleles. */
  geneStrand: z.enum(geneStrands),
  /** A/T or C/G: the strand cannot be told from the alleles; readers skip it where the strand is unknown. */
  strandAmbiguous: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.object({ id: z.number().int(), userName: z.string() }).nullable(),
});
export type Marker = z.infer<typeof markerSchema>;
export const markerPageSchema = pageOf(markerSchema);

export const deletedMarkerSchema = z.object({ id: z.number().int() });

/**
 * The columns of the map's CSV, in order: the export writes them (semicolons, UTF-8 with a BOM) and
 * the import needs every one but `StrandAmbiguous` (computed from the alleles), in any order and case.
 */
export const markerCsvColumns = [
  'GeneCode',
  'Rsid',
  'GeneName',
  'HgvsC',
  'Protein',
  'Transcript',
  'Chromosome',
  'PositionGrch37',
  'PositionGrch38',
  'Reference',
  'Alternative',
  'GeneStrand',
  'StrandAmbiguous',
] as const;
export type MarkerCsvColumn = (typeof markerCsvColumns)[number];

/** The largest marker map CSV an import takes (10,000 markers are about 1.5 MB). */
export const maxMarkerImportBytes = 5 * 1024 * 1024;

/** `POST admin/templates/markers/import`: what the file changed (the whole file, or nothing). */
export const markerImportReplySchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type MarkerImportReply = z.infer<typeof markerImportReplySchema>;
