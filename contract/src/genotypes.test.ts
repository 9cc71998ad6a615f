import { describe, expect, it } from 'vitest';
import { complementAllele, inNotation, notationAlleles, orderAlleles, readGenotype } from './genotypes.js';

const leiden = { reference: 'C', alternative: 'T', geneStrand: '-', hgvsC: 'NM_000130.5:c.1601G>A' };
const prothrombin = { reference: 'G', alternative: 'A', geneStrand: '+', hgvsC: 'NM_000506.5:c.*97G>A' };
const f508del = { reference: 'ATCT', alternative: 'A', geneStrand: '+', hgvsC: 'NM_000492.4:c.1521_1523del' };

describe('one genotype notation', () => {
  it('writes a single-base or multi-base substitution in its plus-strand bases, an indel as I (the longer) / D', () => {
    expect(notationAlleles(leiden)).toEqual({ reference: 'C', alternative: 'T' });
    expect(notationAlleles({ reference: 'ac', alternative: 'GT' })).toEqual({
      reference: 'AC',
      alternative: 'GT',
    });
    expect(notationAlleles(f508del)).toEqual({ reference: 'I', alternative: 'D' });
    expect(notationAlleles({ reference: 'A', alternative: 'AT' })).toEqual({
      reference: 'D',
      alternative: 'I',
    });
  });

  it('puts the reference allele first', () => {
    expect(orderAlleles(['T', 'C'], 'C')).toEqual(['C', 'T']);
    expect(orderAlleles(['T', 'T'], 'C')).toEqual(['T', 'T']);
    expect(orderAlleles(['D', 'I'], 'I')).toEqual(['I', 'D']);
  });

  it('knows a genotype in the notation from one that is not', () => {
    expect(inNotation(leiden, 'C/T')).toBe(true);
    expect(inNotation(leiden, 'tt')).toBe(true);
    // The gene strand's letters of the same Leiden genotype are not the notation.
    expect(inNotation(leiden, 'A/A')).toBe(false);
    expect(inNotation(f508del, 'I/D')).toBe(true);
    expect(inNotation(f508del, 'ATCT/A')).toBe(false);
    expect(inNotation(leiden, 'banana')).toBe(false);
  });

  it('complements a base, reverse-complements several, leaves I and D', () => {
    expect(complementAllele('A')).toBe('T');
    expect(complementAllele('ATCG')).toBe('CGAT');
    expect(complementAllele('I')).toBe('I');
  });

  it('reads zygosity against HGVS c.’s variant and the alleles on the gene’s strand', () => {
    // Factor V Leiden: F5 reads the minus strand; plus T/T is c.1601A on both alleles.
    expect(readGenotype(leiden, 'T/T')).toEqual({
      zygosity: 'homozygous',
      plusGenotype: 'T/T',
      geneGenotype: 'A/A',
    });
    expect(readGenotype(leiden, 'C/T')).toMatchObject({ zygosity: 'heterozygous', geneGenotype: 'G/A' });
    expect(readGenotype(leiden, 'C/C')).toMatchObject({ zygosity: 'wildType', geneGenotype: 'G/G' });
    expect(readGenotype(leiden, 'CT')).toMatchObject({ zygosity: 'heterozygous', geneGenotype: 'G/A' });
    expect(readGenotype(prothrombin, 'G/A')).toMatchObject({ zygosity: 'heterozygous', geneGenotype: 'G/A' });
    expect(readGenotype(f508del, 'D/D')).toMatchObject({ zygosity: 'homozygous', geneGenotype: 'D/D' });
    expect(readGenotype({ ...prothrombin, reference: 'A', alternative: 'G' }, 'G')).toMatchObject({
      zygosity: 'hemizygous',
    });
    expect(readGenotype({ ...prothrombin, reference: 'A', alternative: 'G' }, 'A')).toMatchObject({
      zygosity: 'hemizygousWildType',
    });
    expect(readGenotype(leiden, '--')).toEqual({
      zygosity: 'noCall',
      plusGenotype: '--',
      geneGenotype: '--',
    });
  });
});
