import { describe, expect, it } from 'vitest';
import { maxReportedErrors, parseResultsFile } from './results-file.js';

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
            },
            {
              geneCode: 'rs762551',
              geneName: 'CYP1A2',
              hgvsC: 'NM_000761.5:c.-163C>A',
              protein: '',
              transcript: 'NM_000761.5',
              genotype: 'A/C',
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
            },
            {
              geneCode: 'rs333',
              geneName: 'CCR5',
              hgvsC: 'multi\nline',
              protein: '',
              transcript: 'NM_000579.4',
              genotype: 'DEL/INS',
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
