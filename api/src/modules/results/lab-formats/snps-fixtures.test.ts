import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LabFileFormat } from '@genodesk/contract';
import { describe, expect, it } from 'vitest';
import { strandAmbiguous } from './demo-markers.js';
import { accepted, genotypesOf, problemsOf, read } from './test-files.js';
import type { MapMarker } from './types.js';

/** The `snps` project's test inputs (fixtures/README.md): rs1… at chromosome 1, positions 101… (GRCh37 here). */
const fixture = (name: string) =>
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name));

const marker = (n: number, reference: string, alternative: string, catalogue = [reference, alternative]) =>
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
    catalogueReference: catalogue[0] as string,
    catalogueAlternative: catalogue[1] as string,
    strandAmbiguous: strandAmbiguous(reference, alternative),
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
  marker(10, 'A', 'AGC', ['D', 'I']),
  marker(11, 'AGC', 'A', ['I', 'D']),
];

describe('the snps project’s public test files', () => {
  it.each(['testvcf.vcf', 'testvcf_phased.vcf', 'testvcf_chr_prefix.vcf'])('%s: VCF', async (name) => {
    const result = accepted(await read(fixture(name), { genomeBuild: 37 }, markers));
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
    expect(problemsOf(result).SAMPLEID).toEqual({
      rs2: 'referenceMismatch',
      rs5: 'noCall',
      rs7: 'unexpectedAllele',
    });
  });

  it('testvcf_multi_sample.vcf: VCF of two samples', async () => {
    const result = accepted(await read(fixture('testvcf_multi_sample.vcf'), { genomeBuild: 37 }, markers));
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
    ['23andme.txt', LabFileFormat.TwentyThreeAndMe],
    ['23andme_win.txt', LabFileFormat.TwentyThreeAndMe],
    ['23andme_allele.txt', LabFileFormat.TwentyThreeAndMe],
    ['ancestry.txt', LabFileFormat.AncestryDna],
    ['ancestry_multi_sep.txt', LabFileFormat.AncestryDna],
  ])('%s', async (name, format) => {
    const result = accepted(await read(fixture(name), { barcode: 'GD00000001' }, markers));
    expect(result.format).toBe(format);
    expect(genotypesOf(result).GD00000001).toMatchObject(consumer);
    expect(problemsOf(result).GD00000001).toMatchObject({ rs5: 'noCall', rs7: 'unexpectedAllele' });
  });

  it('ancestry_mt.txt: AncestryDNA, chromosome 26', async () => {
    const mt = markers.slice(0, 3).map((m) => ({ ...m, chromosome: 'MT' }));
    const result = accepted(await read(fixture('ancestry_mt.txt'), { barcode: 'GD1' }, mt));
    expect(genotypesOf(result).GD1).toEqual({ rs1: 'A/A', rs2: '--', rs3: '--' });
    expect(problemsOf(result).GD1).toEqual({ rs2: 'noCall', rs3: 'unexpectedAllele' });
  });

  it('codigo46.txt: Final Report, Plus alleles, "Sample Name"', async () => {
    const result = accepted(await read(fixture('codigo46.txt'), {}, markers));
    expect(result.format).toBe(LabFileFormat.FinalReport);
    expect(result.barcodes.map((entry) => entry.barcode)).toEqual(['123']);
    expect(genotypesOf(result)['123']).toMatchObject({ rs6: 'G/C', rs7: '--', rs8: 'A/T', rs1: '--' });
    expect(problemsOf(result)['123']).toMatchObject({ rs7: 'unexpectedAllele', rs1: 'absent' });
  });

  it('sano.txt: Final Report, Forward alleles, matched by Chr/Position (GRCh37 inferred)', async () => {
    const result = accepted(await read(fixture('sano.txt'), {}, markers));
    expect(result.genomeBuild).toBe(37);
    expect(genotypesOf(result)['123']).toMatchObject({ rs1: 'A/A', rs3: 'G/G', rs4: 'T/T' });
    expect(problemsOf(result)['123']).toEqual({
      rs2: 'strandAmbiguous',
      rs5: 'noCall',
      rs6: 'strandAmbiguous',
      rs7: 'unexpectedAllele',
      rs8: 'strandAmbiguous',
      rs10: 'absent',
      rs11: 'absent',
    });
  });
});
