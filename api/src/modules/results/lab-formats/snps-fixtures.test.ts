import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStrandAmbiguous, LabFileFormat } from '@genodesk/contract';
import { describe, expect, it } from 'vitest';
import { accepted, genotypesOf, problemsOf, read, refusals } from './test-files.js';
import type { MapMarker } from './types.js';

/** The `snps` project's test inputs (fixtures/README.md): rs1… at chromosome 1, positions 101… (GRCh37 here). */
const fixture = (name: string) =>
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name));

const marker = (n: number, reference: string, alternative: string) =>
  ({
    geneCode: `rs${n}`,
    rsid: `rs${n}`,
    geneName: `GENE${n}`,
    hgvsC: '',
    protein: '',
    transcript: '',
    chromosome: '1',
    positionGrch37: 100 + n,
    positionGrch38: null,
    reference,
    alternative,
    geneStrand: '+',
    strandAmbiguous: isStrandAmbiguous(reference, alternative),
  }) satisfies MapMarker;

/** As the VCF rows have them (rs2 the map says G, the VCF's REF is '.'), with an insertion and a deletion. */
const markers: MapMarker[] = [
  marker(1, 'A', 'G'),
  marker(2, 'G', 'C'),
  marker(3, 'G', 'T'),
  marker(4, 'C', 'T'),
  marker(5, 'C', 'T'),
  marker(6, 'G', 'C'),
  marker(7, 'G', 'T'),
  marker(8, 'A', 'T'),
  marker(10, 'A', 'AGC'),
  marker(11, 'AGC', 'A'),
];

/** A fixture without some of its lines (1-based). */
const without = (name: string, lines: number[]) =>
  fixture(name)
    .toString('latin1')
    .split('\n')
    .filter((_, i) => !lines.includes(i + 1))
    .join('\n');

const unexpected = (line: number, allele: string, gene: string, reference: string, alternative: string) => ({
  key: 'labFileUnexpectedAllele',
  params: { line, allele, gene, reference, alternative },
});

describe('the snps project’s public test files', () => {
  describe('are refused whole, every bad line named (they test odd rows on purpose)', () => {
    it.each(['testvcf.vcf', 'testvcf_phased.vcf', 'testvcf_chr_prefix.vcf', 'testvcf_multi_sample.vcf'])(
      '%s: GT 0/1 and 1/0 in rows without an ALT',
      async (name) => {
        const phased = name === 'testvcf_phased.vcf';
        expect(await read(fixture(name), { genomeBuild: 37 }, markers)).toEqual({
          ok: false,
          errors: [
            {
              key: 'labFileVcfAlleleIndex',
              params: { line: 20, sample: 'SAMPLEID', genotype: phased ? '0|1' : '0/1', alleles: 1 },
            },
            {
              key: 'labFileVcfAlleleIndex',
              params: { line: 21, sample: 'SAMPLEID', genotype: phased ? '1|0' : '1/0', alleles: 1 },
            },
          ],
          more: 0,
        });
      },
    );

    it.each([
      ['23andme.txt', [unexpected(22, 'C', 'rs7', 'G', 'T'), unexpected(25, 'A', 'rs10', 'D', 'I')]],
      ['23andme_win.txt', [unexpected(22, 'C', 'rs7', 'G', 'T'), unexpected(25, 'A', 'rs10', 'D', 'I')]],
      ['23andme_allele.txt', [unexpected(22, 'C', 'rs7', 'G', 'T')]],
      ['ancestry.txt', [unexpected(26, 'C', 'rs7', 'G', 'T')]],
      ['ancestry_multi_sep.txt', [unexpected(26, 'C', 'rs7', 'G', 'T')]],
      ['codigo46.txt', [unexpected(11, 'C', 'rs7', 'G', 'T')]],
      // Forward: A is T's complement, G the reference; the mix is no strand.
      ['sano.txt', [unexpected(11, 'A', 'rs7', 'G', 'T')]],
    ])('%s: a marker named with letters that are not its own', async (name, errors) => {
      expect(await read(fixture(name), { barcode: 'GD00000001' }, markers)).toEqual({
        ok: false,
        errors,
        more: 0,
      });
    });
  });

  it.each(['testvcf.vcf', 'testvcf_phased.vcf', 'testvcf_chr_prefix.vcf'])(
    '%s without its bad lines: VCF',
    async (name) => {
      const result = accepted(await read(without(name, [20, 21]), { genomeBuild: 37 }, markers));
      expect(result.format).toBe(LabFileFormat.Vcf);
      expect(genotypesOf(result).SAMPLEID).toEqual({
        rs1: 'A/A',
        rs2: '--',
        rs3: 'G/G',
        rs4: 'T/T',
        rs5: '--',
        rs6: 'G/C',
        rs7: '--',
        rs8: 'A/T',
        rs10: 'D/I',
        rs11: 'I/D',
      });
      // rs7's 1/2 is T/C: C is another ALT at the position, an allele the G>T marker does not have.
      expect(problemsOf(result).SAMPLEID).toEqual({
        rs2: 'referenceMismatch',
        rs5: 'noCall',
        rs7: 'alleleNotInMap',
      });
    },
  );

  it('testvcf_multi_sample.vcf without its bad lines: VCF of two samples', async () => {
    const result = accepted(
      await read(without('testvcf_multi_sample.vcf', [20, 21]), { genomeBuild: 37 }, markers),
    );
    expect(result.barcodes.map((entry) => entry.barcode)).toEqual(['SAMPLEID', 'MULTISAMPLE']);
    expect(
      result.counts.map(({ found, noCalls, referenceMismatches }) => [found, noCalls, referenceMismatches]),
    ).toEqual([
      [7, 2, 1],
      [0, 9, 1],
    ]);
  });

  it('testvcf.vcf names no build: refused unless one is chosen', async () => {
    expect(await read(fixture('testvcf.vcf'), {}, markers)).toEqual({
      ok: false,
      errors: [{ key: 'labFileMissingBuild', params: { line: 6 } }],
      more: 0,
    });
  });

  const consumer = {
    rs1: 'A/A',
    rs2: 'C/C',
    rs3: 'G/G',
    rs4: 'T/T',
    rs5: '--',
    rs6: 'G/C',
    rs7: '--',
    rs8: 'A/T',
  };

  it.each([
    ['23andme.txt', LabFileFormat.TwentyThreeAndMe, [22, 25]],
    ['23andme_win.txt', LabFileFormat.TwentyThreeAndMe, [22, 25]],
    ['23andme_allele.txt', LabFileFormat.TwentyThreeAndMe, [22]],
    ['ancestry.txt', LabFileFormat.AncestryDna, [26]],
    ['ancestry_multi_sep.txt', LabFileFormat.AncestryDna, [26]],
  ])('%s without its bad lines', async (name, format, bad) => {
    const result = accepted(await read(without(name, bad), { barcode: 'GD00000001' }, markers));
    expect(result.format).toBe(format);
    expect(genotypesOf(result).GD00000001).toMatchObject(consumer);
    expect(problemsOf(result).GD00000001).toMatchObject({ rs5: 'noCall', rs7: 'absent' });
  });

  it('ancestry_mt.txt: AncestryDNA, chromosome 26 (its bad line left out)', async () => {
    const mt = markers.slice(0, 3).map((m) => ({ ...m, chromosome: 'MT' }));
    expect(refusals(await read(fixture('ancestry_mt.txt'), { barcode: 'GD1' }, mt))).toEqual([
      unexpected(5, 'C', 'rs3', 'G', 'T'),
    ]);
    const result = accepted(await read(without('ancestry_mt.txt', [5]), { barcode: 'GD1' }, mt));
    // Chromosome 26 is MT, haploid: AncestryDNA's two columns `A A` are one allele.
    expect(genotypesOf(result).GD1).toEqual({ rs1: 'A', rs2: '--', rs3: '--' });
    expect(problemsOf(result).GD1).toEqual({ rs2: 'noCall', rs3: 'absent' });
  });

  it('codigo46.txt without its bad line: Final Report, Plus alleles, "Sample Name"', async () => {
    const result = accepted(await read(without('codigo46.txt', [11]), {}, markers));
    expect(result.format).toBe(LabFileFormat.FinalReport);
    expect(result.barcodes.map((entry) => entry.barcode)).toEqual(['123']);
    expect(genotypesOf(result)['123']).toMatchObject({ rs6: 'G/C', rs7: '--', rs8: 'A/T', rs1: '--' });
    expect(problemsOf(result)['123']).toMatchObject({ rs7: 'absent', rs1: 'absent' });
  });

  it('sano.txt without its bad line: Final Report, Forward alleles, matched by Chr/Position (GRCh37 inferred)', async () => {
    const result = accepted(await read(without('sano.txt', [11]), {}, markers));
    expect(result.genomeBuild).toBe(37);
    expect(genotypesOf(result)['123']).toMatchObject({ rs1: 'A/A', rs3: 'G/G', rs4: 'T/T' });
    expect(problemsOf(result)['123']).toEqual({
      rs2: 'strandAmbiguous',
      rs5: 'noCall',
      rs6: 'strandAmbiguous',
      rs7: 'absent',
      rs8: 'strandAmbiguous',
      rs10: 'absent',
      rs11: 'absent',
    });
  });
});
