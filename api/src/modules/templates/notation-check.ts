import {
  type GenotypeCombination,
  genotypeAlleles,
  inNotation,
  notationAlleles,
  orderAlleles,
} from '@genodesk/contract';
import type { Executor } from '../../db/client.js';
import { AppError, type FieldMessage } from '../../http/errors.js';
import { loadMarkerNotations, type MarkerNotations } from './marker-notation.js';

/**
 * The catalogue checked against the marker map (issue 34): a genotype of a gene code the map knows
 * must be written with the marker's notation alleles — its plus-strand bases, `I`/`D` for an indel.
 * A gene code the map does not know is taken as written: nothing tells its strand (the readers pass
 * such a gene's genotype on as the laboratory wrote it).
 */
export type NotationIssue = {
  /** The row (0-based) of the genotype combinations. */
  index: number;
  gene: string;
  genotype: string;
  reference: string;
  alternative: string;
};

/** Every genotype of the rows not in its mapped marker's notation, row by row. */
export function notationIssues(
  notations: MarkerNotations,
  rows: readonly GenotypeCombination[],
): NotationIssue[] {
  const issues: NotationIssue[] = [];
  rows.forEach((row, index) => {
    for (const [gene, genotype] of Object.entries(row)) {
      const marker = notations.get(gene.toLowerCase());
      if (!marker || inNotation(marker, genotype)) continue;
      issues.push({ index, gene, genotype, ...notationAlleles(marker) });
    }
  });
  return issues;
}

/** The rows with a mapped marker's two alleles in the notation's order: the reference first (`A/G` → `G/A`). */
export function inNotationOrder(
  notations: MarkerNotations,
  rows: readonly GenotypeCombination[],
): GenotypeCombination[] {
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([gene, genotype]) => {
        const marker = notations.get(gene.toLowerCase());
        const alleles = marker ? genotypeAlleles(genotype) : undefined;
        return [
          gene,
          marker && alleles ? orderAlleles(alleles, notationAlleles(marker).reference).join('/') : genotype,
        ];
      }),
    ),
  );
}

export const notationParams = (issue: NotationIssue) => ({
  genotype: issue.genotype,
  gene: issue.gene,
  reference: issue.reference,
  alternative: issue.alternative,
});

/**
 * Checks checked rows (gene codes canonical, genotypes as displayed) of `geneCodes` against the marker
 * map, loaded in one query: 422 with each refused row's first problem on `genotypeCombinations.<row>`,
 * the first one as the message. Answers the rows with mapped alleles reference first.
 */
export async function genotypesInNotationOrFail(
  db: Executor,
  geneCodes: readonly string[],
  rows: readonly GenotypeCombination[],
): Promise<GenotypeCombination[]> {
  const notations = await loadMarkerNotations(db, geneCodes);
  if (notations.size === 0) return [...rows];
  const issues = notationIssues(notations, rows);
  const [first] = issues;
  if (first) {
    const fields: Record<string, FieldMessage> = {};
    for (const issue of issues)
      fields[`genotypeCombinations.${issue.index}`] ??= {
        key: 'templateGenotypeNotInNotation',
        params: notationParams(issue),
      };
    throw new AppError(422, 'RULE_BROKEN', 'templateGenotypeNotInNotation', fields, notationParams(first));
  }
  return inNotationOrder(notations, rows);
}
