import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  decodePDFRawStream,
  PDFArray,
  PDFBool,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFRef,
} from 'pdf-lib';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productTypeBatchSource, syntheticReportSource } from '../../../../bench/report-source.js';
import { loadConfig } from '../../../config.js';
import { type ReportSource, reportDocumentFrom } from './document.js';
import { defaultReportTexts } from './labels.js';
import { packObjectStreams, pdfObjects } from './pdf-objects.mjs';
import { ReportPdfPool, reportCompilerOptions } from './render.js';
import { reportCompiler } from './report-compiler.mjs';
import { signReportPdf } from './sign-pdf.mjs';
import { selfSignedP12 } from './signing.js';

// Issue 38: the report PDF made small keeps what it is — a tagged PDF/A-2b file readers open, whose
// signature verifies. Read back with pdf-lib, pdf.js (pdf-parse) and poppler (pdfsig): none of them
// is the code that wrote it.

const run = promisify(execFile);

/** The issued report of `source` with the verification code `code`. */
const issuedDocument = (source: ReportSource, locale: 'cs' | 'en', code: string) =>
  reportDocumentFrom(source, {
    locale,
    preview: false,
    verification: { code, url: `https://lab.example.cz/verify/${code}` },
    company: loadConfig({}).reportCompany,
    texts: defaultReportTexts[locale],
  });

const documentOf = (seed: number, locale: 'cs' | 'en', phenotypes = 60) =>
  issuedDocument(syntheticReportSource({ seed, status: 3, phenotypes }), locale, `K7Q4-${seed}`);

/** Customer `customer`'s report of one product type: the texts other customers' reports share. */
const batchDocumentOf = (customer: number) =>
  issuedDocument(productTypeBatchSource({ customer }), 'cs', `B4TC-${customer}`);

const pool = new ReportPdfPool(1);
/** Typst in this process, for its file as it writes it (the pool's processes answer packed files). */
let typst: ReturnType<typeof reportCompiler> | undefined;
const typstFile = async (seed: number, phenotypes: number) => {
  typst ??= reportCompiler(reportCompilerOptions);
  return typst.render(JSON.stringify(await documentOf(seed, 'cs', phenotypes)), 'a-2b');
};
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdf-structure-'));
});
afterAll(async () => {
  await pool.close();
  await rm(dir, { recursive: true, force: true });
});

const nameOf = (dict: PDFDict, key: string) => dict.get(PDFName.of(key))?.toString();

/** The structure elements' types (/S) under the StructTreeRoot, walked from the root along /K. */
function structureTypes(document: PDFDocument): string[] {
  const { context, catalog } = document;
  const root = context.lookup(catalog.get(PDFName.of('StructTreeRoot')));
  if (!(root instanceof PDFDict)) return [];
  const types: string[] = [];
  const seen = new Set<PDFObject>();
  const visit = (object: PDFObject | undefined) => {
    const value = object instanceof PDFRef ? context.lookup(object) : object;
    if (!value || seen.has(value)) return;
    seen.add(value);
    if (value instanceof PDFArray) for (const item of value.asArray()) visit(item);
    else if (value instanceof PDFDict && value.get(PDFName.of('S'))) {
      types.push(String(value.get(PDFName.of('S'))));
      visit(value.get(PDFName.of('K')));
    }
  };
  visit(root.get(PDFName.of('K')));
  return types;
}

/** The table tags of a TrueType font program. */
function fontTables(program: Uint8Array): string[] {
  const bytes = Buffer.from(program);
  return Array.from({ length: bytes.readUInt16BE(4) }, (_, i) =>
    bytes.toString('latin1', 12 + 16 * i, 16 + 16 * i),
  );
}

describe('the report PDF (issue 38)', () => {
  it('a 60-phenotype report is at most 200 kB: object streams and a cross-reference stream, tagged, PDF/A-2b, unhinted DejaVu subsets, its text readable', async () => {
    const pdf = await pool.render(await documentOf(1, 'en'));
    expect(pdf.length).toBeLessThanOrEqual(200 * 1024);

    // The file ends in a cross-reference stream carrying the trailer's /ID; its objects sit in
    // compressed object streams.
    const objects = pdfObjects(pdf);
    expect(objects.classic).toBe(false);
    const trailer = new Map(objects.trailer);
    expect(trailer.get('Type')).toBe('/XRef');
    expect(trailer.get('ID')).toMatch(/^\[/);
    expect(trailer.get('Root')).toMatch(/^\d+ 0 R$/);
    expect(pdf.toString('latin1').match(/\/Type \/ObjStm/g)?.length).toBeGreaterThan(0);

    const document = await PDFDocument.load(pdf, { updateMetadata: false });
    const { context, catalog } = document;
    expect(document.getPageCount()).toBeGreaterThan(10);

    // Tagged: marked, with the structure tree's tables, headings and paragraphs.
    const markInfo = context.lookup(catalog.get(PDFName.of('MarkInfo')));
    expect(markInfo instanceof PDFDict && markInfo.get(PDFName.of('Marked'))).toBe(PDFBool.True);
    const types = structureTypes(document);
    expect(types.length).toBeGreaterThan(2_000);
    for (const type of ['/Document', '/H1', '/H2', '/P', '/Table', '/TR', '/TH', '/TD'])
      expect(types, type).toContain(type);

    // PDF/A-2b: the identification in the XMP metadata, which stays uncompressed.
    const metadata = context.lookup(catalog.get(PDFName.of('Metadata')));
    expect(metadata).toBeInstanceOf(PDFRawStream);
    const xmp = metadata as PDFRawStream;
    expect(xmp.dict.get(PDFName.of('Filter'))).toBeUndefined();
    const xml = Buffer.from(xmp.contents).toString('utf8');
    expect(xml).toMatch(/pdfaid:part(>|=")2/);
    expect(xml).toMatch(/pdfaid:conformance(>|=")B/);
    expect(context.lookup(catalog.get(PDFName.of('OutputIntents')))).toBeInstanceOf(PDFArray);

    // DejaVu subsets, embedded without the hinting programs; every other stream compressed.
    let fonts = 0;
    for (const [, object] of context.enumerateIndirectObjects()) {
      if (object instanceof PDFRawStream && nameOf(object.dict, 'Type') !== '/Metadata')
        expect(nameOf(object.dict, 'Filter')).toBe('/FlateDecode');
      if (!(object instanceof PDFDict) || nameOf(object, 'Type') !== '/FontDescriptor') continue;
      expect(nameOf(object, 'FontName')).toMatch(/^\/[A-Z]{6}\+DejaVu/);
      const program = context.lookup(object.get(PDFName.of('FontFile2')));
      expect(program).toBeInstanceOf(PDFRawStream);
      const tables = fontTables(decodePDFRawStream(program as PDFRawStream).decode());
      expect(tables).toEqual(expect.arrayContaining(['glyf', 'head', 'hmtx', 'loca', 'maxp']));
      for (const hinting of ['fpgm', 'prep', 'cvt ']) expect(tables).not.toContain(hinting);
      fonts++;
    }
    expect(fonts).toBeGreaterThanOrEqual(3);

    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    try {
      const text = (await parser.getText()).text;
      expect(text).toContain('Genetic test report');
      expect(text).toContain('K7Q4-1');
    } finally {
      await parser.destroy();
    }
  });

  it("one compiler renders a product type's reports one after another, Typst reusing what they share: each names its own customer, report and code on every page and in its title", async () => {
    typst ??= reportCompiler(reportCompilerOptions);
    // The third customer again, renamed: a report that differs from one already rendered only there.
    const documents = [await batchDocumentOf(1), await batchDocumentOf(2), await batchDocumentOf(1)];
    documents[2]!.customer.name = 'Radka Nová';
    for (const [index, document] of documents.entries()) {
      const pdf = typst.render(JSON.stringify(document), 'a-2b');
      const parser = new PDFParse({ data: new Uint8Array(pdf) });
      const pages = (await parser.getText()).pages.map((page) => page.text.replace(/\s+/g, ' '));
      await parser.destroy();
      expect(pages.length).toBeGreaterThan(10);
      const others = documents.filter((other) => other.customer.name !== document.customer.name);
      for (const [number, page] of pages.entries()) {
        const where = `report ${index + 1}, page ${number + 1}`;
        expect(page, where).toContain(`Číslo zprávy: ${document.report.number}`);
        expect(page, where).toContain(`${document.customer.name} · ${document.customer.barcode}`);
        expect(page, where).toContain(`Ověřovací kód: ${document.verification.code}`);
        expect(page, where).toContain(`Strana ${number + 1} z ${pages.length}`);
        for (const other of others) expect(page, where).not.toContain(other.customer.name);
      }
      const file = await PDFDocument.load(pdf, { updateMetadata: false });
      expect(file.getTitle()).toBe(
        `${document.labels.title} – ${document.customer.name} – ${document.report.number}`,
      );
    }
    expect(documents[0]!.report.number).not.toBe(documents[1]!.report.number);
  });

  it("packing keeps every object of Typst's file as it was (the catalog without the default `/Suspects false`); a file that does not end in a classic table is left as it is", async () => {
    const original = await typstFile(2, 6);
    const packed = packObjectStreams(original);
    expect(packed.length).toBeLessThan(original.length / 2);
    const before = await PDFDocument.load(original, { updateMetadata: false });
    const after = await PDFDocument.load(packed, { updateMetadata: false });
    const objects = before.context.enumerateIndirectObjects();
    expect(after.context.enumerateIndirectObjects().length).toBe(objects.length);
    const content = (object: PDFObject | undefined) =>
      object instanceof PDFRawStream
        ? Buffer.from(
            object.dict.get(PDFName.of('Filter')) ? decodePDFRawStream(object).decode() : object.contents,
          )
        : String(object);
    const catalog = before.context.trailerInfo.Root;
    for (const [ref, object] of objects)
      expect(content(after.context.lookup(ref)), ref.toString()).toEqual(
        // What poppler took for "wrong type" (pdfinfo warned on every report), said by its absence.
        ref === catalog ? String(object).replace(/\s*\/Suspects false/, '') : content(object),
      );
    expect(String(before.context.lookup(catalog))).toContain('/Suspects false');

    expect(packObjectStreams(packed)).toBe(packed);
  });

  it('packing keeps strings, comments, hex strings and names as they were (a hand-written file)', async () => {
    const bodies = [
      '<<\n  /Type /Catalog\n  /Pages 2 0 R\n  /Lang (cs)\n>>',
      '<<\n  /Type /Pages\n  /Kids [3 0 R]\n  /Count 1\n>>',
      '<<\n  /Type /Page\n  /Parent 2 0 R\n  /MediaBox [0 0 595 842]\n  /Contents 4 0 R\n  /X 5 0 R\n>>',
      '<< /Length 9 >>\nstream\n0 0 m S  \nendstream',
      // Spaces inside strings stay, nested and escaped parentheses, a comment, a hex string, `/ 1`.
      '<<\n  /T (two  spaces (nested) \\) and  endstream)\n  % a comment /Not a key\n  /H <48 65>\n  /E [/ 1 /N 2.5 -3 true null]\n  /D << /R 3 0 R >>\n>>',
    ];
    let file = '%PDF-1.7\n%\u00e2\u00e3\n';
    const offsets: number[] = [];
    bodies.forEach((body, i) => {
      offsets.push(Buffer.byteLength(file, 'latin1'));
      file += `${i + 1} 0 obj\n${body}\nendobj\n\n`;
    });
    const xref = Buffer.byteLength(file, 'latin1');
    file += `xref\n0 ${bodies.length + 1}\n0000000000 65535 f\r\n`;
    for (const offset of offsets) file += `${String(offset).padStart(10, '0')} 00000 n\r\n`;
    file += `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R /ID [<01> <01>] >>\nstartxref\n${xref}\n%%EOF\n`;
    const original = Buffer.from(file, 'latin1');
    const packed = packObjectStreams(original);
    expect(pdfObjects(packed).classic).toBe(false);
    expect(packed.toString('latin1')).toContain('0 0 m S  \nendstream');
    const before = await PDFDocument.load(original, { updateMetadata: false });
    const after = await PDFDocument.load(packed, { updateMetadata: false });
    for (const [ref, object] of before.context.enumerateIndirectObjects())
      expect(String(after.context.lookup(ref)), ref.toString()).toBe(String(object));
    const values = pdfObjects(packed).object(5).toString('latin1');
    expect(values).toContain('(two  spaces (nested) \\) and  endstream)');
    expect(values).toContain('/E[/ 1/N 2.5 -3 true null]');
    expect(values).toContain('% a comment /Not a key\n');
  });

  it("signs Typst's own file (a classic table) and the packed one (a stream) with an update of the same kind; pdfsig: valid", async () => {
    const password = 'heslo';
    const signature = {
      p12: selfSignedP12('Laboratoř Šumava a.s.', 'Laboratoř Šumava a.s.', password).toString('base64'),
      password,
      reason: 'Vydání výsledkové zprávy',
      name: 'Laboratoř Šumava a.s.',
      location: 'Náměstí 12, Vimperk',
      contactInfo: 'lab@sumava.test',
      signingTime: new Date().toISOString(),
    };
    const original = await typstFile(3, 3);
    for (const [name, pdf, classic] of [
      ['typst', original, true],
      ['packed', packObjectStreams(original), false],
    ] as const) {
      const signed = await signReportPdf(pdf, signature);
      expect(signed.subarray(0, pdf.length).equals(pdf)).toBe(true);
      const update = pdfObjects(signed);
      expect(update.classic, name).toBe(classic);
      const trailer = new Map(update.trailer);
      expect(Number(trailer.get('Prev'))).toBe(pdfObjects(pdf).startxref);
      expect(trailer.get('ID')).toBe(new Map(pdfObjects(pdf).trailer).get('ID'));
      const file = join(dir, `${name}.pdf`);
      await writeFile(file, signed);
      const report = await run('pdfsig', [file]).then(
        ({ stdout }) => stdout,
        (error: { stdout?: string }) => error.stdout ?? '',
      );
      expect(report, name).toContain('Signature Validation: Signature is Valid.');
      expect(report, name).toContain('Total document signed');
      const document = await PDFDocument.load(signed, { updateMetadata: false });
      expect(document.catalog.get(PDFName.of('AcroForm')), name).toBeInstanceOf(PDFDict);
      expect(document.catalog.get(PDFName.of('StructTreeRoot')), name).toBeDefined();
    }
  });
});
