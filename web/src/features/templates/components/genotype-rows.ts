import type { Message } from '@genodesk/contract/messages';
import {
  checkGenotypeCombinations,
  type GenotypeCombination,
  genotypeAlleles,
  genotypeCombinationKey,
} from '@genodesk/contract/templates';

/** One editable row of the genotype combinations table: a cell per gene, in the gene codes' order. */
export interface GenotypeRow {
  /** stable React key */
  key: string;
  cells: string[];
}

let counter = 0;
const nextKey = () => {
  counter += 1;
  return `row-${counter}`;
};

export function emptyRow(geneCount: number): GenotypeRow {
  return { key: nextKey(), cells: Array.from({ length: geneCount }, () => '') };
}

/** Rows from stored combinations; genes are matched ignoring case. */
export function rowsFromCombinations(
  geneCodes: readonly string[],
  combinations: readonly GenotypeCombination[],
): GenotypeRow[] {
  return combinations.map((combination) => {
    const byGene = new Map(Object.entries(combination).map(([gene, value]) => [gene.toLowerCase(), value]));
    return { key: nextKey(), cells: geneCodes.map((code) => byGene.get(code.toLowerCase()) ?? '') };
  });
}

/** What the API takes: gene code → genotype (trimmed) per row. */
export function rowsToCombinations(geneCodes: readonly string[], rows: readonly GenotypeRow[]) {
  return rows.map((row) =>
    Object.fromEntries(geneCodes.map((code, index) => [code, (row.cells[index] ?? '').trim()])),
  ) as GenotypeCombination[];
}

/**
 * The rows re-aligned to other gene codes (a new gene combination typed again): a cell follows its gene
 * (ignoring case); new genes start empty.
 */
export function alignRows(
  rows: readonly GenotypeRow[],
  from: readonly string[],
  to: readonly string[],
): GenotypeRow[] {
  const position = new Map(from.map((code, index) => [code.toLowerCase(), index]));
  return rows.map((row) => ({
    key: row.key,
    cells: to.map((code) => {
      const index = position.get(code.toLowerCase());
      return index === undefined ? '' : (row.cells[index] ?? '');
    }),
  }));
}

/** A cell holds something that is not a genotype (empty cells are not flagged while typing). */
export const isInvalidCell = (value: string) => value.trim() !== '' && genotypeAlleles(value) === undefined;

export interface LiveIssues {
  /** [row][cell] */
  invalidCells: boolean[][];
  /** row index → 'Combinations {1} and {2} are equal!' */
  duplicates: Map<number, Message>;
}

/**
 * What the table flags while typing: malformed genotypes, and every complete row equal to an earlier
 * one once normalised (`C/T` = `TC` = `ct`), with the 1-based numbers of both rows.
 */
export function liveIssues(geneCodes: readonly string[], rows: readonly GenotypeRow[]): LiveIssues {
  const invalidCells = rows.map((row) => row.cells.map(isInvalidCell));
  const duplicates = new Map<number, Message>();
  const firstRow = new Map<string, number>();
  rows.forEach((row, index) => {
    const complete =
      geneCodes.length > 0 &&
      geneCodes.every((_, cell) => {
        const value = row.cells[cell] ?? '';
        return value.trim() !== '' && !isInvalidCell(value);
      });
    if (!complete) return;
    const key = genotypeCombinationKey(
      Object.fromEntries(geneCodes.map((code, cell) => [code, row.cells[cell] ?? ''])),
    );
    const earlier = firstRow.get(key);
    if (earlier === undefined) firstRow.set(key, index);
    else
      duplicates.set(index, { key: 'genotypeCombinationsEqual', params: { 1: earlier + 1, 2: index + 1 } });
  });
  return { invalidCells, duplicates };
}

/**
 * The full check before the rows leave the step (the contract's rule, as the server applies it):
 * row index → its first problem, or the table's own problem under -1 (no rows at all).
 */
export function rowProblems(
  geneCodes: readonly string[],
  rows: readonly GenotypeRow[],
): Map<number, Message> {
  const problems = new Map<number, Message>();
  if (rows.length === 0) {
    problems.set(-1, { key: 'genotypeCombinationsRequired' });
    return problems;
  }
  const { issues } = checkGenotypeCombinations(geneCodes, rowsToCombinations(geneCodes, rows));
  for (const issue of issues)
    if (!problems.has(issue.index)) problems.set(issue.index, { key: issue.key, params: issue.params });
  return problems;
}

/** The server's row errors (`genotypeCombinations.<index>`) by row index; `genotypeCombinations` itself under -1. */
export function serverRowErrors(fields: Readonly<Record<string, string>>): Map<number, string> {
  const errors = new Map<number, string>();
  for (const [name, message] of Object.entries(fields)) {
    const match = name.match(/^genotypeCombinations(?:\.(\d+))?/i);
    if (match) errors.set(match[1] === undefined ? -1 : Number(match[1]), message);
  }
  return errors;
}
