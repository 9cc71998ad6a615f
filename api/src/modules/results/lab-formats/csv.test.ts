import { describe, expect, it } from 'vitest';
import { maxReportedErrors } from '../results-file.js';
import { parseResultsFile } from './csv.js';
import { demoMarkers } from './demo-markers.js';
import { maxLineBytes } from './lines.js';
import { MarkerIndex } from './marker-index.js';

const encode = (text: string) => new TextEncoder().encode(text);
const header = 'barcode;gene_code;gene_name;hgvs_c;protein;transcript;genotype';

describe('parseResultsFile', () => {
  it('reads a semicolon file into genotypes grouped by barcode, with the first line of each', () => {
    const parsed = parseResultsFile(
      encode(
        [
          header,
          'GD00000001;rs1801133;MTHFR;NM_005957.5:c.665C>T;p.Ala222Val;NM_005957.5;tc',
          'GD00000002;rs1801133;MTHFR;NM_005957.5:c.665C>T;p.Ala222Val;NM_005957.5;C/C',
          'GD00000001;rs762551;CYP1A2;NM_000761.5:c.-163C>A;;NM_000761.5;a/c',
          '',
        ].join('\n'),
      ),
    );
    expect(parsed).toEqual({
      ok: true,
      rows: 3,
      barcodes: [
        {
          barcode: 'GD00000001',
          line: 2,
          genes: [
            {
              geneCode: 'rs1801133',
              geneName: 'MTHFR',
              hgvsC: 'NM_005957.5:c.665C>T',
              protein: 'p.Ala222Val',
              transcript: 'NM_005957.5',
              genotype: 'T/C',
              noCallReason: null,
            },
            {
              geneCode: 'rs762551',
              geneName: 'CYP1A2',
              hgvsC: 'NM_000761.5:c.-163C>A',
              protein: '',
              transcript: 'NM_000761.5',
              genotype: 'A/C',
              noCallReason: null,
            },
          ],
        },
        {
          barcode: 'GD00000002',
          line: 3,
          genes: [
            {
              geneCode: 'rs1801133',
              geneName: 'MTHFR',
              hgvsC: 'NM_005957.5:c.665C>T',
              protein: 'p.Ala222Val',
              transcript: 'NM_005957.5',
              genotype: 'C/C',
              noCallReason: null,
            },
          ],
        },
      ],
    });
  });

  it('takes commas, a BOM, CRLF, columns in any order and case, quoted fields and blank lines', () => {
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...encode(
        [
          'Genotype,BARCODE,Gene_Code,gene_name,HGVS_C,protein,transcript',
          '',
          '"G/A",GD00000003,rs4988235,"MCM6, LCT",NM_005915.6:c.1917+326C>T,"p.""X""",NM_005915.6',
          '   ',
          'DEL/INS,GD00000003,rs333,CCR5,"multi',
          'line",,NM_000579.4',
        ].join('\r\n'),
      ),
    ]);
    const parsed = parseResultsFile(bytes);
    expect(parsed).toEqual({
      ok: true,
      rows: 2,
      barcodes: [
        {
          barcode: 'GD00000003',
          line: 3,
          genes: [
            {
              geneCode: 'rs4988235',
              geneName: 'MCM6, LCT',
              hgvsC: 'NM_005915.6:c.1917+326C>T',
              protein: 'p."X"',
              transcript: 'NM_005915.6',
              genotype: 'G/A',
              noCallReason: null,
            },
            {
              geneCode: 'rs333',
              geneName: 'CCR5',
              hgvsC: 'multi\nline',
              protein: '',
              transcript: 'NM_000579.4',
              genotype: 'DEL/INS',
              noCallReason: null,
            },
          ],
        },
      ],
    });
  });

  it.each([
    [
      'a missing column',
      'barcode;gene_code;gene_name;hgvs_c;protein;genotype\nGD1;rs1;G;;;C/T',
      {
        key: 'resultsFileMissingColumn',
        params: { line: 1, column: 'transcript' },
      },
    ],
    [
      'an empty barcode',
      `${header}\nGD1;rs1;G;;;;C/T\n;rs2;G;;;;C/T`,
      {
        key: 'resultsFileEmptyValue',
        params: { line: 3, column: 'barcode' },
      },
    ],
    [
      'an empty gene code',
      `${header}\n\nGD1; ;G;;;;C/T`,
      {
        key: 'resultsFileEmptyValue',
        params: { line: 3, column: 'gene_code' },
      },
    ],
    [
      'an empty genotype',
      `${header}\r\nGD1;rs1;G;;;;`,
      {
        key: 'resultsFileEmptyValue',
        params: { line: 2, column: 'genotype' },
      },
    ],
    [
      'an invalid genotype',
      `${header}\nGD1;rs1;G;;;;C/X`,
      {
        key: 'resultsFileInvalidGenotype',
        params: { line: 2, genotype: 'C/X' },
      },
    ],
    [
      'a wrong field count',
      `${header}\nGD1;rs1;G;;;;C/T\nGD1;rs2;G;;;C/T`,
      {
        key: 'resultsFileWrongFieldCount',
        params: { line: 3, expected: 7, found: 6 },
      },
    ],
    [
      'the same gene twice for a barcode',
      `${header}\nGD1;rs1;G;;;;C/T\nGD2;rs1;G;;;;C/T\nGD1;RS1;G;;;;T/T`,
      {
        key: 'resultsFileDuplicateGene',
        params: { line: 4, gene: 'RS1', barcode: 'GD1' },
      },
    ],
    ['no data rows', `${header}\n\n`, { key: 'resultsFileEmpty', params: {} }],
    ['nothing at all', '\n  \n', { key: 'resultsFileEmpty', params: {} }],
  ])('refuses %s, naming the line', (_name, text, error) => {
    expect(parseResultsFile(encode(text))).toEqual({ ok: false, errors: [error], more: 0 });
  });

  it('names every bad line of a file at once, in file order', () => {
    const text = `${header}\nGD1;rs1;G;;;;C/T\nGD1;rs2;G;;;;C/X\nGD2;rs1;G;;;;C/T\n;rs3;G;;;;A/A\nGD3;rs1;G;;;;Q\n`;
    expect(parseResultsFile(encode(text))).toEqual({
      ok: false,
      errors: [
        { key: 'resultsFileInvalidGenotype', params: { line: 3, genotype: 'C/X' } },
        { key: 'resultsFileEmptyValue', params: { line: 5, column: 'barcode' } },
        { key: 'resultsFileInvalidGenotype', params: { line: 6, genotype: 'Q' } },
      ],
      more: 0,
    });
  });

  it('names the first hundred bad lines and counts the rest', () => {
    const bad = Array.from({ length: 130 }, (_, i) => `GD${i};rs1;G;;;;X/X`).join('\n');
    const parsed = parseResultsFile(encode(`${header}\n${bad}`));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toHaveLength(maxReportedErrors);
    expect(parsed.errors[99]).toEqual({
      key: 'resultsFileInvalidGenotype',
      params: { line: 101, genotype: 'X/X' },
    });
    expect(parsed.more).toBe(30);
  });

  it('reads a quoted field over several lines; a quote left open takes the rest of the file into one record', () => {
    const spanning = parseResultsFile(
      encode(`${header}\nGD1;rs1;"MTHFR\nsecond line";;;;C/T\nGD2;rs1;G;;;;C/T\n`),
    );
    expect(spanning.ok && spanning.barcodes.map((b) => [b.barcode, b.line, b.genes[0]?.geneName])).toEqual([
      ['GD1', 2, 'MTHFR\nsecond line'],
      ['GD2', 4, 'G'],
    ]);
    const rows = Array.from({ length: 5000 }, (_, i) => `GD${i};rs1;G;;;;C/T`).join('\n');
    expect(parseResultsFile(encode(`${header}\nGD0;rs1;"G;;;;C/T\n${rows}\n`))).toEqual({
      ok: false,
      errors: [{ key: 'resultsFileWrongFieldCount', params: { line: 2, expected: 7, found: 3 } }],
      more: 0,
    });
  });

  it('refuses a record longer than a line may be (a quote left open in a large file), naming its first line', () => {
    const row = `GD1;rs1;${'G'.repeat(1024 * 1024)};;;;C/T\n`;
    const parsed = parseResultsFile(encode(`${header}\nGD0;rs1;"G;;;;C/T\n${row.repeat(17)}`));
    expect(parsed).toEqual({
      ok: false,
      errors: [{ key: 'labFileLineTooLong', params: { line: 2, max: maxLineBytes / 1024 / 1024 } }],
      more: 0,
    });
  });

  it('refuses bytes that are not UTF-8, naming the line of the bad byte', () => {
    const latin1 = new Uint8Array([
      ...encode(`${header}\nGD1;rs1;G;;;;C/T\nGD2;rs1;`),
      0xe9,
      ...encode(';;;;C/T'),
    ]);
    expect(parseResultsFile(latin1)).toEqual({
      ok: false,
      errors: [{ key: 'resultsFileBadEncoding', params: { line: 3 } }],
      more: 0,
    });
  });
});

describe('parseResultsFile with the marker map: one notation (issue 34)', () => {
  const map = new MarkerIndex(demoMarkers);
  const genotypes = (text: string) => {
    const parsed = parseResultsFile(encode(text), map);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    return Object.fromEntries(
      parsed.barcodes.flatMap((entry) =>
        entry.genes.map((gene) => [`${entry.barcode} ${gene.geneCode}`, [gene.genotype, gene.noCallReason]]),
      ),
    );
  };
  const errors = (text: string) => {
    const parsed = parseResultsFile(encode(text), map);
    return parsed.ok ? [] : parsed.errors;
  };

  it('stores a minus-strand marker on the plus strand, reference first, whether the file writes the plus or the gene strand', () => {
    // Factor V Leiden (rs6025, F5 on the minus strand: plus C/T is c.1601G>A): homozygous Leiden is plus T/T, gene A/A.
    const plus = genotypes(
      `##strand=plus\n${header}\nGD1;rs6025;F5;;;;T/T\nGD2;rs6025;F5;;;;TC\nGD3;rs4988235;MCM6;;;;a/g`,
    );
    const gene = genotypes(
      `##strand=gene\n${header}\nGD1;rs6025;F5;;;;A/A\nGD2;rs6025;F5;;;;G/A\nGD3;rs4988235;MCM6;;;;t/c`,
    );
    const undeclared = genotypes(
      `${header}\nGD1;rs6025;F5;;;;A/A\nGD2;rs6025;F5;;;;C/T\nGD3;rs4988235;MCM6;;;;C/T`,
    );
    const expected = {
      'GD1 rs6025': ['T/T', null],
      'GD2 rs6025': ['C/T', null],
      'GD3 rs4988235': ['G/A', null],
    };
    expect(plus).toEqual(expected);
    expect(gene).toEqual(expected);
    expect(undeclared).toEqual(expected);
    // A strand column per row wins over the file's declaration.
    expect(
      genotypes(
        `##strand=plus\n${header};strand\nGD1;rs6025;F5;;;;A/A;gene\nGD2;rs6025;F5;;;;C/T;\nGD3;rs4988235;MCM6;;;;G/A;plus`,
      ),
    ).toEqual(expected);
    // A plus-strand gene reads the same on both strands; an indel is I/D either way.
    expect(
      genotypes(`##strand=gene\n${header}\nGD1;rs1799963;F2;;;;A/G\nGD1;rs113993960;CFTR;;;;D/I`),
    ).toEqual({
      'GD1 rs1799963': ['G/A', null],
      'GD1 rs113993960': ['I/D', null],
    });
  });

  it('refuses a strand-ambiguous marker (A/T, C/G) in a file that does not declare its strand, and nothing is read', () => {
    expect(
      errors(`${header}\nGD1;rs6025;F5;;;;C/T\nGD1;rs1799945;HFE;;;;C/G\nGD2;rs9939609;FTO;;;;A/A`),
    ).toEqual([
      {
        key: 'resultsFileStrandAmbiguous',
        params: { line: 3, gene: 'rs1799945', genotype: 'C/G', reference: 'C', alternative: 'G', strand: '' },
      },
      {
        key: 'resultsFileStrandAmbiguous',
        params: { line: 4, gene: 'rs9939609', genotype: 'A/A', reference: 'T', alternative: 'A', strand: '' },
      },
    ]);
    expect(genotypes(`##strand=plus\n${header}\nGD1;rs1799945;HFE;;;;G/C`)).toEqual({
      'GD1 rs1799945': ['C/G', null],
    });
  });

  it('refuses alleles that are neither the marker’s nor their complements, or not on the declared strand, naming every line', () => {
    expect(
      errors(`${header}\nGD1;rs6025;F5;;;;C/G\nGD2;rs6025;F5;;;;A/A\nGD3;rs4988235;MCM6;;;;T/G`),
    ).toEqual([
      {
        key: 'resultsFileUnexpectedAllele',
        params: { line: 2, gene: 'rs6025', genotype: 'C/G', reference: 'C', alternative: 'T', strand: '' },
      },
      {
        key: 'resultsFileUnexpectedAllele',
        params: { line: 4, gene: 'rs4988235', genotype: 'T/G', reference: 'G', alternative: 'A', strand: '' },
      },
    ]);
    // Declared plus, the gene strand's A/A is refused: Leiden written the wrong way round is never a silent "not assessed".
    expect(errors(`##strand=plus\n${header}\nGD1;rs6025;F5;;;;A/A`)).toEqual([
      {
        key: 'resultsFileAlleleNotOnStrand',
        params: {
          line: 3,
          gene: 'rs6025',
          genotype: 'A/A',
          reference: 'C',
          alternative: 'T',
          strand: 'plus',
        },
      },
    ]);
    expect(errors(`##strand=sideways\n${header}\nGD1;rs6025;F5;;;;C/T`)).toEqual([
      { key: 'resultsFileBadDeclaration', params: { line: 1, declaration: '##strand=sideways' } },
    ]);
    expect(errors(`${header};strand\nGD1;rs6025;F5;;;;C/T;minus`)).toEqual([
      { key: 'resultsFileInvalidStrand', params: { line: 2, strand: 'minus' } },
    ]);
  });

  it('reads a no-call (--, 00, -/-) as such, with its reason, never as a genotype "-/-"', () => {
    expect(
      genotypes(
        `${header}\nGD1;rs1815739;ACTN3;;;;--\nGD1;rs6025;F5;;;;00\nGD1;rs762551;CYP1A2;;;;-/-\nGD1;rs999;X;;;;--`,
      ),
    ).toEqual({
      'GD1 rs1815739': ['--', 'noCall'],
      'GD1 rs6025': ['--', 'noCall'],
      'GD1 rs762551': ['--', 'noCall'],
      'GD1 rs999': ['--', 'noCall'],
    });
  });

  it('reads alleles separated by a phased VCF’s | or a space as the same genotype, and -|- and .|. as no-calls', () => {
    expect(
      genotypes(
        `##strand=plus\n${header}\nGD1;rs6025;F5;;;;C|T\nGD2;rs6025;F5;;;; t  t \nGD3;rs6025;F5;;;;-|-\nGD4;rs6025;F5;;;;.|.`,
      ),
    ).toEqual({
      'GD1 rs6025': ['C/T', null],
      'GD2 rs6025': ['T/T', null],
      'GD3 rs6025': ['--', 'noCall'],
      'GD4 rs6025': ['--', 'noCall'],
    });
    // Three alleles stay a bad genotype however they are separated.
    expect(errors(`${header}\nGD1;rs6025;F5;;;;C T T`)).toEqual([
      { key: 'resultsFileInvalidGenotype', params: { line: 2, genotype: 'C T T' } },
    ]);
  });

  it('keeps a gene code the map does not know as the file writes it', () => {
    expect(genotypes(`${header}\nGD1;rs12345;X;;;;tc`)).toEqual({ 'GD1 rs12345': ['T/C', null] });
  });

  it('stores a marker named by its rsID under its gene code; refuses an rsID several markers share', () => {
    const shared = new MarkerIndex([
      ...demoMarkers,
      {
        ...(demoMarkers.find((m) => m.geneCode === 'rs6025') as (typeof demoMarkers)[number]),
        geneCode: 'F5_LEIDEN',
        rsid: 'rs6025x',
      },
      {
        ...(demoMarkers.find((m) => m.geneCode === 'rs762551') as (typeof demoMarkers)[number]),
        geneCode: 'CYP1A2_A',
        rsid: 'rs9999',
      },
      {
        ...(demoMarkers.find((m) => m.geneCode === 'rs762551') as (typeof demoMarkers)[number]),
        geneCode: 'CYP1A2_T',
        rsid: 'rs9999',
        alternative: 'T',
      },
    ]);
    const parsed = parseResultsFile(encode(`${header}\nGD1;rs6025x;F5;;;;T/T`), shared);
    expect(parsed.ok && parsed.barcodes[0]?.genes.map((gene) => [gene.geneCode, gene.genotype])).toEqual([
      ['F5_LEIDEN', 'T/T'],
    ]);
    expect(parseResultsFile(encode(`${header}\nGD1;rs9999;CYP1A2;;;;C/T`), shared)).toEqual({
      ok: false,
      errors: [{ key: 'resultsFileAmbiguousMarker', params: { line: 2, gene: 'rs9999' } }],
      more: 0,
    });
    // A code that is one marker's gene code is that marker, whatever rsIDs others have.
    expect(parseResultsFile(encode(`${header}\nGD1;CYP1A2_T;CYP1A2;;;;C/T`), shared).ok).toBe(true);
  });

  it('refuses one allele of a marker on an autosome, naming the line, and takes it on X (a man has one)', () => {
    expect(errors(`${header}\nGD1;rs1801133;MTHFR;;;;A`)).toEqual([
      { key: 'resultsFileOneAllele', params: { line: 2, gene: 'rs1801133', genotype: 'A', chromosome: '1' } },
    ]);
    const x = new MarkerIndex([
      {
        ...(demoMarkers[0] as (typeof demoMarkers)[number]),
        geneCode: 'x-test',
        rsid: '',
        chromosome: 'X',
        reference: 'G',
        alternative: 'A',
        geneStrand: '+',
        strandAmbiguous: false,
      },
    ]);
    expect(genotypesWith(x, `${header}\nGD1;x-test;G6PD;;;;A`)).toEqual({ 'GD1 x-test': ['A', null] });
  });

  it('takes a haploid call (Y, MT) as one allele however it is written', () => {
    const mt = new MarkerIndex([
      {
        ...(demoMarkers[0] as (typeof demoMarkers)[number]),
        geneCode: 'mt-test',
        rsid: '',
        chromosome: 'MT',
        reference: 'A',
        alternative: 'G',
        geneStrand: '+',
        strandAmbiguous: false,
      },
    ]);
    for (const written of ['G', 'G/G', 'gg'])
      expect(genotypesWith(mt, `${header}\nGD1;mt-test;MT;;;;${written}`)).toEqual({
        'GD1 mt-test': ['G', null],
      });
  });
});

function genotypesWith(map: MarkerIndex, text: string) {
  const parsed = parseResultsFile(encode(text), map);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return Object.fromEntries(
    parsed.barcodes.flatMap((entry) =>
      entry.genes.map((gene) => [`${entry.barcode} ${gene.geneCode}`, [gene.genotype, gene.noCallReason]]),
    ),
  );
}
