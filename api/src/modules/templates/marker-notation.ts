import {
  type GenotypeReadingInfo,
  inNotation,
  type MarkerNotation,
  type NoCallReason,
  noCallGenotype,
  noCallReasons,
  readGenotype,
} from '@genodesk/contract';
import { inArray, sql } from 'drizzle-orm';
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
