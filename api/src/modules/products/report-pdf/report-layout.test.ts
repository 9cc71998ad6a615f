import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticReportSource } from '../../../../bench/report-source.js';
import { loadConfig } from '../../../config.js';
import { type ReportDocument, type ReportResultRow, reportDocumentFrom } from './document.js';
import { defaultReportTexts } from './labels.js';
import { reportCompilerOptions } from './render.js';
import { reportCompiler } from './report-compiler.mjs';

// QA: the results table of an issued Czech report ran out of its columns — "(rs1800562)" into HGVS
// c., the "Interpretace" header past the table's right edge, and the interpretation so narrow that
// its words were split a syllable a line ("Heredi-/tární he-/mochro-/matóza"). Read back where
// poppler (pdftotext -bbox) finds each word on the page: not the code that placed them.

const run = promisify(execFile);
const typst = reportCompiler(reportCompilerOptions);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'report-layout-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const rows = {
  cs: [
    [
      'HFE (rs1800562)',
      'NM_000410.4:c.845G>A',
      'p.Cys282Tyr',
      'G/G',
      'standardní typ (bez varianty)',
      'Hereditární hemochromatóza: nízké',
    ],
    [
      'HFE (rs1799945)',
      'NM_000410.4:c.187C>G',
      'p.His63Asp',
      'C/G',
      'heterozygot',
      'Hereditární hemochromatóza: nízké',
    ],
    [
      'ACTN3 (rs1815739)',
      'NM_001104.4:c.1729C>T',
      'p.Arg577Ter',
      'C/T',
      'heterozygot',
      'Silové vs. vytrvalostní předpoklady: nízké',
    ],
    [
      'CYP2C19 (rs12248560)',
      'NC_000010.11:g.94761900C>T',
      'p.(Arg132Ter)',
      'TTTA/TTTA',
      'A/A: nestanoveno – nízká kvalita volání',
      'Metabolismus léčiv (klopidogrel, omeprazol): střední',
    ],
    // Identifiers longer than their columns (a marker code may have 50 characters, an allele 20 bases).
    [
      'MTHFR (custom_marker_code_of_forty_characters_12)',
      'NM_005957.5:c.1286A>CACGTACGTACGTACGTACGT',
      'p.Glu429AlaGlu429AlaGlu429Ala',
      'ACGTACGTACGTACGTACGT/ACGTACGTACGTACGTACGT',
      'heterozygot',
      'Metabolismus folátu: vysoké',
    ],
  ],
  en: [
    [
      'HFE (rs1800562)',
      'NM_000410.4:c.845G>A',
      'p.Cys282Tyr',
      'G/G',
      'reference (no variant)',
      'Hereditary haemochromatosis: low',
    ],
    [
      'ACTN3 (rs1815739)',
      'NM_001104.4:c.1729C>T',
      'p.Arg577Ter',
      'C/T',
      'heterozygous',
      'Power vs. endurance predisposition: low',
    ],
    [
      'CYP2C19 (rs12248560)',
      'NC_000010.11:g.94761900C>T',
      'p.(Arg132Ter)',
      'TTTA/TTTA',
      'A/A: not determined – low call quality',
      'Drug metabolism (clopidogrel, omeprazole): medium',
    ],
    [
      'MTHFR (custom_marker_code_of_forty_characters_12)',
      'NM_005957.5:c.1286A>CACGTACGTACGTACGTACGT',
      'p.Glu429AlaGlu429AlaGlu429Ala',
      'ACGTACGTACGTACGTACGT/ACGTACGTACGTACGTACGT',
      'heterozygous',
      'Folate metabolism: high',
    ],
  ],
};

/** An issued report whose results table holds `rows` (a few phenotypes: the table is on page 1 or 2). */
async function reportWith(locale: 'cs' | 'en'): Promise<ReportDocument> {
  const document = await reportDocumentFrom(syntheticReportSource({ seed: 3, status: 3, phenotypes: 2 }), {
    locale,
    preview: false,
    verification: { code: 'L4Y0-UT', url: 'https://lab.example.cz/verify/L4Y0-UT' },
    company: loadConfig({}).reportCompany,
    texts: defaultReportTexts[locale],
  });
  const results: ReportResultRow[] = rows[locale].map(
    ([gene, hgvsC, protein, genotype, zygosity, interpretation]) => ({
      gene: gene!,
      hgvsC: hgvsC!,
      protein: protein!,
      genotype: genotype!,
      zygosity: zygosity!,
      interpretation: interpretation!,
    }),
  );
  // The phenotype sections' gene tables and the appendix get the long identifiers too.
  const phenotype = document.categories[0]!.subcategories[0]!.phenotypes[0]!;
  phenotype.genes.push({
    ...phenotype.genes[0]!,
    gene: 'CYP2C19',
    code: 'custom_marker_code_of_forty_characters_12',
    hgvsC: 'NC_000010.11:g.94761900C>T',
    protein: 'p.Glu429AlaGlu429AlaGlu429Ala',
    genotype: 'ACGTACGTACGTACGTACGT/ACGTACGTACGTACGTACGT',
    detail: null,
  });
  document.markers.unshift({
    code: 'custom_marker_code_of_forty_characters_12',
    gene: 'CYP2C19',
    hgvsC: 'NM_005957.5:c.1286A>CACGTACGTACGTACGTACGT',
    status: locale === 'cs' ? 'stanoveno' : 'called',
  });
  return { ...document, results: [...results, ...document.results] };
}

type Word = { text: string; x0: number; y0: number; x1: number; y1: number };
type Page = { width: number; words: Word[] };

/** Every page's words where poppler finds them (points, from the top left). */
async function wordsOf(pdf: Buffer): Promise<Page[]> {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await run('pdftotext', ['-bbox', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
  const entities = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
  return stdout
    .split('<page ')
    .slice(1)
    .map((page) => ({
      width: Number(/width="([\d.]+)"/.exec(page)![1]),
      words: [
        ...page.matchAll(
          /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
        ),
      ].map((m) => ({
        x0: Number(m[1]),
        y0: Number(m[2]),
        x1: Number(m[3]),
        y1: Number(m[4]),
        text: entities(m[5]!),
      })),
    }));
}

/** The page's margin (18 mm) and the tables' cell inset (3.5 pt): what no word may cross. */
const margin = (18 / 25.4) * 72;
const inset = 3.5;
const slack = 0.5;

/**
 * A table's columns read from its header's first line (each header cell's first word starts one inset
 * after the column's left edge) and its words from that line down to the page's footer (the results
 * table is the last thing on its page: each category starts a page).
 */
function tableOn(page: Page, headers: string[]) {
  for (const candidate of page.words.filter((w) => w.text === headers[0])) {
    const line = page.words.filter((w) => Math.abs(w.y0 - candidate.y0) < 1).sort((a, b) => a.x0 - b.x0);
    const starts: number[] = [];
    for (const header of headers) {
      const at = line.findIndex((w) => w.text === header && w.x0 - inset > (starts.at(-1) ?? -1));
      if (at < 0) break;
      starts.push(line[at]!.x0 - inset);
    }
    if (starts.length < headers.length) continue;
    const footer = Math.max(...page.words.map((w) => w.y0)) - 5;
    const words = page.words.filter(
      (w) => w.y0 > candidate.y0 - 1 && w.y0 < footer && w.x0 >= starts[0]! - slack,
    );
    return { starts, words };
  }
  return null;
}

describe('the report PDF keeps every table within its columns (QA: the results table overflowed)', () => {
  for (const locale of ['cs', 'en'] as const)
    it(`${locale}: no word crosses its column or the table's right edge; words wrap whole, never syllable by syllable`, async () => {
      const pdf = typst.render(JSON.stringify(await reportWith(locale)), 'a-2b');
      const pages = await wordsOf(pdf);
      const resultsHeaders =
        locale === 'cs'
          ? ['Gen', 'HGVS', 'HGVS', 'Genotyp', 'Zygotnost', 'Interpretace']
          : ['Gene', 'HGVS', 'HGVS', 'Genotype', 'Zygosity', 'Interpretation'];

      // Nothing on any page runs past the right margin (but the hyphen or punctuation a justified line
      // hangs into it: Typst's overhang, a few tenths of its width).
      for (const [n, page] of pages.entries())
        for (const word of page.words) {
          const hangs = /[\u00ad.,:;-]$/.test(word.text) ? 3 : 0;
          expect(word.x1 - hangs, `page ${n + 1}: "${word.text}" past the right margin`).toBeLessThanOrEqual(
            page.width - margin + slack,
          );
        }

      const found = pages.map((page) => tableOn(page, resultsHeaders)).find((table) => table !== null);
      expect(found, 'the results table').toBeTruthy();
      const { starts, words: body } = found!;
      const right = pages[0]!.width - margin;
      const edges = [...starts.slice(1), right];
      for (const word of body) {
        const column = starts.findLastIndex((start) => word.x0 >= start - slack);
        expect(word.x1, `"${word.text}" runs out of column ${column + 1}`).toBeLessThanOrEqual(
          edges[column]! - inset + slack,
        );
      }
      // The values are all there, the long ones broken only where they had to be.
      const text = body.map((w) => w.text).join(' ');
      for (const row of rows[locale]) for (const word of row[5]!.split(' ')) expect(text).toContain(word);
      expect(text).toContain('(rs1800562)');
      expect(text).toContain('NM_000410.4:c.845G>A');
      // No hyphenated syllables: the ragged cells wrap at spaces.
      expect(body.filter((w) => /[\u00ad-]$/.test(w.text)).map((w) => w.text)).toEqual([]);
    });
});
