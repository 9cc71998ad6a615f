import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
} from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../../test/test-app.js';
import { customerGenotypes, customers, products, samples, users } from '../../../db/schema/index.js';
import { reportFor } from '../test-fixtures.js';
import { formatReportDate } from './document.js';
import { pdfObjects } from './pdf-objects.mjs';
import { closeReportPdfRenderer } from './render.js';
import { selfSignedP12 } from './signing.js';

// Issue 35: the published report as an accredited laboratory signs it — every element ISO 15189 §7.4
// asks for, read back from the PDF's text with poppler's pdftotext, in Czech and English; the PAdES
// signature checked with poppler's pdfsig (the real validator, not our code), broken by one byte; and
// the PDF/A-2b markers still in the signed file. Everything is set in the database as the other release
// steps would leave it (technical validation, sample type, requesting physician, a withheld phenotype).

const run = promisify(execFile);
let t: TestApp;
let doctor: Record<string, string>;
let dir: string;

beforeAll(async () => {
  t = await testApp();
  doctor = await t.authAs(demo.doctor);
  dir = await mkdtemp(join(tmpdir(), 'signed-report-'));
});
afterAll(async () => {
  await closeReportPdfRenderer();
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

let files = 0;
async function fileOf(pdf: Buffer) {
  const file = join(dir, `report-${++files}.pdf`);
  await writeFile(file, pdf);
  return file;
}

/** The text as pdftotext reads it in content order (-raw: a table row stays together), soft hyphens and line-end hyphenation undone, whitespace collapsed. */
async function pdftotext(pdf: Buffer): Promise<string> {
  const { stdout } = await run('pdftotext', ['-raw', '-enc', 'UTF-8', await fileOf(pdf), '-']);
  return stdout
    .replace(/\u00ad\s*/g, '')
    .replace(/(\p{L})-\n(\p{Ll})/gu, '$1$2')
    .replace(/\s+/g, ' ');
}

/** pdfsig's report (it exits non-zero for an invalid signature: the output is what counts). */
async function pdfsig(pdf: Buffer): Promise<string> {
  const file = await fileOf(pdf);
  return run('pdfsig', [file]).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string }) => error.stdout ?? '',
  );
}

/** PDF/A identification from the XMP metadata, and the signature dictionary's fields. */
async function facts(pdf: Buffer) {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const { context, catalog } = document;
  const metadata = context.lookup(catalog.get(PDFName.of('Metadata')));
  let xmp = '';
  if (metadata instanceof PDFRawStream)
    xmp = Buffer.from(
      metadata.dict.get(PDFName.of('Filter')) ? decodePDFRawStream(metadata).decode() : metadata.contents,
    ).toString('utf8');
  const form = context.lookup(catalog.get(PDFName.of('AcroForm')));
  const field =
    form instanceof PDFDict ? context.lookup((form.get(PDFName.of('Fields')) as PDFArray).get(0)) : null;
  const signature = field instanceof PDFDict ? context.lookup(field.get(PDFName.of('V'))) : null;
  const textOf = (key: string) => {
    const value = signature instanceof PDFDict ? signature.get(PDFName.of(key)) : undefined;
    return value instanceof PDFHexString || value instanceof PDFString ? value.decodeText() : null;
  };
  return {
    part: xmp.match(/pdfaid:part(?:>|=")(\d)/)?.[1],
    conformance: xmp.match(/pdfaid:conformance(?:>|=")([ABU])/)?.[1],
    outputIntents: context.lookup(catalog.get(PDFName.of('OutputIntents'))) instanceof PDFArray,
    subFilter: signature instanceof PDFDict ? String(signature.get(PDFName.of('SubFilter'))) : null,
    reason: textOf('Reason'),
    name: textOf('Name'),
  };
}

const patch = (payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/admin/products/', payload, headers: doctor });
const download = (id: number) =>
  t.app.inject({ method: 'GET', url: `/api/admin/products/document?Id=${id}`, headers: doctor });

/**
 * A report with everything a release leaves set: a male customer, a saliva sample collected and
 * received, the requesting physician and indication, the lab specialist's technical validation, a
 * phenotype the physician withheld, and a marker the laboratory could not call.
 */
async function releasedReport(language: 'cs' | 'en', surname: string) {
  const r = await reportFor(t, { surname });
  const [lab] = await t.db
    .select({ id: users.id, name: users.userName })
    .from(users)
    .where(eq(users.email, demo.lab));
  await t.db.update(customers).set({ gender: 1, language }).where(eq(customers.id, r.customerId));
  await t.db
    .update(samples)
    .set({
      sampleType: 'saliva',
      collectedAt: new Date('2026-03-02T09:00:00Z'),
      receivedAt: new Date('2026-03-04T09:00:00Z'),
    })
    .where(eq(samples.id, r.sampleId));
  // A marker no phenotype reads, not called: the appendix lists it with its cause.
  await t.db
    .insert(customerGenotypes)
    .values({ customerId: r.customerId, geneCode: 'rs1799945', genotype: '--', noCallReason: 'failedQc' });
  const [row] = await t.db
    .select({ content: products.content })
    .from(products)
    .where(eq(products.id, r.productId));
  const content = row!.content;
  const phenotypes = content.categories.flatMap((c) => c.subcategories.flatMap((s) => s.phenotypes));
  const withheld = phenotypes.find((p) => p.genes.some((g) => g.code === 'rs6025'))!;
  const reported = phenotypes.filter((p) => p !== withheld);
  withheld.withheld = {
    by: { id: 1, userName: 'MUDr. David Dvořák' },
    at: new Date().toISOString(),
    reason: language === 'cs' ? 'sdělí lékař při konzultaci' : 'to be discussed at a consultation',
  };
  await t.db
    .update(products)
    .set({
      content,
      requestingPhysician: 'MUDr. Petra Nováková, Praha 4',
      indication: language === 'cs' ? 'rodinná anamnéza trombózy' : 'family history of thrombosis',
      technicallyValidatedAt: new Date('2026-03-10T10:00:00Z'),
      technicallyValidatedBy: lab!.id,
      technicalValidation: { callRate: 0.995, noCalls: 1, controlsPassed: true, note: '' },
    })
    .where(eq(products.id, r.productId));
  const published = await patch({
    Id: r.productId,
    Status: 3,
    DoctorIntro: '<p>Výsledky jsou v pořádku.</p>',
  });
  expect(published.statusCode, published.body).toBe(200);
  const response = await download(r.productId);
  expect(response.statusCode).toBe(200);
  return { r, pdf: response.rawPayload, lab: lab!, withheld, reported };
}

describe('the published report PDF (issue 35)', () => {
  it('holds every element of an accredited report in Czech, signed (pdfsig: valid), PDF/A-2b kept; one changed byte breaks the signature', async () => {
    const { r, pdf, lab, withheld, reported } = await releasedReport('cs', 'Podepsaný');
    const text = await pdftotext(pdf);
    const today = formatReportDate(new Date(), 'cs');
    for (const element of [
      // Laboratory identity and the patient.
      'GenoDesk s.r.o.',
      `Eva ${r.surname}`,
      'Datum narození',
      'Pohlaví: muž',
      // Sample.
      'Druh vzorku sliny',
      r.barcode,
      'Odběr vzorku 2. 3. 2026',
      'Přijetí vzorku: 4. 3. 2026',
      // Request.
      'Indikující lékař MUDr. Petra Nováková, Praha 4',
      'Indikace rodinná anamnéza trombózy',
      // Method.
      'Metoda vyšetření Cílená genotypizace',
      'Referenční genom GRCh38',
      'Vyšetřené markery 4 (stanoveno 3; seznam v příloze)',
      // Results table.
      'Výsledky genotypizace',
      'HGVS p.',
      'Zygotnost',
      'Interpretace',
      'NM_005915.6:c.1917+326C>T',
      // Limitations and the sign-off.
      'Omezení vyšetření',
      `Technická validace ${lab.name} dne 10. 3. 2026 (call rate 99,5 %, nestanovené markery 1, kontroly vyhověly)`,
      `Lékařské schválení MUDr. David Dvořák (č. licence ČLK 0701234) dne ${today}`,
      `Datum vydání ${today}`,
      'Stav zprávy konečná zpráva',
      // Appendix.
      'Příloha: vyšetřené markery a stav jejich stanovení',
      'rs1799945',
      'nestanoveno (no call)',
    ])
      expect(text, element).toContain(element);
    // Withheld: the statement and the reason only, never its text or risk.
    expect(text).toContain(`Nevydáno: ${withheld.phenotype} – sdělí lékař při konzultaci`);
    for (const p of reported) expect(text).toContain(p.phenotype);
    expect(text).not.toContain(withheld.text.replace(/<[^>]+>/g, '').slice(0, 40));
    const pages = Number(/Strana 1 z (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    for (let page = 1; page <= pages; page++) expect(text).toContain(`Strana ${page} z ${pages}`);

    // poppler reads the whole file without a complaint (it said "Suspects object is wrong type" of
    // every report while the catalog carried Typst's default `/Suspects false`).
    const { stderr: complaints } = await run('pdfinfo', [await fileOf(pdf)]);
    expect(complaints).toBe('');

    // Signed with the generated demo certificate, and the signature says so.
    const report = await pdfsig(pdf);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signing Hash Algorithm: SHA-256');
    expect(report).toMatch(/Signer Certificate Common Name: GenoDesk s\.r\.o\. \(demo certificate\)/);
    // Self-signed: pdfsig cannot chain it to a trusted authority, and says so.
    expect(report).toMatch(
      /Certificate Validation: (Certificate issuer is unknown|Certificate isn't Trusted)/,
    );
    const signed = await facts(pdf);
    expect(signed.subFilter).toBe('/adbe.pkcs7.detached');
    expect(signed.reason).toMatch(/^Vydání výsledkové zprávy GD-\d+ v1 laboratoří – .*demo certificate$/);
    expect(signed.name).toBe('GenoDesk s.r.o.');
    // An incremental update: its cross-reference stream (the rendered file ends in one, issue 38)
    // keeps /ID and points back (/Prev) to the rendered file's; the bytes up to that file's %%EOF
    // are the rendered PDF/A-2b file, whole.
    const update = pdfObjects(pdf);
    expect(update.classic).toBe(false);
    const trailer = new Map(update.trailer);
    expect(trailer.get('ID')).toMatch(/^\[/);
    const previous = Number(trailer.get('Prev'));
    expect(pdf.toString('latin1', previous, previous + 200)).toMatch(/^\d+ 0 obj\s*<<[\s\S]*\/Type \/XRef/);
    const original = pdf.subarray(0, pdf.indexOf('%%EOF', previous) + 5);
    expect(pdfObjects(original).startxref).toBe(previous);
    expect((await facts(original)).subFilter).toBeNull();
    expect(signed.part).toBe('2');
    expect(signed.conformance).toBe('B');
    expect(signed.outputIntents).toBe(true);

    // One changed byte (inside the binary comment of the header, so the file still parses).
    const changed = Buffer.from(pdf);
    changed[12] = changed[12]! ^ 0x01;
    const broken = await pdfsig(changed);
    expect(broken).not.toContain('Signature is Valid.');
    expect(broken).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  });

  it('is complete in English, and signs with the laboratory’s own PKCS#12 when it is configured', async () => {
    const configured = t.config.reportCompany;
    const password = 'heslo-laboratoře';
    t.config.reportCompany = {
      ...configured,
      name: 'Laboratoř Šumava a.s.',
      accreditation: 'Zdravotnická laboratoř č. 8123 akreditovaná ČIA podle ČSN EN ISO 15189:2023',
      method: { cs: null, en: 'Illumina Global Screening Array v3, targeted markers listed in the appendix' },
      signing: {
        p12: selfSignedP12('Laboratoř Šumava a.s. – podpis zpráv', 'Laboratoř Šumava a.s.', password),
        password,
      },
    };
    let released: Awaited<ReturnType<typeof releasedReport>>;
    try {
      released = await releasedReport('en', 'Signed');
    } finally {
      t.config.reportCompany = configured;
    }
    const { r, pdf, lab, withheld } = released;
    const text = await pdftotext(pdf);
    const today = formatReportDate(new Date(), 'en');
    for (const element of [
      'Laboratoř Šumava a.s.',
      'Accreditation: Zdravotnická laboratoř č. 8123 akreditovaná ČIA podle ČSN EN ISO 15189:2023',
      'Genetic test report',
      `Eva ${r.surname}`,
      'Date of birth',
      'Sex: male',
      'Sample type saliva',
      r.barcode,
      'Sample collected 2 March 2026',
      'Sample received: 4 March 2026',
      'Requesting physician MUDr. Petra Nováková, Praha 4',
      'Indication family history of thrombosis',
      'Test method Illumina Global Screening Array v3, targeted markers listed in the appendix',
      'Genome build GRCh38',
      'Markers tested 4 (called 3; listed in the appendix)',
      'Genotyping results',
      'Zygosity',
      'Interpretation',
      'Limitations of the test',
      `Technically validated by ${lab.name} on 10 March 2026 (call rate 99.5 %, no-calls 1, controls passed)`,
      `Medically approved by MUDr. David Dvořák (licence no. ČLK 0701234) on ${today}`,
      `Date of issue ${today}`,
      'Report status final report',
      'Appendix: markers tested and their call status',
      'no call',
      `Not reported: ${withheld.phenotypeEn} – to be discussed at a consultation`,
      'Page 1 of',
    ])
      expect(text, element).toContain(element);
    expect(text).not.toContain('Datum narození');

    const report = await pdfsig(pdf);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: Laboratoř Šumava a.s. – podpis zpráv');
    const signed = await facts(pdf);
    expect(signed.reason).toMatch(/^Report GD-\d+ v1 issued by the laboratory$/);
    expect(signed.part).toBe('2');
    expect(signed.conformance).toBe('B');
  });
});
