import { and, eq } from 'drizzle-orm';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFStream,
} from 'pdf-lib';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../../test/test-app.js';
import { accessLog, customers, products } from '../../../db/schema/index.js';
import { reportFor } from '../test-fixtures.js';
import { closeReportPdfRenderer } from './render.js';
import { richTextAst } from './rich-text-ast.js';

let t: TestApp;
let doctor: Record<string, string>;

beforeAll(async () => {
  t = await testApp();
  doctor = await t.authAs(demo.doctor);
});
afterAll(async () => {
  await closeReportPdfRenderer();
  await t.close();
});

const preview = (query: string, headers = doctor) =>
  t.app.inject({ method: 'GET', url: `/api/admin/products/pdfpreview?${query}`, headers });

/** Text per page, soft hyphens (Czech hyphenation) removed and whitespace collapsed. */
async function pagesOf(pdf: Buffer): Promise<string[]> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    return result.pages.map((page) => page.text.replace(/\u00ad\s*/g, '').replace(/\s+/g, ' '));
  } finally {
    await parser.destroy();
  }
}

/** The PDF/A markers and fonts, read with pdf-lib. */
async function archiveFacts(pdf: Buffer) {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const { context, catalog } = document;
  const metadata = context.lookup(catalog.get(PDFName.of('Metadata')));
  let xmp = '';
  if (metadata instanceof PDFRawStream)
    xmp = Buffer.from(
      metadata.dict.get(PDFName.of('Filter')) ? decodePDFRawStream(metadata).decode() : metadata.contents,
    ).toString('utf8');
  const intents = context.lookup(catalog.get(PDFName.of('OutputIntents')));
  const fonts: { name: string; embedded: boolean }[] = [];
  for (const [, object] of context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : null;
    if (dict?.get(PDFName.of('Type')) !== PDFName.of('Font')) continue;
    if (String(dict.get(PDFName.of('Subtype'))) === '/Type0') continue; // its descendant font is listed
    const descriptor = context.lookup(dict.get(PDFName.of('FontDescriptor')));
    fonts.push({
      name: String(dict.get(PDFName.of('BaseFont'))),
      embedded:
        descriptor instanceof PDFDict &&
        ['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor.get(PDFName.of(key)) !== undefined),
    });
  }
  return {
    part: xmp.match(/pdfaid:part(?:>|=")(\d)/)?.[1],
    conformance: xmp.match(/pdfaid:conformance(?:>|=")([ABU])/)?.[1],
    outputIntents: intents instanceof PDFArray ? intents.size() : 0,
    fonts,
  };
}

describe('GET admin/products/pdfpreview', () => {
  it("renders a Czech customer's report: name, barcode, intro, every phenotype's text and risk, PDF/A-2b, DejaVu", async () => {
    const report = await reportFor(t, { surname: 'Řeháková-Šťastná' });
    await t.db
      .update(products)
      .set({
        doctorIntro:
          '<p>Vážená paní, výsledky <strong>nejsou diagnózou</strong>.</p><ul><li>Přečtěte si souhrn.</li></ul>',
      })
      .where(eq(products.id, report.productId));
    const [row] = await t.db
      .select({ content: products.content })
      .from(products)
      .where(eq(products.id, report.productId));
    const phenotypes = row!.content.categories.flatMap((c) => c.subcategories.flatMap((s) => s.phenotypes));
    expect(phenotypes.length).toBeGreaterThan(0);

    const response = await preview(`Id=${report.productId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="GD-\d+-cs-preview\.pdf"$/);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const pages = await pagesOf(pdf);
    const text = pages.join(' ');
    expect(text).toContain('Eva Řeháková-Šťastná');
    expect(text).toContain(report.barcode);
    expect(text).toContain('Vážená paní, výsledky nejsou diagnózou.');
    expect(text).toContain('Přečtěte si souhrn.');
    const words: Record<number, string> = { 1: 'nízké', 2: 'střední', 3: 'vysoké', 4: 'ochranný efekt' };
    // Justified Czech is hyphenated: compared without spaces and hyphens.
    const squash = (value: string) => value.replace(/[\s\u00ad-]+/g, '');
    for (const phenotype of phenotypes) {
      expect(text).toContain(phenotype.phenotype);
      const plain = richTextAst(phenotype.text)
        .flatMap((block) => ('c' in block && block.t !== 'quote' ? block.c.map((run) => run.text) : []))
        .join('');
      expect(squash(text)).toContain(squash(plain));
      expect(text).toContain(`Riziko: ${phenotype.risk === null ? 'neposouzeno' : words[phenotype.risk]}`);
    }
    pages.forEach((page, index) => {
      expect(page).toContain(`Strana ${index + 1} z ${pages.length}`);
      expect(page).toContain('NÁHLED');
    });
    expect(text).not.toContain('PŘEDBĚŽNÁ ZPRÁVA');

    const facts = await archiveFacts(pdf);
    expect(facts.part).toBe('2');
    expect(facts.conformance).toBe('B');
    expect(facts.outputIntents).toBeGreaterThan(0);
    expect(facts.fonts.length).toBeGreaterThan(0);
    for (const font of facts.fonts) {
      expect(font.embedded, font.name).toBe(true);
      expect(font.name).toMatch(/^\/([A-Z]{6}\+)?DejaVu/);
    }
    const reads = await t.db
      .select({ kind: accessLog.kind, detail: accessLog.detail, customerIds: accessLog.customerIds })
      .from(accessLog)
      .where(and(eq(accessLog.entityId, report.productId), eq(accessLog.kind, 'reportPdf')));
    expect(reads).toEqual([{ kind: 'reportPdf', detail: 'preview cs', customerIds: [report.customerId] }]);
  });

  it('is in English for an English customer, and a preliminary report carries its banner on every page', async () => {
    const report = await reportFor(t, { surname: 'Novák' });
    await t.db.update(customers).set({ language: 'en' }).where(eq(customers.id, report.customerId));
    await t.db.update(products).set({ status: 4 }).where(eq(products.id, report.productId));
    const response = await preview(`id=${report.productId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('-en-preview.pdf');
    const pages = await pagesOf(response.rawPayload);
    const text = pages.join(' ');
    for (const label of ['Genetic test report', 'Date of birth', 'Sample barcode', 'Limitations of the test'])
      expect(text).toContain(label);
    expect(text).not.toContain('Datum narození');
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(page).toContain('PREVIEW');
      expect(page).toContain('PRELIMINARY REPORT');
    });
  });

  it("prints the laboratory's header from the configuration (name, address, contact lines, company ID) on every page", async () => {
    const report = await reportFor(t, { surname: 'Hlavičková' });
    const configured = t.config.reportCompany;
    t.config.reportCompany = {
      name: 'Laboratoř Šumava a.s.',
      address: 'Náměstí 12, 385 01 Vimperk',
      contact: ['tel. +420 388 000 111', 'lab@sumava.test'],
      id: '87654321',
    };
    let pages: string[];
    let englishPages: string[];
    try {
      const response = await preview(`Id=${report.productId}`);
      expect(response.statusCode).toBe(200);
      pages = await pagesOf(response.rawPayload);
      englishPages = await pagesOf((await preview(`Id=${report.productId}&locale=en`)).rawPayload);
    } finally {
      t.config.reportCompany = configured;
    }
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      for (const part of ['Laboratoř Šumava a.s.', 'Náměstí 12, 385 01 Vimperk', 'tel. +420 388 000 111'])
        expect(page).toContain(part);
      expect(page).toContain('lab@sumava.test');
      expect(page).toContain('IČO: 87654321');
    }
    expect(englishPages[0]).toContain('Company ID: 87654321');

    // Without a company ID the line is left out; the demo defaults name the demo laboratory.
    const plain = (await pagesOf((await preview(`Id=${report.productId}`)).rawPayload)).join(' ');
    expect(plain).toContain(configured.name);
    expect(plain).toContain(configured.address);
    expect(configured.id).toBeNull();
    expect(plain).not.toContain('IČO');
  });

  it("a render past REPORT_PDF_TIMEOUT_MS answers 503 with a message in the caller's language; the next preview renders", async () => {
    const report = await reportFor(t);
    t.config.reportPdfTimeoutMs = 1;
    try {
      const cs = await preview(`Id=${report.productId}`);
      expect(cs.statusCode).toBe(503);
      expect(cs.json().error).toEqual({
        code: 'REPORT_PDF_TIMEOUT',
        message: 'Vytvoření PDF zprávy trvalo příliš dlouho a bylo přerušeno. Zkuste to prosím znovu.',
      });
      const en = await preview(`Id=${report.productId}`, { ...doctor, 'accept-language': 'en' });
      expect(en.statusCode).toBe(503);
      expect(en.json().error.message).toBe(
        'Rendering the report PDF took too long and was stopped. Please try again.',
      );
    } finally {
      t.config.reportPdfTimeoutMs = 30_000;
    }
    const after = await preview(`Id=${report.productId}`);
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it("the report carries the customer's language, the preview's default", async () => {
    const report = await reportFor(t);
    const read = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/admin/products/getproduct?ProductId=${report.productId}`,
        headers: doctor,
      });
    expect((await read()).json().assignedCustomer.language).toBe('cs');
    await t.db.update(customers).set({ language: 'en' }).where(eq(customers.id, report.customerId));
    expect((await read()).json().assignedCustomer.language).toBe('en');
  });

  it('answers 404 for an unknown report, 400 for a bad query, 403 without Products.View', async () => {
    expect((await preview('Id=999999999')).statusCode).toBe(404);
    expect((await preview('Id=abc')).statusCode).toBe(400);
    expect((await preview('Id=1&locale=de')).statusCode).toBe(400);
    const reception = await t.authAs(demo.reception);
    expect((await preview('Id=1', reception)).statusCode).toBe(403);
  });
});

describe('richTextAst', () => {
  it('keeps paragraphs, emphasis, lists and headings, decodes entities and drops scripts and images', () => {
    expect(
      richTextAst(
        '<h2>Nadpis</h2><p>A &amp; <b>B</b> <em>č</em><script>x()</script><img src="https://x/y.png"></p><ol><li>jedna<ul><li>vnořená</li></ul></li></ol>',
      ),
    ).toEqual([
      { t: 'h', c: [{ text: 'Nadpis', b: false, i: false, u: false }] },
      {
        t: 'p',
        c: [
          { text: 'A & ', b: false, i: false, u: false },
          { text: 'B', b: true, i: false, u: false },
          { text: ' ', b: false, i: false, u: false },
          { text: 'č', b: false, i: true, u: false },
        ],
      },
      {
        t: 'ol',
        items: [
          [
            { t: 'p', c: [{ text: 'jedna', b: false, i: false, u: false }] },
            { t: 'ul', items: [[{ t: 'p', c: [{ text: 'vnořená', b: false, i: false, u: false }] }]] },
          ],
        ],
      },
    ]);
  });
});
