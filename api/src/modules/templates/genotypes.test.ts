import {
  checkGenotypeCombinations,
  genotypeCombinationKey,
  normaliseGenotype,
  parseGeneCodes,
  translateMessage,
} from '@genodesk/contract';
import { describe, expect, it } from 'vitest';

describe('genotype normalisation', () => {
  it('treats C/T, TC, ct, C|T and C T as one genotype', () => {
    expect(normaliseGenotype('C/T')).toBe('C/T');
    expect(normaliseGenotype('TC')).toBe('C/T');
    expect(normaliseGenotype('ct')).toBe('C/T');
    expect(normaliseGenotype(' t / c ')).toBe('C/T');
    expect(normaliseGenotype('G/A')).toBe('A/G');
    expect(normaliseGenotype('I/D')).toBe(normaliseGenotype('di'));
    expect(normaliseGenotype('del/CTT')).toBe('CTT/DEL');
    expect(normaliseGenotype('A')).toBe('A');
    expect(normaliseGenotype('T|C')).toBe('C/T');
    expect(normaliseGenotype(' t  c ')).toBe('C/T');
    expect(normaliseGenotype('DEL CTT')).toBe('CTT/DEL');
  });

  it('refuses what is not a genotype', () => {
    for (const bad of ['', 'CTT', 'C/T/A', 'C/', '1/2', 'C T A', 'C||T', 'C/|T', '|'])
      expect(normaliseGenotype(bad), bad).toBeUndefined();
  });

  it('keys a combination whatever the order and case of genes and alleles', () => {
    expect(genotypeCombinationKey({ rs1801133: 'C/T', rs1801131: 'A/C' })).toBe(
      genotypeCombinationKey({ RS1801131: 'ca', rs1801133: 'TC' }),
    );
  });
});

describe('gene codes', () => {
  it('splits on commas, trims, and keys the set', () => {
    expect(parseGeneCodes(' rs1801133 ,rs1801131')).toEqual({
      ok: true,
      value: { codes: ['rs1801133', 'rs1801131'], key: 'rs1801131,rs1801133' },
    });
  });

  it('finds the same code twice, ignoring case and spaces', () => {
    expect(parseGeneCodes('rs1, RS1 ')).toEqual({ ok: false, error: 'geneCodesDuplicate' });
    expect(parseGeneCodes('rs1,rs2,rs1')).toEqual({ ok: false, error: 'geneCodesDuplicate' });
    expect(parseGeneCodes('rs1,,rs2')).toEqual({ ok: false, error: 'invalidGeneCodes' });
    expect(parseGeneCodes('rs1;rs2')).toEqual({ ok: false, error: 'invalidGeneCodes' });
  });
});

describe('genotype combinations of a template', () => {
  const genes = ['rs1801133', 'rs1801131'];

  it('names the first equal pair with 1-based rows', () => {
    const { issues } = checkGenotypeCombinations(genes, [
      { rs1801133: 'C/C', rs1801131: 'A/A' },
      { rs1801133: 'C/T', rs1801131: 'A/C' },
      { rs1801133: 'T/T', rs1801131: 'A/A' },
      { RS1801131: 'ca', rs1801133: 'tc' },
    ]);
    expect(issues).toEqual([{ index: 3, key: 'genotypeCombinationsEqual', params: { 1: 2, 2: 4 } }]);
    expect(translateMessage('genotypeCombinationsEqual', 'en', issues[0]?.params)).toBe(
      'Combinations 2 and 4 are equal!',
    );
    expect(translateMessage('genotypeCombinationsEqual', 'cs', issues[0]?.params)).toBe(
      'Kombinace 2 a 4 jsou stejné!',
    );
  });

  it('wants every gene of the combination and no other', () => {
    const { issues } = checkGenotypeCombinations(genes, [
      { rs1801133: 'C/C' },
      { rs1801133: 'C/C', rs1801131: 'A/A', rs6025: 'C/C' },
      { rs1801133: 'XY', rs1801131: 'A/A' },
    ]);
    expect(issues).toEqual([
      { index: 0, key: 'genotypeMissingGene', params: { 1: 1, gene: 'rs1801131' } },
      { index: 1, key: 'genotypeUnknownGene', params: { 1: 2, gene: 'rs6025' } },
      { index: 2, key: 'invalidGenotype', params: { 1: 3, gene: 'rs1801133', genotype: 'XY' } },
    ]);
  });

  it('answers canonical gene codes and display genotypes', () => {
    const { rows, issues } = checkGenotypeCombinations(genes, [{ RS1801133: 'tc', rs1801131: 'a/c' }]);
    expect(issues).toEqual([]);
    expect(rows).toEqual([{ rs1801133: 'T/C', rs1801131: 'A/C' }]);
  });
});

describe('message parameters', () => {
  it('fills named placeholders and leaves unknown ones', () => {
    expect(translateMessage('genotypeMissingGene', 'en', { 1: 3, gene: 'rs6025' })).toBe(
      'Combination 3 has no genotype for the gene rs6025!',
    );
    expect(translateMessage('genotypeCombinationsEqual', 'en', { 1: 1 })).toBe(
      'Combinations 1 and {2} are equal!',
    );
    expect(translateMessage('Plain {1} text', 'cs', { 1: 'x' })).toBe('Plain x text');
  });
});
