import type { Marker } from '@genodesk/contract/markers';
import { markerRequestSchema } from '@genodesk/contract/markers';
import { describe, expect, it } from 'vitest';
import {
  emptyMarkerValues,
  locus,
  markerToValues,
  refusalLines,
  typedStrandAmbiguous,
  valuesToRequest,
} from './marker-values';

const lactase: Marker = {
  id: 7,
  geneCode: 'rs4988235',
  rsid: 'rs4988235',
  geneName: 'MCM6',
  hgvsC: 'c.1917+326C>T',
  protein: '',
  transcript: 'NM_005915.6',
  chromosome: '2',
  positionGrch37: 136608646,
  positionGrch38: null,
  reference: 'G',
  alternative: 'A',
  geneStrand: '-',
  strandAmbiguous: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedBy: null,
};

describe('the marker form', () => {
  it('edits a marker as text and sends it back as the contract reads it', () => {
    const values = markerToValues(lactase);
    expect(values.PositionGrch37).toBe('136608646');
    expect(values.PositionGrch38).toBe('');
    expect(
      valuesToRequest({ ...values, PositionGrch38: ' 135851076 ', Reference: 'g', Alternative: 'a' }),
    ).toEqual({
      GeneCode: 'rs4988235',
      Rsid: 'rs4988235',
      GeneName: 'MCM6',
      HgvsC: 'c.1917+326C>T',
      Protein: '',
      Transcript: 'NM_005915.6',
      Chromosome: '2',
      PositionGrch37: 136608646,
      PositionGrch38: 135851076,
      Reference: 'G',
      Alternative: 'A',
      GeneStrand: '-',
    });
  });

  it('refuses a gene strand that reads the HGVS c. other than its alleles', () => {
    const values = { ...markerToValues(lactase), GeneStrand: '+' };
    const result = markerRequestSchema.safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['GeneStrand', 'markerHgvsStrandMismatch'],
    ]);
  });

  it('checks an empty form with the contract: required fields and a position in one build', () => {
    const result = markerRequestSchema.safeParse({ ...emptyMarkerValues, GeneCode: 'x', Chromosome: 'chrX' });
    expect(result.success).toBe(false);
    const fields = new Map(result.error?.issues.map((issue) => [issue.path[0], issue.message]));
    expect(fields.get('Reference')).toBe('required');
    expect(fields.get('Alternative')).toBe('required');
    expect(fields.has('GeneStrand')).toBe(false);
    expect(fields.has('Chromosome')).toBe(false);
    const empty = markerRequestSchema.safeParse(emptyMarkerValues);
    expect(
      new Map(empty.error?.issues.map((issue) => [issue.path[0], issue.message])).get('Chromosome'),
    ).toBe('required');
  });

  it('flags A/T and C/G alleles as strand-ambiguous while typing', () => {
    expect(typedStrandAmbiguous({ Reference: 'a', Alternative: 't ' })).toBe(true);
    expect(typedStrandAmbiguous({ Reference: 'C', Alternative: 'G' })).toBe(true);
    expect(typedStrandAmbiguous({ Reference: 'G', Alternative: 'A' })).toBe(false);
    expect(typedStrandAmbiguous({ Reference: '', Alternative: '' })).toBe(false);
  });

  it('writes a position with its chromosome, a dash without one', () => {
    expect(locus('2', 136608646)).toBe('2:136608646');
    expect(locus('X', null)).toBe('—');
  });
});

describe('a refused import', () => {
  it('lists the bad lines in file order, the count of further lines last', () => {
    expect(
      refusalLines({
        more: '… and 3 more bad lines.',
        'line.12.Reference': 'Line 12, Reference: …',
        'line.3': 'Line 3: the number of values is 12, expected 13.',
        'line.12.Rsid': 'Line 12, Rsid: …',
      }),
    ).toEqual([
      'Line 3: the number of values is 12, expected 13.',
      'Line 12, Reference: …',
      'Line 12, Rsid: …',
      '… and 3 more bad lines.',
    ]);
  });
});
