import type { MessageKey, MessageParams, NoCallReason } from '@genodesk/contract';

/** The lab's results file (DOMAIN §2) as read: its columns, genotypes by barcode, its problems (`lab-formats/csv.ts` reads it). */

/** The bad rows a failed file names; past these, only their number. */
export const maxReportedErrors = 100;

export const resultsFileColumns = [
  'barcode',
  'gene_code',
  'gene_name',
  'hgvs_c',
  'protein',
  'transcript',
  'genotype',
] as const;

export type ResultsFileGene = {
  geneCode: string;
  geneName: string;
  hgvsC: string;
  protein: string;
  transcript: string;
  /** A mapped marker's on the plus strand, the reference allele first; another gene's as given; `--` for a no-call. */
  genotype: string;
  /** Why the marker has no call; null (or absent) when it has one. */
  noCallReason?: NoCallReason | null;
};

export type ResultsFileBarcode = {
  barcode: string;
  /** The line where the barcode first appears. */
  line: number;
  genes: ResultsFileGene[];
};

export type ResultsFileError = { key: MessageKey; params: MessageParams };

export type ParsedResultsFile =
  | { ok: true; barcodes: ResultsFileBarcode[]; rows: number }
  /** `errors` in file order, at most `maxReportedErrors`; `more` the bad rows past them. */
  | { ok: false; errors: ResultsFileError[]; more: number };
