import {
  type GenotypeReadingInfo,
  inNotation,
  type MarkerNotation,
  type NoCallReason,
  noCallGenotype,
  noCallReasons,
  readGenotype,
} from '@genodesk/contract';
import { type AnyColumn, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { markers } from '../../db/schema/index.js';

/**
 * The marker map as the screens and the PDF read genotypes (issue 34): per gene code (lower-cased) the
 * plus-strand alleles, the gene's strand and HGVS c., in one query for the codes asked.
 */
export type MarkerNotations = Map<string, MarkerNotation>;

export async function loadMarkerNotations(db: Executor, codes: Iterable<string>): Promise<MarkerNotations> {
  const lower = [...new Set([...codes].map((code) => code.toLowerCase()))];
  const notations: MarkerNotations = new Map();
  if (lower.length === 0) return notations;
  const rows = await db
    .select({
      code: sql<string>`lower(${markers.geneCode})`,
      reference: markers.reference,
      alternative: markers.alternative,
      geneStrand: markers.geneStrand,
      hgvsC: markers.hgvsC,
    })
    .from(markers)
    .where(inArray(sql`lower(${markers.geneCode})`, lower));
  for (const { code, ...notation } of rows) notations.set(code, notation);
  return notations;
}

/**
 * The marker map's notation of a gene code as columns, for a query that joins `markers` on
 * `markerOfGene` (the unique index on `lower(gene_code)`): the notation comes with the genotypes in
 * the same statement instead of a query of its own.
 */
export const markerNotationColumns = {
  markerCode: sql<string | null>`lower(${markers.geneCode})`,
  markerReference: markers.reference,
  markerAlternative: markers.alternative,
  markerGeneStrand: markers.geneStrand,
  markerHgvsC: markers.hgvsC,
};
export const markerOfGene = (geneCode: AnyColumn) => sql`lower(${markers.geneCode}) = lower(${geneCode})`;

/** The notations of the gene codes `codes` (an SQL list of lower-cased codes) as a JSON array of rows for `notationsOfRows`. */
export const markerNotationsOf = (codes: SQL) => sql<NotationRow[]>`coalesce((
  select json_agg(json_build_object('markerCode', lower(m.gene_code), 'markerReference', m.reference,
    'markerAlternative', m.alternative, 'markerGeneStrand', m.gene_strand, 'markerHgvsC', m.hgvs_c))
  from ${markers} m where lower(m.gene_code) in ${codes}), '[]')`;

type NotationRow = {
  markerCode: string | null;
  markerReference: string | null;
  markerAlternative: string | null;
  markerGeneStrand: string | null;
  markerHgvsC: string | null;
};

/** The notations found in rows selected with `markerNotationColumns` (a left join: unmapped genes have none). */
export function notationsOfRows(rows: NotationRow[]): MarkerNotations {
  const notations: MarkerNotations = new Map();
  for (const row of rows)
    if (row.markerCode !== null)
      notations.set(row.markerCode, {
        reference: row.markerReference!,
        alternative: row.markerAlternative!,
        geneStrand: row.markerGeneStrand as MarkerNotation['geneStrand'],
        hgvsC: row.markerHgvsC!,
      });
  return notations;
}

const isNoCallReason = (value: unknown): value is NoCallReason =>
  typeof value === 'string' && (noCallReasons as readonly string[]).includes(value);

/**
 * How a stored genotype reads: for a mapped marker its HGVS c. (the map's, else the file's), zygosity
 * and gene-strand alleles; for an unmapped gene, or a genotype not in the map's notation, only the
 * file's HGVS c.; a no-call's reason ('noCall' when an older row has none).
 */
export function genotypeReading(
  notations: MarkerNotations,
  gene: { code: string; genotype: string; noCallReason?: string | null; hgvsC?: string },
): GenotypeReadingInfo {
  const notation = notations.get(gene.code.toLowerCase());
  const noCallReason =
    gene.genotype === noCallGenotype
      ? isNoCallReason(gene.noCallReason)
        ? gene.noCallReason
        : 'noCall'
      : null;
  // A genotype outside the map's notation (stored before the map knew the gene) is shown as written.
  if (!notation || (!noCallReason && !inNotation(notation, gene.genotype)))
    return {
      hgvsC: gene.hgvsC ?? '',
      zygosity: noCallReason ? 'noCall' : null,
      geneGenotype: null,
      noCallReason,
    };
  const reading = readGenotype(notation, gene.genotype);
  return {
    hgvsC: notation.hgvsC || gene.hgvsC || '',
    zygosity: reading.zygosity,
    geneGenotype: reading.geneGenotype,
    noCallReason,
  };
}
