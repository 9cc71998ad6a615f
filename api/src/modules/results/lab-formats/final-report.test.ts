import { LabFileFormat, noCallGenotype } from '@genodesk/contract';
import { describe, expect, it } from 'vitest';
import { demoMarkers } from './demo-markers.js';
import {
  accepted,
  demoSamples,
  finalReport,
  genotypesOf,
  problemsOf,
  read,
  reasonsOf,
  refusal,
  refusals,
  type TestSample,
  testMarkers,
} from './test-files.js';

function report(columns: string[], rows: string[][], separator = '\t') {
  return [
    '[Header]',
    `GSGT Version${separator}2.0.4`,
    `Content${separator}${separator}GSA-24v3-0_A1.bpm`,
    `Num Samples${separator}2`,
    '[Data]',
    columns.join(separator),
    ...rows.map((row) => row.join(separator)),
  ].join('\n');
}
const plus = ['SNP Name', 'Sample ID', 'Allele1 - Plus', 'Allele2 - Plus', 'GC Score'];

describe('Illumina GenomeStudio Final Report', () => {
  const samples = demoSamples(5, 77);

  it('reads the [Header] and [Data] sections, one row per SNP × sample, keeping only mapped markers', async () => {
    const result = accepted(await read(finalReport(samples, { noise: 20 })));
    expect(result.format).toBe(LabFileFormat.FinalReport);
    expect(result.barcodes.map((entry) => entry.barcode)).toEqual(samples.map((sample) => sample.barcode));
    expect(result.barcodes[0]?.line).toBe(11);
    expect(result.rows).toBe(samples.length * (demoMarkers.length + 20));
    expect(result.barcodes[0]?.genes).toHaveLength(testMarkers.length);
    expect(genotypesOf(result).GD00000001?.rs4988235).toBe(samples[0]?.genotypes.rs4988235);
    // The test-only markers are not on the chip.
    expect(problemsOf(result).GD00000001?.['MT-TL1']).toBe('absent');
  });

  it('reads a report that starts at its [Data] section', async () => {
    const text = ['[Data]', plus.join('\t'), ['rs4988235', 'S1', 'A', 'G', '0.9'].join('\t')].join('\n');
    expect(genotypesOf(await read(text)).S1?.rs4988235).toBe('G/A');
  });

  it('reads a comma-separated report as a tab-separated one', async () => {
    expect(genotypesOf(await read(finalReport(samples, { separator: ',' })))).toEqual(
      genotypesOf(await read(finalReport(samples))),
    );
  });

  it('converts Forward and Top alleles through the map; skips strand-ambiguous markers there', async () => {
    const expected = genotypesOf(await read(finalReport(samples)));
    for (const strand of ['forward', 'top'] as const) {
      const result = accepted(await read(finalReport(samples, { strand })));
      for (const [barcode, genes] of Object.entries(genotypesOf(result)))
        for (const [code, genotype] of Object.entries(genes)) {
          if (code === 'rs1799945' || code === 'rs9939609') {
            expect(genotype).toBe(noCallGenotype);
            expect(problemsOf(result)[barcode]?.[code]).toBe('strandAmbiguous');
          } else expect(genotype).toBe(expected[barcode]?.[code]);
        }
      expect(result.counts[0]).toMatchObject({ ambiguousSkipped: 2, found: demoMarkers.length - 2 });
    }
  });

  it('reads a strand-ambiguous marker in Plus alleles', async () => {
    const genes = genotypesOf(await read(finalReport(samples))).GD00000001;
    expect(genes?.rs1799945).toBe(samples[0]?.genotypes.rs1799945);
    expect(genes?.rs9939609).toBe(samples[0]?.genotypes.rs9939609);
  });

  it('takes -, 0 and a half-call as no-calls; writes the reference allele first', async () => {
    const text = report(plus, [
      ['rs4988235', 'S1', '-', '-', '0'],
      ['rs1801133', 'S1', 'A', '-', '0'],
      ['rs762551', 'S1', '0', '0', '0'],
      ['rs1815739', 'S1', 'T', 'C', '0.8'],
    ]);
    const result = accepted(await read(text));
    expect(reasonsOf(result).S1).toMatchObject({
      rs4988235: 'noCall',
      rs1801133: 'noCall',
      rs762551: 'noCall',
      rs1815739: null,
    });
    expect(genotypesOf(result).S1?.rs1815739).toBe('C/T');
  });

  it('reads I/D indel alleles: I the longer allele, D the shorter', async () => {
    const text = report(plus, [
      ['rs113993960', 'S1', 'D', 'I', '0.9'],
      ['rs113993960', 'S2', 'D', 'D', '0.9'],
      ['rs9999002', 'S1', 'I', 'D', '0.9'],
    ]);
    const result = accepted(await read(text));
    // CFTR F508del deletes (reference I), the test insertion inserts (reference D).
    expect(genotypesOf(result).S1).toMatchObject({ rs113993960: 'I/D', instest: 'D/I' });
    expect(genotypesOf(result).S2?.rs113993960).toBe('D/D');
  });

  it('converts Top alleles that are the complements of the map’s (rs4988235 G/A written C/T)', async () => {
    const top = ['SNP Name', 'Sample ID', 'Allele1 - Top', 'Allele2 - Top'];
    const result = accepted(await read(report(top, [['rs4988235', 'S1', 'T', 'C']])));
    expect(genotypesOf(result).S1?.rs4988235).toBe('G/A');
  });

  it('matches SNP Name to the rsid case-insensitively, or to the gene code', async () => {
    const expected = genotypesOf(await read(finalReport(samples)));
    expect(genotypesOf(await read(finalReport(samples, { names: 'upper' })))).toEqual(expected);
    expect(genotypesOf(await read(finalReport(samples, { names: 'geneCode' })))).toEqual(expected);
    const byCode = report(plus, [['MT-TL1', 'S1', 'G', 'G', '0.9']]);
    // MT is haploid: the array's two allele columns are one allele.
    expect(genotypesOf(await read(byCode)).S1?.['MT-TL1']).toBe('G');
  });

  it('reads a SNP Name and a Sample ID padded with spaces as the name and the barcode', async () => {
    const padded = report(plus, [
      ['rs4988235 ', ' S1 ', 'G', 'A', '0.9'],
      ['  rs762551', 'S1', 'A', 'C', '0.9'],
    ]);
    expect(genotypesOf(await read(padded)).S1).toMatchObject({ rs4988235: 'G/A', rs762551: 'C/A' });
  });

  describe('by position, when no name matches', () => {
    const expected = async () => genotypesOf(await read(finalReport(samples)));

    it('in the chosen build', async () => {
      for (const build of [37, 38] as const) {
        const result = accepted(
          await read(finalReport(samples, { names: 'none', positions: build }), { genomeBuild: build }),
        );
        expect(result.genomeBuild).toBe(build);
        expect(genotypesOf(result)).toEqual(await expected());
      }
    });

    it('in the build the position columns fall on, when none was chosen', async () => {
      for (const build of [37, 38] as const) {
        const result = accepted(await read(finalReport(samples, { names: 'none', positions: build })));
        expect(result.genomeBuild).toBe(build);
        expect(genotypesOf(result)).toEqual(await expected());
      }
    });

    it('in the build the rows matched by name agree with', async () => {
      const rows = [
        ['rs4988235', 'S1', 'A', 'A', '0.9', '2', '136608646'],
        ['GSA-rs1801133', 'S1', 'A', 'G', '0.9', '1', '11856378'],
        ['exm-x', 'S1', 'A', 'G', '0.9', '1', '11796321'],
      ];
      const result = accepted(await read(report([...plus, 'Chr', 'Position'], rows)));
      expect(result.genomeBuild).toBe(37);
      expect(genotypesOf(result).S1).toMatchObject({ rs4988235: 'A/A', rs1801133: 'G/A' });
    });

    it('a name match beats a position match', async () => {
      const rows = [
        ['GSA-rs4988235', 'S1', 'G', 'G', '0.9', '2', '136608646'],
        ['rs4988235', 'S1', 'A', 'A', '0.9', '2', '136608646'],
      ];
      const result = await read(report([...plus, 'Chr', 'Position'], rows), { genomeBuild: 37 });
      expect(genotypesOf(result).S1?.rs4988235).toBe('A/A');
    });

    it('passes over a row matched by position only whose letters are not the marker’s (another variant there)', async () => {
      const rows = [
        ['GSA-x', 'S1', 'C', 'T', '0.9', '2', '136608646'],
        ['rs1801133', 'S1', 'G', 'A', '0.9', '1', '11856378'],
      ];
      const result = accepted(await read(report([...plus, 'Chr', 'Position'], rows), { genomeBuild: 37 }));
      expect(reasonsOf(result).S1).toMatchObject({ rs4988235: 'absent', rs1801133: null });
    });
  });

  it('fills every sample of the report with every mapped marker', async () => {
    const partial: TestSample[] = [
      { barcode: 'GD1', genotypes: { rs4988235: 'G/A' } },
      { barcode: 'GD2', genotypes: {} },
    ];
    const text = report(plus, [
      ['rs4988235', 'GD1', 'G', 'A', '0.9'],
      ['rs111', 'GD2', 'G', 'A', '0.9'],
    ]);
    const result = accepted(await read(text));
    expect(result.barcodes.map((entry) => entry.barcode)).toEqual(partial.map((sample) => sample.barcode));
    expect(result.counts.map((counts) => counts.found)).toEqual([1, 0]);
    expect(result.counts[1]?.noCalls).toBe(testMarkers.length);
  });

  describe('bad files are refused whole, naming the line', () => {
    it('no [Data] section', async () => {
      expect(refusal(await read('[Header]\nGSGT Version\t2.0.4\nNum Samples\t1\n'))).toEqual({
        key: 'labFileFinalReportNoData',
        params: { line: 3 },
      });
    });

    it.each([
      ['SNP Name', ['Sample ID', 'Allele1 - Plus', 'Allele2 - Plus']],
      ['Sample ID', ['SNP Name', 'Allele1 - Plus', 'Allele2 - Plus']],
      ['Allele1 - Plus', ['SNP Name', 'Sample ID', 'Allele1 - AB', 'Allele2 - AB']],
    ])('a missing %s column', async (column, columns) => {
      expect(refusal(await read(report(columns, [])))).toEqual({
        key: 'resultsFileMissingColumn',
        params: { line: 6, column },
      });
    });

    it('a row with too few values', async () => {
      const result = await read(
        report(plus, [['rs4988235', 'S1', 'G', 'A', '0.9'], ['rs762551'], ['rs762551', 'S1', 'C']]),
      );
      expect(result).toEqual({
        ok: false,
        errors: [
          { key: 'resultsFileWrongFieldCount', params: { line: 8, expected: 5, found: 1 } },
          { key: 'resultsFileWrongFieldCount', params: { line: 9, expected: 5, found: 3 } },
        ],
        more: 0,
      });
    });

    it('every bad row, mapped or not: values missing or too many, alleles that do not read', async () => {
      const result = await read(
        report(plus, [
          ['rs4988235', 'S1', 'G', 'A', '0.9'],
          ['rs999', 'S1', 'A', 'G', '0.9', 'extra'],
          ['rs999', 'S1', 'X', 'G', '0.9'],
          ['rs998', 'S1', 'AG', 'G', '0.9'],
          ['rs4988235', 'S2', '', 'A', '0.9'],
          ['rs997', '', 'A', 'G', '0.9'],
          ['rs996', 'S1', '--', '00', '0.9'],
        ]),
      );
      expect(result).toEqual({
        ok: false,
        errors: [
          { key: 'resultsFileWrongFieldCount', params: { line: 8, expected: 5, found: 6 } },
          { key: 'labFileInvalidGenotype', params: { line: 9, sample: 'S1', genotype: 'X/G' } },
          { key: 'labFileInvalidGenotype', params: { line: 10, sample: 'S1', genotype: 'AG/G' } },
          { key: 'labFileInvalidGenotype', params: { line: 11, sample: 'S2', genotype: '/A' } },
          { key: 'resultsFileEmptyValue', params: { line: 12, column: 'Sample ID' } },
        ],
        more: 0,
      });
    });

    it('a row named as a marker whose letters are not the marker’s, on its strand or the complement', async () => {
      const result = await read(
        report(plus, [
          ['rs762551', 'S1', 'C', 'G', '0.8'],
          ['rs1801133', 'S1', 'I', 'D', '0.9'],
          ['rs4988235', 'S1', 'C', 'T', '0.9'],
          ['rs113993960', 'S1', 'A', 'T', '0.9'],
        ]),
      );
      expect(result).toEqual({
        ok: false,
        errors: [
          {
            key: 'labFileUnexpectedAllele',
            params: { line: 7, allele: 'G', gene: 'rs762551', reference: 'C', alternative: 'A' },
          },
          {
            key: 'labFileUnexpectedAllele',
            params: { line: 8, allele: 'I', gene: 'rs1801133', reference: 'G', alternative: 'A' },
          },
          // Plus alleles: the complement is no excuse.
          {
            key: 'labFileUnexpectedAllele',
            params: { line: 9, allele: 'C', gene: 'rs4988235', reference: 'G', alternative: 'A' },
          },
          {
            key: 'labFileUnexpectedAllele',
            params: { line: 10, allele: 'A', gene: 'rs113993960', reference: 'I', alternative: 'D' },
          },
        ],
        more: 0,
      });
      const top = ['SNP Name', 'Sample ID', 'Allele1 - Top', 'Allele2 - Top'];
      // Top: a mix of an allele and another's complement, and a strand-ambiguous marker's foreign letter.
      expect(
        refusals(
          await read(
            report(top, [
              ['rs4988235', 'S1', 'C', 'A'],
              ['rs1799945', 'S1', 'C', 'T'],
            ]),
          ),
        ),
      ).toEqual([
        {
          key: 'labFileUnexpectedAllele',
          params: { line: 7, allele: 'C', gene: 'rs4988235', reference: 'G', alternative: 'A' },
        },
        {
          key: 'labFileUnexpectedAllele',
          params: { line: 8, allele: 'T', gene: 'rs1799945', reference: 'C', alternative: 'G' },
        },
      ]);
    });

    it('no mapped marker', async () => {
      expect(refusal(await read(report(plus, [['rs1', 'S1', 'A', 'A', '0.9']])))).toEqual({
        key: 'labFileNoMappedMarker',
        params: { line: 7 },
      });
    });
  });
});
