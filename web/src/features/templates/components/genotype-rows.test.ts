import { describe, expect, it } from 'vitest';
import {
  alignRows,
  emptyRow,
  liveIssues,
  rowProblems,
  rowsFromCombinations,
  rowsToCombinations,
  serverRowErrors,
} from './genotype-rows';

const genes = ['rs1801133', 'rs1801131'];
const rows = (...cells: string[][]) => cells.map((c, i) => ({ key: `k${i}`, cells: c }));

describe('genotype combination rows', () => {
  it('round-trips stored combinations, matching genes ignoring case', () => {
    const r = rowsFromCombinations(genes, [{ RS1801133: 'C/T', rs1801131: 'A/A' }]);
    expect(r[0]?.cells).toEqual(['C/T', 'A/A']);
    expect(rowsToCombinations(genes, rows([' ct ', 'aa']))).toEqual([{ rs1801133: 'ct', rs1801131: 'aa' }]);
  });

  it('starts a row empty with a cell per gene', () => {
    expect(emptyRow(3).cells).toEqual(['', '', '']);
    expect(emptyRow(1).key).not.toBe(emptyRow(1).key);
  });

  it('keeps cells with their gene when the genes change', () => {
    const aligned = alignRows(rows(['C/T', 'A/A']), genes, ['RS1801131', 'rs999']);
    expect(aligned[0]?.cells).toEqual(['A/A', '']);
  });

  it('flags equal rows while typing, once normalised, with 1-based numbers', () => {
    const issues = liveIssues(genes, rows(['C/T', 'A/A'], ['G/G', 'A/C'], ['tc', 'aa']));
    expect([...issues.duplicates]).toEqual([
      [2, { key: 'genotypeCombinationsEqual', params: { 1: 1, 2: 3 } }],
    ]);
  });

  it('ignores incomplete or malformed rows when looking for equal ones', () => {
    const issues = liveIssues(genes, rows(['C/T', ''], ['C/T', ''], ['C/T', 'XX'], ['C/T', 'XX']));
    expect(issues.duplicates.size).toBe(0);
    expect(issues.invalidCells).toEqual([
      [false, false],
      [false, false],
      [false, true],
      [false, true],
    ]);
  });

  it('checks the rows as the server does before leaving the step', () => {
    expect(rowProblems(genes, []).get(-1)).toEqual({ key: 'genotypeCombinationsRequired' });
    expect(rowProblems(genes, rows(['C/T', '']))).toEqual(
      // An empty cell is a genotype missing, said so (not 'the genotype "" is not valid').
      new Map([[0, { key: 'genotypeMissingGene', params: { 1: 1, gene: 'rs1801131' } }]]),
    );
    expect(rowProblems(genes, rows(['C/T', 'A/A'], ['T/C', 'a/a'])).get(1)).toEqual({
      key: 'genotypeCombinationsEqual',
      params: { 1: 1, 2: 2 },
    });
    expect(rowProblems(genes, rows(['C/T', 'A/A'], ['T/T', 'A/A'])).size).toBe(0);
  });

  it('reads the server row errors by index', () => {
    const errors = serverRowErrors({
      'genotypeCombinations.1': 'Kombinace 1 a 2 jsou stejné!',
      genotypeCombinations: 'x',
      templateText: 'y',
    });
    expect([...errors]).toEqual([
      [1, 'Kombinace 1 a 2 jsou stejné!'],
      [-1, 'x'],
    ]);
  });
});
