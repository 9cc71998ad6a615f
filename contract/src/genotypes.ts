import { z } from 'zod';
import type { Localized } from './locale.js';
import { genotypeAlleles } from './templates.js';

/**
 * One genotype notation (issue 34). Every stored genotype and every template writes a mapped marker's
 * alleles on the plus strand of the marker map (GRCh38's forward strand, as a VCF does): a single-base
 * allele as its base, an indel as `I` (the longer allele) or `D` (the shorter), the reference allele
 * first (`C/T`, `I/D`). What a clinician reads is derived from it: the alleles on the gene's strand
 * (as HGVS c. writes them) and the zygosity in words. A marker not called is the genotype `--` with
 * a reason: a result, never an absence.
 */

/** A mapped marker's gene strand: '-' when the transcript reads the complement of the plus strand. */
export const geneStrands = ['+', '-'] as const;
export type GeneStrand = (typeof geneStrands)[number];

/** The stored genotype of a marker not called. */
export const noCallGenotype = '--';

/**
 * Why a marker has no call: the file's own no-call (`./.`, `--`, `00`), the marker `absent` from the
 * file, a row that `failedQc` (a VCF FILTER other than PASS), the file's reference at the position not
 * the map's (`referenceMismatch`), an A/T or C/G marker given in columns whose strand is unknown
 * (`strandAmbiguous`), rows of the file that call it differently (`conflictingCalls`), a call with an
 * allele that is not the marker's (`alleleNotInMap`, another alternative allele of a VCF site), one
 * allele where the customer has two (`oneAllele`: an autosome, a woman's X).
 */
export const noCallReasons = [
  'noCall',
  'absent',
  'failedQc',
  'referenceMismatch',
  'strandAmbiguous',
  'conflictingCalls',
  'alleleNotInMap',
  'oneAllele',
] as const;
export type NoCallReason = (typeof noCallReasons)[number];

export const noCallReasonLabels: Record<NoCallReason, Localized> = {
  noCall: {
    cs: 'laboratoř marker nezavolala (no call)',
    en: 'the laboratory did not call the marker (no call)',
  },
  absent: { cs: 'marker v souboru laboratoře chybí', en: "the marker is missing from the laboratory's file" },
  failedQc: { cs: 'marker neprošel kontrolou kvality', en: 'the marker failed quality control' },
  referenceMismatch: {
    cs: 'referenční alela souboru neodpovídá mapě markerů',
    en: "the file's reference allele does not match the marker map",
  },
  strandAmbiguous: {
    cs: 'vlákno A/T nebo C/G markeru nelze ze souboru určit',
    en: 'the strand of an A/T or C/G marker cannot be told from the file',
  },
  conflictingCalls: {
    cs: 'soubor laboratoře uvádí pro marker odporující si výsledky',
    en: "the laboratory's file gives the marker conflicting calls",
  },
  alleleNotInMap: {
    cs: 'laboratoř určila alelu, kterou mapa markerů nezná',
    en: 'the laboratory called an allele the marker map does not have',
  },
  oneAllele: {
    cs: 'laboratoř uvedla jedinou alelu, zákazník jich má dvě',
    en: 'the laboratory gave one allele where the customer has two',
  },
};

/** The zygosity of a genotype against the marker's variant (HGVS c.'s alternative allele). */
export const zygosities = [
  'wildType',
  'heterozygous',
  'homozygous',
  'hemizygous',
  'hemizygousWildType',
  'noCall',
] as const;
export type Zygosity = (typeof zygosities)[number];

export const zygosityLabels: Record<Zygosity, Localized> = {
  wildType: { cs: 'standardní typ (bez varianty)', en: 'wild type (no variant)' },
  heterozygous: { cs: 'heterozygot', en: 'heterozygous' },
  homozygous: { cs: 'homozygot pro variantu', en: 'homozygous for the variant' },
  hemizygous: { cs: 'hemizygot pro variantu', en: 'hemizygous for the variant' },
  hemizygousWildType: { cs: 'hemizygot, standardní typ', en: 'hemizygous, wild type' },
  noCall: { cs: 'neurčeno (no call)', en: 'not determined (no call)' },
};

const complementBase: Record<string, string> = { A: 'T', T: 'A', C: 'G', G: 'C' };

/**
 * An allele as the other strand reads it: a base's complement; several bases reverse-complemented (the
 * other strand runs the other way); `I`, `D` and anything else as they are.
 */
export const complementAllele = (allele: string) =>
  allele.length === 1
    ? (complementBase[allele] ?? allele)
    : /^[ACGT]+$/.test(allele)
      ? [...allele]
          .reverse()
          .map((base) => complementBase[base] ?? base)
          .join('')
      : allele;

/** A/T or C/G: the alleles alone cannot tell the strand. */
export const isStrandAmbiguous = (reference: string, alternative: string) =>
  ['AT', 'TA', 'CG', 'GC'].includes(`${reference}${alternative}`.toUpperCase());

/**
 * The marker's alleles as genotypes write them: its plus-strand bases (a substitution of one base or of
 * several), or `I`/`D` for an indel (alleles of different lengths, I the longer).
 */
export function notationAlleles(marker: { reference: string; alternative: string }): {
  reference: string;
  alternative: string;
} {
  const reference = marker.reference.trim().toUpperCase();
  const alternative = marker.alternative.trim().toUpperCase();
  if (reference.length === alternative.length) return { reference, alternative };
  return reference.length > alternative.length
    ? { reference: 'I', alternative: 'D' }
    : { reference: 'D', alternative: 'I' };
}

/** Alleles in the notation's order: the reference first, the rest as given. */
export function orderAlleles(alleles: readonly string[], reference: string): string[] {
  if (alleles.length === 2 && alleles[1] === reference && alleles[0] !== reference)
    return [alleles[1] as string, alleles[0] as string];
  return [...alleles];
}

/** Whether a genotype of a mapped marker is in the notation: every allele its reference or alternative. */
export function inNotation(marker: { reference: string; alternative: string }, genotype: string): boolean {
  const { reference, alternative } = notationAlleles(marker);
  const alleles = genotypeAlleles(genotype);
  return alleles?.every((allele) => allele === reference || allele === alternative) === true;
}

/** What the notation needs of a marker to be read as a clinician reads it. */
export type MarkerNotation = {
  reference: string;
  alternative: string;
  geneStrand: string;
  hgvsC: string;
};

/** A stored genotype as the clinician reads it: zygosity, and the alleles on both strands. */
export type GenotypeReading = {
  zygosity: Zygosity;
  /** The plus-strand alleles (the stored genotype), or `--`. */
  plusGenotype: string;
  /** The alleles on the gene's strand, as HGVS c. writes them (equal to the plus ones on a '+' gene). */
  geneGenotype: string;
};

/** Reads a stored genotype (plus strand) of a mapped marker. */
export function readGenotype(marker: MarkerNotation, genotype: string): GenotypeReading {
  if (genotype === noCallGenotype)
    return { zygosity: 'noCall', plusGenotype: genotype, geneGenotype: genotype };
  const { alternative } = notationAlleles(marker);
  const alleles = genotypeAlleles(genotype) ?? genotype.split('/');
  const variants = alleles.filter((allele) => allele === alternative).length;
  const zygosity: Zygosity =
    alleles.length === 1
      ? variants === 1
        ? 'hemizygous'
        : 'hemizygousWildType'
      : variants === 0
        ? 'wildType'
        : variants === 1
          ? 'heterozygous'
          : 'homozygous';
  const geneGenotype =
    marker.geneStrand === '-' ? alleles.map(complementAllele).join('/') : alleles.join('/');
  return { zygosity, plusGenotype: genotype, geneGenotype };
}

/**
 * A gene of a report or of the gene table as the screens and the PDF show it: the stored genotype and,
 * for a marker of the map, its HGVS c., zygosity and gene-strand alleles; a no-call with its reason.
 */
export const genotypeReadingSchema = z.object({
  /** HGVS c. on the transcript (`NM_000130.5:c.1601G>A`); empty when the map and the file give none. */
  hgvsC: z.string(),
  /** Null for a gene the marker map does not know (its alleles are shown as the file gave them). */
  zygosity: z.enum(zygosities).nullable(),
  /** The alleles on the gene's strand; null for a gene the map does not know. */
  geneGenotype: z.string().nullable(),
  /** Why the marker was not called; null when it was. */
  noCallReason: z.enum(noCallReasons).nullable(),
});
export type GenotypeReadingInfo = z.infer<typeof genotypeReadingSchema>;
