import { isStrandAmbiguous } from '@genodesk/contract/genotypes';
import { type Marker, type MarkerInput, markerRequestSchema } from '@genodesk/contract/markers';

/** The marker form's values as its inputs keep them: text, positions too (empty = none in that build). */
export interface MarkerFormValues extends Record<string, unknown> {
  GeneCode: string;
  Rsid: string;
  GeneName: string;
  HgvsC: string;
  Protein: string;
  Transcript: string;
  /** '' while none is chosen */
  Chromosome: string;
  PositionGrch37: string;
  PositionGrch38: string;
  Reference: string;
  Alternative: string;
  /** '+' or '-' */
  GeneStrand: string;
}

export const emptyMarkerValues: MarkerFormValues = {
  GeneCode: '',
  Rsid: '',
  GeneName: '',
  HgvsC: '',
  Protein: '',
  Transcript: '',
  Chromosome: '',
  PositionGrch37: '',
  PositionGrch38: '',
  Reference: '',
  Alternative: '',
  GeneStrand: '+',
};

export const markerToValues = (marker: Marker): MarkerFormValues => ({
  GeneCode: marker.geneCode,
  Rsid: marker.rsid,
  GeneName: marker.geneName,
  HgvsC: marker.hgvsC,
  Protein: marker.protein,
  Transcript: marker.transcript,
  Chromosome: marker.chromosome,
  PositionGrch37: marker.positionGrch37 === null ? '' : String(marker.positionGrch37),
  PositionGrch38: marker.positionGrch38 === null ? '' : String(marker.positionGrch38),
  Reference: marker.reference,
  Alternative: marker.alternative,
  GeneStrand: marker.geneStrand,
});

/** The request the values make, as the contract reads them (positions as numbers, alleles upper-cased). */
export const valuesToRequest = (values: MarkerFormValues): MarkerInput => markerRequestSchema.parse(values);

/** Whether the alleles typed so far are A/T or C/G (the badge beside them). */
export const typedStrandAmbiguous = (values: Pick<MarkerFormValues, 'Reference' | 'Alternative'>) =>
  isStrandAmbiguous(values.Reference.trim(), values.Alternative.trim());

/** `2:136608646`, or a dash without a position in that build. */
export const locus = (chromosome: string, position: number | null) =>
  position === null ? '—' : `${chromosome}:${position}`;

/**
 * A refused import's lines from the error's `fields` (`line.<n>` / `line.<n>.<column>`, then `more`):
 * in the file's order, the count of lines past those named last.
 */
export function refusalLines(fields: Record<string, string>): string[] {
  const lineOf = (name: string) => Number(/^line\.(\d+)/.exec(name)?.[1] ?? Number.POSITIVE_INFINITY);
  return Object.entries(fields)
    .map(([name, message], order) => ({ line: lineOf(name), order, message }))
    .sort((a, b) => a.line - b.line || a.order - b.order)
    .map((entry) => entry.message);
}
