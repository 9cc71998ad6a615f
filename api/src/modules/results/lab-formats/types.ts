import type { GeneStrand, LabFileFormat, NoCallReason } from '@genodesk/contract';
import type { ResultsFileBarcode, ResultsFileError } from '../results-file.js';

/** One marker of the catalogue's marker map, as the readers need it. */
export type MapMarker = {
  geneCode: string;
  rsid: string;
  geneName: string;
  hgvsC: string;
  protein: string;
  transcript: string;
  /** '1'..'22', 'X', 'Y', 'MT' (no 'chr'). */
  chromosome: string;
  /** 1-based, VCF POS (for an indel the padding base). */
  positionGrch37: number | null;
  positionGrch38: number | null;
  /** VCF alleles on the plus strand, e.g. 'G', 'A' or 'ATCT', 'A'. */
  reference: string;
  alternative: string;
  /** '+' or '-': the strand the gene's transcript (and HGVS c.) reads. */
  geneStrand: GeneStrand;
  /** reference + alternative is A/T or C/G. */
  strandAmbiguous: boolean;
};

export type ReadOptions = {
  /** The build chosen at upload; a file that names its own build must agree. */
  genomeBuild?: 37 | 38;
  /** The sample's barcode for a one-person file (23andMe, AncestryDNA). */
  barcode?: string;
  /** The VCF lists every mapped position: an absent one is homozygous reference, not a no-call. */
  allPositions?: boolean;
};

/**
 * Per sample: `found` markers with a call, `noCalls` (noCall, absent and failedQc),
 * `referenceMismatches`, `ambiguousSkipped`; together they count every mapped marker once.
 * `problems` names each marker without a call and why, in map order.
 */
export type SampleMarkerCounts = {
  barcode: string;
  found: number;
  noCalls: number;
  referenceMismatches: number;
  ambiguousSkipped: number;
  problems: { geneCode: string; reason: NoCallReason }[];
};

export type LabFileResult =
  | {
      ok: true;
      format: LabFileFormat;
      /** The build the positions were read in: the file's, else the chosen one; null when none was needed. */
      genomeBuild: 37 | 38 | null;
      /** Every sample, each with every mapped marker once (a no-call as `noCallGenotype`). */
      barcodes: ResultsFileBarcode[];
      /** Per sample, in the order of `barcodes`; [] for the CSV. */
      counts: SampleMarkerCounts[];
      /** Data rows read (for the CSV: its gene rows). */
      rows: number;
    }
  | { ok: false; errors: ResultsFileError[]; more: number };
