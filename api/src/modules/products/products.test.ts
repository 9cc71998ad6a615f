import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { transaction } from '../../db/client.js';
import {
  accessLog,
  auditLog,
  outboxMessages,
  products,
  reanalysisRuns,
  templates,
  users,
} from '../../db/schema/index.js';
import { loadCatalogue, reanalyseProducts } from '../results/generation.service.js';
import { moveProduct } from './products.service.js';
import { type ReportFixture, reportFor, sampleStatus, withdrawConsent, yearsAgo } from './test-fixtures.js';

let t: TestApp;
let doctor: Record<string, string>;
let lab: Record<string, string>;
let doctorId: number;

beforeAll(async () => {
  t = await testApp();
  doctor = await t.authAs(demo.doctor);
  lab = await t.authAs(demo.lab);
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, demo.doctor));
  doctorId = row!.id;
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'PATCH' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = doctor,
) => t.app.inject({ method, url, payload, headers });

const list = async (query: string) => {
  const response = await call('GET', `/api/admin/products?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as {
    items: { id: number; [k: string]: unknown }[];
    total: number;
    totalExact: boolean;
  };
};

const emailsTo = (...recipients: string[]) =>
  t.db
    .select({
      recipient: outboxMessages.recipient,
      subject: outboxMessages.subject,
      kind: outboxMessages.kind,
    })
    .from(outboxMessages)
    .where(inArray(outboxMessages.recipient, recipients));

const productRow = async (id: number) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!;

/** Moves a report straight away (as the job does), for list fixtures. */
async function placeIn(productId: number, section: 'doctorSection' | 'archive') {
  await t.db.update(products).set({ pendingSection: 'doctorSection' }).where(eq(products.id, productId));
  await moveProduct(t.db, productId);
  if (section === 'archive') {
    await t.db.update(products).set({ pendingSection: 'archive' }).where(eq(products.id, productId));
    await moveProduct(t.db, productId);
  }
}

describe('products list', () => {
  let a: ReportFixture;
  let b: ReportFixture;
  let c: ReportFixture;
  let d: ReportFixture;

  beforeAll(async () => {
    a = await reportFor(t, { surname: 'Listová Alfa' });
    b = await reportFor(t, {
      surname: 'Listová Beta',
      dateOfBirth: yearsAgo(15),
      genotypes: { rs4988235: 'G/G', rs762551: 'C/A', rs6025: 'A/A' },
    });
    c = await reportFor(t, { surname: 'Listová Gama', genotypes: { rs4988235: 'G/G' } });
    d = await reportFor(t, { surname: 'Listová Delta' });
    await placeIn(c.productId, 'doctorSection');
    await placeIn(d.productId, 'archive');
    await t.db.update(products).set({ status: 3 }).where(eq(products.id, b.productId));
  });

  it('lists each section with the customer, barcode, type and derived flags', async () => {
    const results = await list('search=listová');
    expect(results.items.map((i) => i.id).sort()).toEqual([a.productId, b.productId].sort());
    expect(results).toMatchObject({ total: 2, totalExact: true });
    const beta = results.items.find((i) => i.id === b.productId)!;
    expect(beta).toMatchObject({
      customerId: b.customerId,
      customerName: 'Eva Listová Beta',
      customerEmail: b.email,
      customerUnderage: true,
      barcode: b.barcode,
      status: 3,
      section: 'results',
      pendingSection: null,
      requiresInspection: true,
      pairedPhenotypesCount: 3,
      doctor: null,
    });
    expect(beta.productType).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    expect(results.items.find((i) => i.id === a.productId)).toMatchObject({ customerUnderage: false });

    const doctorSection = await list('section=doctorSection&search=listová');
    expect(doctorSection.items.map((i) => [i.id, i.section])).toEqual([[c.productId, 'doctorSection']]);
    const archive = await list('section=archive&search=listová');
    expect(archive.items.map((i) => [i.id, i.section])).toEqual([[d.productId, 'archive']]);
  });

  it('searches by name, surname, full name, e-mail and barcode', async () => {
    const ids = async (term: string, section = 'results') =>
      (await list(`section=${section}&search=${encodeURIComponent(term)}`)).items.map((i) => i.id);
    expect(await ids('Listová Alfa')).toEqual([a.productId]);
    expect(await ids('eva listová beta')).toEqual([b.productId]);
    expect(await ids(a.email.toUpperCase())).toEqual([a.productId]);
    expect(await ids(b.barcode)).toEqual([b.productId]);
    expect(await ids(d.barcode.toLowerCase(), 'archive')).toEqual([d.productId]);
    expect(await ids('nikdo-takovy')).toEqual([]);
    // Wildcards are literal.
    expect(await ids('%')).toEqual([]);
  });

  it('filters by status, requiresInspection and customer', async () => {
    expect((await list('search=listová&status=3')).items.map((i) => i.id)).toEqual([b.productId]);
    expect((await list(`customerId=${a.customerId}`)).items.map((i) => i.id)).toEqual([a.productId]);
    const inspected = await list('section=doctorSection&search=listová&requiresInspection=false');
    expect(inspected.items.map((i) => i.id)).toEqual([c.productId]);
    expect((await list('section=doctorSection&search=listová&requiresInspection=true')).items).toEqual([]);
  });

  it('sorts by whitelisted fields and pages in SQL', async () => {
    const byName = await list('search=listová&sort=customerName');
    expect(byName.items.map((i) => i.id)).toEqual([a.productId, b.productId]);
    const byNameDesc = await list('search=listová&sort=-customerName');
    expect(byNameDesc.items.map((i) => i.id)).toEqual([b.productId, a.productId]);
    const byId = await list('search=listová&sort=-id&pageSize=1&page=2');
    expect(byId).toMatchObject({ total: 2, totalExact: true, page: 2, pageSize: 1 });
    expect(byId.items.map((i) => i.id)).toEqual([a.productId]);
    const past = await list('search=listová&pageSize=1&page=5');
    expect(past).toMatchObject({ items: [], total: 2, totalExact: true });
    // Default: newest generated first.
    const byDefault = await list('search=listová');
    expect(byDefault.items.map((i) => i.id)).toEqual([b.productId, a.productId]);

    const bad = await call('GET', '/api/admin/products?sort=content');
    expect(bad.statusCode).toBe(400);
    const badSection = await call('GET', '/api/admin/products?section=trash');
    expect(badSection.statusCode).toBe(400);
  });

  it('needs Products.View', async () => {
    const reception = await t.authAs(demo.reception);
    expect((await call('GET', '/api/admin/products', undefined, reception)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/products', undefined, lab)).statusCode).toBe(200);
  });
});

describe('one report', () => {
  it('answers the report with categories, genes, change log and pending reanalysis', async () => {
    const r = await reportFor(t, { validated: false });
    const response = await call('GET', `/api/admin/products/getproduct?ProductId=${r.productId}`);
    expect(response.statusCode).toBe(200);
    const product = response.json();
    expect(product).toMatchObject({
      id: r.productId,
      status: 1,
      assignedCustomerId: r.customerId,
      assignedCustomer: { id: r.customerId, email: r.email, gender: 2, notifyByEmail: true },
      isInDoctorSection: false,
      isArchived: false,
      section: 'results',
      doctorIntro: '',
      doctorIntroReproductiveGeneticsEnabled: false,
      changeLog: [],
      reanalysisPending: false,
    });
    expect(product.genes.map((g: { code: string; genotype: string }) => [g.code, g.genotype])).toEqual([
      ['rs4988235', 'G/G'],
      ['rs6025', 'C/T'],
      ['rs762551', 'C/A'],
    ]);
    expect(product).toMatchObject({ notAssessed: [], openPoints: ['emptyIntro'], combinations: [] });
    const [row] = await t.db.select().from(products).where(eq(products.id, r.productId));
    const expected = row!.content.categories.map((category) => {
      const phenotypes = category.subcategories.flatMap((s) => s.phenotypes);
      return {
        id: category.id,
        nameEn: category.nameEn,
        phenotypeCount: phenotypes.length,
        highestRisk: Math.max(...phenotypes.map((p) => p.risk ?? 0)),
        notAssessedCount: 0,
      };
    });
    expect(product.categories).toMatchObject(expected);
    expect(
      product.categories.reduce((n: number, k: { phenotypeCount: number }) => n + k.phenotypeCount, 0),
    ).toBe(3);

    await t.db.insert(reanalysisRuns).values({ productId: r.productId, status: 1 });
    const pending = await call('GET', `/api/admin/products/getproduct?ProductId=${r.productId}`);
    expect(pending.json().reanalysisPending).toBe(true);
  });

  it('logs each read in the access log, never in the change log', async () => {
    const r = await reportFor(t, { validated: false });
    await call('GET', `/api/admin/products/getproduct?ProductId=${r.productId}`);
    const second = await call(
      'GET',
      `/api/admin/products/getproduct?ProductId=${r.productId}`,
      undefined,
      lab,
    );
    expect(second.json().changeLog).toEqual([]);
    const reads = await t.db
      .select({ kind: accessLog.kind, userId: accessLog.userId, customerIds: accessLog.customerIds })
      .from(accessLog)
      .where(and(eq(accessLog.kind, 'report'), eq(accessLog.entityId, r.productId)))
      .orderBy(accessLog.id);
    const [labUser] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, demo.lab));
    expect(reads).toEqual([
      { kind: 'report', userId: doctorId, customerIds: [r.customerId] },
      { kind: 'report', userId: labUser!.id, customerIds: [r.customerId] },
    ]);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entity, 'productRead'))).toEqual([]);
  });

  it('answers one category; 404 for an unknown report or category', async () => {
    const r = await reportFor(t, { validated: false });
    const [row] = await t.db.select().from(products).where(eq(products.id, r.productId));
    const first = row!.content.categories[0]!;
    const response = await call(
      'GET',
      `/api/admin/products/getcategory?ProductId=${r.productId}&ProductCategoryId=${first.id}`,
    );
    expect(response.statusCode).toBe(200);
    // As stored, each gene read with the marker map besides (issue 34: genotype-notation.test.ts).
    const withoutGenes = (category: typeof first) => ({
      ...category,
      subcategories: category.subcategories.map((s) => ({
        ...s,
        // Read, a phenotype says whether it is withheld (issue 35): null, stored as absent.
        phenotypes: s.phenotypes.map(({ genes: _genes, withheld: _withheld, ...p }) => p),
      })),
    });
    expect(withoutGenes(response.json())).toEqual(withoutGenes(first));
    expect(response.json().subcategories[0].phenotypes[0]).toMatchObject({
      withheld: null,
      requiresConsultation: false,
    });
    expect(response.json().subcategories[0].phenotypes[0]).toMatchObject({
      phenotype: expect.any(String),
      genes: first.subcategories[0]!.phenotypes[0]!.genes.map((gene) => ({
        code: gene.code,
        genotype: gene.genotype,
        hgvsC: expect.any(String),
        zygosity: expect.any(String),
        notation: expect.any(Object),
      })),
    });

    const unknownCategory = await call(
      'GET',
      `/api/admin/products/getcategory?ProductId=${r.productId}&ProductCategoryId=999999`,
    );
    expect(unknownCategory.statusCode).toBe(404);
    const unknownProduct = await call(
      'GET',
      `/api/admin/products/getcategory?ProductId=999999&ProductCategoryId=${first.id}`,
    );
    expect(unknownProduct.statusCode).toBe(404);
    const missing = await call('GET', '/api/admin/products/getproduct?ProductId=999999');
    expect(missing.statusCode).toBe(404);
    expect(await t.db.select().from(accessLog).where(eq(accessLog.entityId, 999999))).toEqual([]);
  });
});

describe('editing a report', () => {
  const patch = (payload: object, headers = doctor) =>
    call('PATCH', '/api/admin/products/', payload, headers);

  it('saves the introductions, sanitised, keeping the status; the change log names each field', async () => {
    const r = await reportFor(t, { validated: false });
    const response = await patch({
      Id: r.productId,
      DoctorIntro: '<p>Dobrý den <script>alert(1)</script><b>výsledky</b></p>',
      DoctorIntroReproductiveGenetics: '<p>Reprodukce</p>',
      DoctorIntroReproductiveGeneticsEnabled: true,
    });
    expect(response.statusCode).toBe(200);
    const product = response.json();
    expect(product).toMatchObject({
      status: 1,
      doctorIntro: '<p>Dobrý den <b>výsledky</b></p>',
      doctorIntroReproductiveGenetics: '<p>Reprodukce</p>',
      doctorIntroReproductiveGeneticsEnabled: true,
      doctor: { id: doctorId, userName: expect.any(String) },
      publishedAt: null,
    });
    expect(product.doctorsIntroLastChange).not.toBeNull();
    expect(product.lastChangeAt).not.toBeNull();
    expect(
      product.changeLog.map((c: { field: string; oldValue: string | null; newValue: string | null }) => [
        c.field,
        c.oldValue,
        c.newValue,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['doctorIntro', '', '<p>Dobrý den <b>výsledky</b></p>'],
        ['doctorIntroReproductiveGenetics', '', '<p>Reprodukce</p>'],
        ['doctorIntroReproductiveGeneticsEnabled', 'false', 'true'],
      ]),
    );
    expect(product.changeLog).toHaveLength(3);
    expect(product.changeLog[0].changedByUser).toEqual({ id: doctorId, userName: expect.any(String) });
    expect(await sampleStatus(t, r.sampleId)).toBe(6);
    expect(await emailsTo(r.email)).toEqual([]);
  });

  it('refuses an image with an unsupported URL (400) and changes nothing', async () => {
    const r = await reportFor(t);
    const response = await patch({
      Id: r.productId,
      DoctorIntro: '<p><img src="http://example.com/a.png"></p>',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.DoctorIntro).toEqual(expect.any(String));
    expect((await productRow(r.productId)).doctorIntro).toBe('');
  });

  it('publishes: status 3, publishedAt, sample [8], e-mail only when the customer wants e-mails', async () => {
    const r = await reportFor(t);
    const response = await patch({ Id: r.productId, Status: 3, DoctorIntro: '<p>Vše v pořádku.</p>' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 3, publishedAt: expect.any(String) });
    expect(await sampleStatus(t, r.sampleId)).toBe(8);
    const mails = await emailsTo(r.email);
    expect(mails).toEqual([expect.objectContaining({ recipient: r.email, kind: 'product-published' })]);
    expect(mails[0]!.subject).toMatch(/zpráva/);
    const [sampleAudit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'sample'), eq(auditLog.entityId, r.sampleId)));
    expect(sampleAudit).toMatchObject({ field: 'status', oldValue: '6', newValue: '8', changedBy: doctorId });
    expect(response.json().changeLog).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'status', oldValue: '1', newValue: '3' })]),
    );

    const quiet = await reportFor(t, { notifyByEmail: false });
    expect(
      (await patch({ Id: quiet.productId, Status: 3, DoctorIntro: '<p>Dobrý výsledek.</p>' })).statusCode,
    ).toBe(200);
    expect(await sampleStatus(t, quiet.sampleId)).toBe(8);
    expect(await emailsTo(quiet.email)).toEqual([]);
  });

  it('publishes only a report whose customer has a date of birth, the second identifier (422 cs and en); inviting needs none', async () => {
    const r = await reportFor(t, { dateOfBirth: null });
    for (const Status of [3, 4]) {
      const refused = await patch({ Id: r.productId, Status, DoctorIntro: '<p>Vše v pořádku.</p>' });
      expect(refused.statusCode).toBe(422);
      // Eva: the refusal agrees with her gender, as the consent's does.
      expect(refused.json().error.message).toBe(
        'Výsledek nelze zveřejnit: zákaznice nemá vyplněné datum narození, druhý identifikátor zprávy. Doplňte ho v její kartě.',
      );
    }
    const man = await reportFor(t, { dateOfBirth: null, gender: 1 });
    const refusedMan = await patch({ Id: man.productId, Status: 3, DoctorIntro: '<p>Vše v pořádku.</p>' });
    expect(refusedMan.statusCode).toBe(422);
    expect(refusedMan.json().error.message).toBe(
      'Výsledek nelze zveřejnit: zákazník nemá vyplněné datum narození, druhý identifikátor zprávy. Doplňte ho v jeho kartě.',
    );
    const en = await patch(
      { Id: r.productId, Status: 3, DoctorIntro: '<p>Vše v pořádku.</p>' },
      { ...doctor, 'accept-language': 'en' },
    );
    expect(en.json().error.fields.Status).toBe(
      'The report cannot be published: the customer has no date of birth, the report’s second identifier. Add it on the customer’s record.',
    );
    const [unchanged] = await t.db.select().from(products).where(eq(products.id, r.productId));
    expect(unchanged).toMatchObject({ status: 1, publishedAt: null });
    expect(await emailsTo(r.email)).toEqual([]);
    expect((await patch({ Id: r.productId, Status: 2 })).statusCode).toBe(200);
  });

  it('only a physician signs off: an administrator (Products.Edit and all) is refused 403 in cs and en, nothing changes', async () => {
    const r = await reportFor(t);
    const admin = await t.authAs(demo.admin);
    for (const Status of [3, 4]) {
      const refused = await patch({ Id: r.productId, Status, DoctorIntro: '<p>Vše v pořádku.</p>' }, admin);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(
        'Výsledek smí zveřejnit jen lékař (kvalifikace „Lékař“ v profilu uživatele), ať má role jakákoli oprávnění.',
      );
    }
    const en = await patch({ Id: r.productId, Status: 3 }, { ...admin, 'accept-language': 'en' });
    expect(en.json().error.message).toBe(
      'Only a physician may publish a report (the qualification “Physician” on the user), whatever the role’s permissions.',
    );
    const [unchanged] = await t.db.select().from(products).where(eq(products.id, r.productId));
    expect(unchanged).toMatchObject({ status: 1, publishedAt: null });
    expect(await emailsTo(r.email)).toEqual([]);
    // Saving texts is no sign-off: the administrator may still do that.
    expect((await patch({ Id: r.productId, DoctorIntro: '<p>Text.</p>' }, admin)).statusCode).toBe(200);
    // The physician publishes; the report names them as its approver.
    const published = await patch({ Id: r.productId, Status: 3 });
    expect(published.statusCode).toBe(200);
    expect(published.json().doctor).toMatchObject({ userName: 'MUDr. David Dvořák' });
  });

  it('publishes preliminarily: status 4', async () => {
    const r = await reportFor(t);
    const response = await patch({ Id: r.productId, Status: 4, DoctorIntro: '<p>Předběžně.</p>' });
    expect(response.json()).toMatchObject({ status: 4, publishedAt: expect.any(String) });
    expect(await sampleStatus(t, r.sampleId)).toBe(8);
    expect(await emailsTo(r.email)).toEqual([
      expect.objectContaining({ kind: 'product-preliminarily-published' }),
    ]);
  });

  it('invites: status 2, sample [9], e-mail even when the customer does not want e-mails', async () => {
    const r = await reportFor(t, { notifyByEmail: false });
    const response = await patch({ Id: r.productId, Status: 2 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 2, publishedAt: null });
    expect(await sampleStatus(t, r.sampleId)).toBe(9);
    expect(await emailsTo(r.email)).toEqual([expect.objectContaining({ kind: 'product-invitation' })]);
  });

  it('only a physician invites, and only a customer with a valid consent: refused, nothing changes and nobody is e-mailed', async () => {
    const r = await reportFor(t);
    const admin = await t.authAs(demo.admin);
    const byAdmin = await patch(
      { Id: r.productId, Status: 2, LegalGuardianName: 'X', LegalGuardianEmail: 'anyone@example.org' },
      { ...admin, 'accept-language': 'en' },
    );
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error.fields).toEqual({
      Status:
        'Only a physician may invite a customer to discuss their results (the qualification “Physician” on the user).',
    });
    expect(await productRow(r.productId)).toMatchObject({ status: 1, legalGuardianEmail: null });
    expect(await sampleStatus(t, r.sampleId)).toBe(6);
    expect(await emailsTo(r.email)).toEqual([]);
    expect(await emailsTo('anyone@example.org')).toEqual([]);

    const unconsented = await reportFor(t, { validated: false });
    await withdrawConsent(t, unconsented.customerId);
    const withoutConsent = await patch({ Id: unconsented.productId, Status: 2 });
    expect(withoutConsent.statusCode).toBe(422);
    expect(withoutConsent.json().error.fields.Status).toContain('pozvání na konzultaci');
    expect(await productRow(unconsented.productId)).toMatchObject({ status: 1 });
    expect(await sampleStatus(t, unconsented.sampleId)).toBe(6);
    expect(await emailsTo(unconsented.email)).toEqual([]);
  });

  it('an invitation without a valid consent is refused as the invitation it is, in cs and en (not as a release), gendered as the customer; nothing changes', async () => {
    // Validated and in review, as the demo's report #55 of Eva Blažková (a woman) when QA withdrew her consent.
    const r = await reportFor(t);
    await withdrawConsent(t, r.customerId);
    const before = await productRow(r.productId);
    const body = { Id: r.productId, Status: 2, DoctorIntro: '<p>Pojďme si výsledky projít.</p>' };
    const cs = await patch(body);
    expect(cs.statusCode).toBe(422);
    const csText = `Zákaznice Eva ${r.surname} nemá platný souhlas s analýzou DNA, proto nelze provést: pozvání na konzultaci. Podepsaný souhlas zaznamenejte v její kartě, v části „Souhlas s analýzou DNA“.`;
    expect(cs.json().error).toMatchObject({
      code: 'RULE_BROKEN',
      message: csText,
      fields: { Status: csText },
    });
    const en = await patch(body, { ...doctor, 'accept-language': 'en' });
    expect(en.statusCode).toBe(422);
    expect(en.json().error.fields).toEqual({
      Status: `The customer Eva ${r.surname} has no valid consent to DNA analysis, so this cannot be done: invitation to a consultation. Record the signed consent in the “Consent to DNA analysis” section of the customer’s page.`,
    });
    // Neither the status, nor the text sent with it, nor the sample, the change log or the mailbox moved.
    expect(await productRow(r.productId)).toEqual(before);
    expect(await sampleStatus(t, r.sampleId)).toBe(6);
    expect(await emailsTo(r.email)).toEqual([]);
    // Publishing the same report is still refused as a release: each step says which it is.
    const publishing = await patch(
      { Id: r.productId, Status: 4, Confirmations: ['inspection', 'notAssessed', 'emptyIntro'] },
      { ...doctor, 'accept-language': 'en' },
    );
    expect(publishing.statusCode).toBe(422);
    expect(publishing.json().error.fields.Status).toContain('so this cannot be done: releasing the report.');
    // The sample's move to "results require consultation" in the status editor is the same step.
    const bySample = await call(
      'POST',
      '/api/admin/samples/',
      { SampleId: r.sampleId, Status: 9 },
      { ...(await t.authAs(demo.admin)), 'accept-language': 'en' },
    );
    expect(bySample.statusCode).toBe(422);
    expect(bySample.json().error.fields.Status).toContain(
      'so this cannot be done: invitation to a consultation.',
    );
    expect(await sampleStatus(t, r.sampleId)).toBe(6);
  });

  it('an underage customer is invited only with a legal guardian, who is e-mailed too', async () => {
    const r = await reportFor(t, { dateOfBirth: yearsAgo(16), validated: false });
    const refused = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/products/',
      payload: { Id: r.productId, Status: 2, DoctorIntro: '<p>Pozvánka</p>' },
      headers: { ...doctor, 'accept-language': 'en' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual({
      LegalGuardianName: 'The customer is underage: enter the parent or legal guardian.',
    });
    const unchanged = await productRow(r.productId);
    expect(unchanged).toMatchObject({ status: 1, doctorIntro: '' });
    expect(await sampleStatus(t, r.sampleId)).toBe(6);
    expect(await emailsTo(r.email)).toEqual([]);

    const guardianEmail = `guardian-${r.customerId}@example.test`;
    const invited = await patch({
      Id: r.productId,
      Status: 2,
      LegalGuardianName: 'Jana Nováková',
      LegalGuardianEmail: guardianEmail,
    });
    expect(invited.statusCode).toBe(200);
    expect(invited.json()).toMatchObject({
      status: 2,
      legalGuardianName: 'Jana Nováková',
      legalGuardianEmail: guardianEmail,
      customerUnderage: true,
    });
    expect(
      invited
        .json()
        .changeLog.map((c: { field: string }) => c.field)
        .sort(),
    ).toEqual(['legalGuardianEmail', 'legalGuardianName', 'status']);
    const mails = await emailsTo(r.email, guardianEmail);
    expect(mails.map((m) => [m.recipient, m.kind]).sort()).toEqual(
      [
        [guardianEmail, 'product-invitation-guardian'],
        [r.email, 'product-invitation'],
      ].sort(),
    );
  });

  it('refuses status 1 or 5 (422) but a save may keep either', async () => {
    const r = await reportFor(t);
    await patch({ Id: r.productId, Status: 3, DoctorIntro: '<p>Hotovo.</p>' });
    for (const status of [1, 5]) {
      const response = await patch({ Id: r.productId, Status: status });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.message).toBe('Tento stav nelze výsledku nastavit.');
    }
    expect((await productRow(r.productId)).status).toBe(3);
    const fresh = await reportFor(t);
    const save = await patch({ Id: fresh.productId, Status: 1, DoctorIntro: '<p>Koncept</p>' });
    expect(save.statusCode).toBe(200);
    expect(save.json()).toMatchObject({ status: 1, doctorIntro: '<p>Koncept</p>' });
    expect((await patch({ Id: fresh.productId, Status: 6 })).statusCode).toBe(400);
  });

  it('refuses to publish what nobody checked: inspection, unassessed phenotypes, an empty introduction (422, cs and en), until each is confirmed', async () => {
    const r = await reportFor(t, { genotypes: { rs4988235: 'G/G', rs6025: 'A/A' } });
    const before = await call('GET', `/api/admin/products/getproduct?ProductId=${r.productId}`);
    expect(before.json()).toMatchObject({
      requiresInspection: true,
      openPoints: ['inspection', 'notAssessed', 'emptyIntro'],
      notAssessed: [expect.objectContaining({ phenotype: 'Faktor V Leiden' })],
    });
    // A final report makes no promises (issue 35): no confirmation lets "not assessed" into it.
    const final = await patch({
      Id: r.productId,
      Status: 3,
      Confirmations: ['inspection', 'notAssessed', 'emptyIntro'],
    });
    expect(final.statusCode).toBe(422);
    expect(final.json().error.message).toBe(
      'Konečná zpráva nic neslibuje: 1 neposouzený nebo neurčený fenotyp posuďte, nebo ho s důvodem vyřaďte ze zprávy. Jinak zprávu zveřejněte předběžně.',
    );
    const refused = await patch({ Id: r.productId, Status: 4 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(
      'Výsledek nelze zveřejnit, dokud lékař nepotvrdí každý otevřený bod. Výsledek je označen ke kontrole lékařem. 1 neposouzený fenotyp. Úvodní slovo lékaře je prázdné.',
    );
    const english = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/products',
      payload: { Id: r.productId, Status: 4, DoctorIntro: '<p>Done.</p>', Confirmations: ['inspection'] },
      headers: { ...doctor, 'accept-language': 'en' },
    });
    expect(english.statusCode).toBe(422);
    expect(english.json().error.message).toBe(
      'The report cannot be published until the doctor confirms each open point. 1 phenotype not assessed.',
    );
    // Nothing changed by the refusals.
    expect(await productRow(r.productId)).toMatchObject({
      status: 1,
      doctorIntro: '',
      requiresInspection: true,
    });
    expect(await sampleStatus(t, r.sampleId)).toBe(6);
    expect(await emailsTo(r.email)).toEqual([]);

    // A preliminary report may carry it (its PDF says preliminary).
    const published = await patch({
      Id: r.productId,
      Status: 4,
      Confirmations: ['inspection', 'notAssessed', 'emptyIntro'],
    });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({
      status: 4,
      requiresInspection: false,
      openPoints: ['notAssessed', 'emptyIntro'],
    });
    const confirmations = published
      .json()
      .changeLog.filter((c: { field: string }) => c.field === 'confirmed')
      .map((c: { newValue: string; changedByUser: { id: number } }) => [c.newValue, c.changedByUser.id]);
    expect(confirmations.sort()).toEqual([
      ['emptyIntro', doctorId],
      ['inspection', doctorId],
      ['notAssessed', doctorId],
    ]);
  });

  it('the doctor assesses an unassessed phenotype with a template or an own text and risk; reanalysis keeps it', async () => {
    const r = await reportFor(t, { genotypes: { rs4988235: 'G/G', rs6025: 'A/A' } });
    const product = (await call('GET', `/api/admin/products/getproduct?ProductId=${r.productId}`)).json();
    const factorV = product.notAssessed[0].geneCombinationId;
    const [template] = await t.db
      .select({ id: templates.id })
      .from(templates)
      .where(and(eq(templates.geneCombinationId, factorV), eq(templates.risk, 3)));
    const [foreign] = await t.db
      .select({ id: templates.id })
      .from(templates)
      .where(sql`${templates.geneCombinationId} <> ${factorV}`)
      .limit(1);
    const assess = (body: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/admin/products/phenotype', payload: body, headers: doctor });

    expect((await assess({ ProductId: r.productId, GeneCombinationId: factorV })).statusCode).toBe(400);
    // Products.View alone may not assess: the server refuses, the phenotype stays not assessed.
    const byLab = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/products/phenotype',
      payload: { ProductId: r.productId, GeneCombinationId: factorV, TemplateId: template!.id },
      headers: lab,
    });
    expect(byLab.statusCode).toBe(403);
    expect(
      (await call('GET', `/api/admin/products/getproduct?ProductId=${r.productId}`)).json().notAssessed,
    ).toHaveLength(1);
    const wrong = await assess({
      ProductId: r.productId,
      GeneCombinationId: factorV,
      TemplateId: foreign!.id,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.message).toBe('Šablona nepatří k tomuto fenotypu.');
    const byText = await assess({
      ProductId: r.productId,
      GeneCombinationId: factorV,
      Risk: 2,
      Text: '<p>Posouzeno lékařem.</p>',
      TextEn: '<p>Assessed by a doctor.</p>',
    });
    expect(byText.statusCode).toBe(200);
    expect(byText.json()).toMatchObject({ notAssessed: [], openPoints: ['inspection', 'emptyIntro'] });
    const byTemplate = await assess({
      ProductId: r.productId,
      GeneCombinationId: factorV,
      TemplateId: template!.id,
    });
    expect(byTemplate.statusCode).toBe(200);
    const category = byTemplate
      .json()
      .categories.find(
        (c: { notAssessedCount: number; highestRisk: number }) =>
          c.notAssessedCount === 0 && c.highestRisk === 3,
      );
    expect(category).toBeDefined();
    const log = byTemplate
      .json()
      .changeLog.filter((c: { field: string }) => c.field === 'phenotype: Faktor V Leiden');
    expect(log.map((c: { oldValue: string; newValue: string }) => [c.oldValue, c.newValue])).toEqual([
      ['risk 2 · doctor text', `risk 3 · template ${template!.id} · assessed`],
      ['not assessed · default text', 'risk 2 · doctor text · assessed'],
    ]);
    // The log names what its ids stand for: the template by the genotypes it matches, the phenotype's
    // category (one query for every template of the log).
    expect(log[0]).toMatchObject({
      templates: [{ id: template!.id, genotypes: 'rs6025 T/T' }],
      phenotype: { nameEn: 'Factor V Leiden', category: 'Srdce a cévy', categoryEn: 'Heart and vessels' },
    });
    expect(log[1]).toMatchObject({ templates: [] });

    // A reanalysis with the same genotypes keeps the doctor's assessment.
    const catalogue = await transaction(t.db, (tx) => loadCatalogue(tx));
    await transaction(t.db, (tx) => reanalyseProducts(tx, [r.productId], catalogue, null));
    const after = (await call('GET', `/api/admin/products/getproduct?ProductId=${r.productId}`)).json();
    expect(after.notAssessed).toEqual([]);
    const phenotype = (
      await call(
        'GET',
        `/api/admin/products/getcategory?ProductId=${r.productId}&ProductCategoryId=${category.id}`,
      )
    )
      .json()
      .subcategories.flatMap((s: { phenotypes: object[] }) => s.phenotypes)
      .find((p: { geneCombinationId: number }) => p.geneCombinationId === factorV);
    expect(phenotype).toMatchObject({
      risk: 3,
      templateId: template!.id,
      notAssessed: false,
      assessedBy: { id: doctorId },
    });
    // A template deleted since is said to be gone, not shown as a bare number.
    await t.db.delete(templates).where(eq(templates.id, template!.id));
    const deleted = (await call('GET', `/api/admin/products/getproduct?ProductId=${r.productId}`))
      .json()
      .changeLog.find((c: { field: string }) => c.field === 'phenotype: Faktor V Leiden');
    expect(deleted.templates).toEqual([{ id: template!.id, genotypes: null }]);
  });

  it('an own text is required to assess with it: an empty one, or one the sanitiser empties, is a 422 in cs and en and changes nothing', async () => {
    const r = await reportFor(t, { genotypes: { rs4988235: 'G/G', rs6025: 'A/A' } });
    const read = async () =>
      (await call('GET', `/api/admin/products/getproduct?ProductId=${r.productId}`)).json();
    const factorV = (await read()).notAssessed[0].geneCombinationId;
    const before = await productRow(r.productId);
    const assess = (body: object, headers = doctor) =>
      call(
        'PATCH',
        '/api/admin/products/phenotype',
        { ProductId: r.productId, GeneCombinationId: factorV, Risk: 2, ...body },
        headers,
      );
    const cs = 'Posouzení vlastním textem potřebuje text pro zákazníka: napište ho, nebo zvolte šablonu.';
    // A risk picked and nothing written: the dialog's empty editor, no text at all, or a script alone.
    for (const body of [
      { Text: '<p></p>', TextEn: '<p>Assessed by a doctor.</p>' },
      { Text: '', TextEn: '' },
      {},
      { Text: '<p><script>alert(1)</script></p>' },
    ]) {
      const refused = await assess(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(422);
      expect(refused.json().error).toMatchObject({ message: cs, fields: { Text: cs } });
    }
    const en = await assess({ Text: '<p> </p>' }, { ...doctor, 'accept-language': 'en' });
    expect(en.statusCode).toBe(422);
    expect(en.json().error.fields).toEqual({
      Text: 'An assessment with an own text needs the text for the customer: write it, or pick a template.',
    });
    // The phenotype is still not assessed, its default text in place, nothing logged.
    expect(await productRow(r.productId)).toEqual(before);
    expect((await read()).notAssessed.map((p: { geneCombinationId: number }) => p.geneCombinationId)).toEqual(
      [factorV],
    );
    // A text in Czech alone is enough (the English report falls back to it).
    expect((await assess({ Text: '<p>Posouzeno lékařem.</p>' })).statusCode).toBe(200);
  });

  it('404 for an unknown report; Products.View alone may not edit', async () => {
    expect((await patch({ Id: 999999, DoctorIntro: '<p>x</p>' })).statusCode).toBe(404);
    const r = await reportFor(t);
    const response = await patch({ Id: r.productId, Status: 3 }, lab);
    expect(response.statusCode).toBe(403);
    expect((await productRow(r.productId)).status).toBe(1);
  });

  it("an archived report is read-only: 422 in the caller's language, nothing changed", async () => {
    const r = await reportFor(t);
    await placeIn(r.productId, 'archive');
    const before = await productRow(r.productId);
    const response = await patch({ Id: r.productId, Status: 3, DoctorIntro: '<p>Pozdě</p>' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(
      'Archivovaný výsledek nelze upravit. Nejprve jej vraťte do lékařské sekce.',
    );
    const english = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/products/',
      payload: { Id: r.productId, DoctorIntro: '<p>Late</p>' },
      headers: { ...doctor, 'accept-language': 'en' },
    });
    expect(english.json().error.message).toBe(
      'An archived report cannot be edited. Move it back to the doctor section first.',
    );
    expect(await productRow(r.productId)).toEqual(before);
  });

  it('a save that changes nothing writes nothing', async () => {
    const r = await reportFor(t, { validated: false });
    const response = await patch({ Id: r.productId, Status: 1, DoctorIntro: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ changeLog: [], lastChangeAt: null, doctor: null });
  });

  it('an invitation uses the guardian stored earlier; a bad guardian e-mail is a 400', async () => {
    const r = await reportFor(t, { dateOfBirth: yearsAgo(12) });
    const bad = await patch({ Id: r.productId, LegalGuardianEmail: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['LegalGuardianEmail']);
    expect((await patch({ Id: r.productId, LegalGuardianName: 'Petr Novák' })).statusCode).toBe(200);
    const invited = await patch({ Id: r.productId, Status: 2 });
    expect(invited.statusCode).toBe(200);
    expect(invited.json()).toMatchObject({ status: 2, legalGuardianName: 'Petr Novák' });
    expect(await sampleStatus(t, r.sampleId)).toBe(9);
  });

  it('lists the change log newest first', async () => {
    const r = await reportFor(t, { validated: false });
    await patch({ Id: r.productId, DoctorIntro: '<p>První</p>' });
    await patch({ Id: r.productId, DoctorIntro: '<p>Druhý</p>' });
    const log = (await call('GET', `/api/admin/products/getproduct?ProductId=${r.productId}`)).json()
      .changeLog;
    expect(log.map((c: { newValue: string }) => c.newValue)).toEqual(['<p>Druhý</p>', '<p>První</p>']);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, r.productId)))
      .orderBy(desc(auditLog.id));
    expect(rows).toHaveLength(2);
  });
});
