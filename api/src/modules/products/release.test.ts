import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { transaction } from '../../db/client.js';
import {
  consultingRooms,
  dnaConsents,
  products,
  reservations,
  templates,
  users,
} from '../../db/schema/index.js';
import { loadCatalogue, reanalyseProducts } from '../results/generation.service.js';
import { reportFor, validateAsLab } from './test-fixtures.js';

/**
 * Release in two steps (issue 35): technical validation by a laboratory specialist, then the medical
 * sign-off by a physician — someone else where the lab asks for four eyes; nothing unassessed in a
 * final report; a consultation before a consultation-bound finding goes online.
 */

let t: TestApp;
let doctor: Record<string, string>;
let lab: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await testApp();
  doctor = await t.authAs(demo.doctor);
  lab = await t.authAs(demo.lab);
  admin = await t.authAs(demo.admin);
});
afterAll(() => t.close());

const call = (
  app: TestApp,
  method: 'GET' | 'PATCH' | 'POST',
  url: string,
  payload: object | undefined,
  headers: Record<string, string>,
) => app.app.inject({ method, url, payload, headers });

const validate = (productId: number, headers: Record<string, string>, extra: object = {}, app = t) =>
  call(
    app,
    'POST',
    '/api/admin/products/validate',
    { ProductId: productId, ControlsPassed: true, ...extra },
    headers,
  );
const publish = (productId: number, headers: Record<string, string>, extra: object = {}, app = t) =>
  call(
    app,
    'PATCH',
    '/api/admin/products',
    { Id: productId, Status: 3, DoctorIntro: '<p>Vše v pořádku.</p>', ...extra },
    headers,
  );
const getProduct = async (productId: number, app = t) =>
  (await call(app, 'GET', `/api/admin/products/getproduct?ProductId=${productId}`, undefined, doctor)).json();
const setQualification = (email: string, qualification: string, licenceNumber = '') =>
  t.db
    .update(users)
    .set({ qualification: qualification as never, licenceNumber })
    .where(eq(users.email, email));

describe('technical validation', () => {
  it('counts every marker tested in the sample, as the report’s method line and appendix list them: a no-call outside the report’s genes lowers the call rate', async () => {
    // rs0000001: tested, not called, read by no phenotype of the catalogue.
    const r = await reportFor(t, {
      validated: false,
      genotypes: { rs4988235: 'G/G', rs762551: 'C/A', rs6025: 'C/T', rs0000001: '--' },
    });
    const before = await getProduct(r.productId);
    expect(before.genes.map((g: { code: string }) => g.code)).not.toContain('rs0000001');
    expect(before.release).toMatchObject({ testedMarkers: 4, noCalls: 1, callRate: 0.75 });
    const response = await validate(r.productId, lab);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().technicalValidation).toMatchObject({ callRate: 0.75, noCalls: 1 });
  });

  it('a laboratory specialist validates: call rate and no-calls computed by the server, controls confirmed, a note; shown on the report and audited', async () => {
    // rs1815739 (ACTN3) not called: 1 of the report's 4 markers.
    const r = await reportFor(t, {
      validated: false,
      genotypes: { rs4988235: 'G/G', rs762551: 'C/A', rs6025: 'C/T', rs1815739: '--' },
    });
    const before = await getProduct(r.productId);
    expect(before.technicalValidation).toBeNull();
    expect(before.release).toMatchObject({
      testedMarkers: 4,
      noCalls: 1,
      callRate: 0.75,
      hasValidDnaConsent: true,
    });

    const missing = await call(
      t,
      'POST',
      '/api/admin/products/validate',
      { ProductId: r.productId },
      {
        ...lab,
        'accept-language': 'en',
      },
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.ControlsPassed).toBe(
      'Confirm that you reviewed the run’s controls and that they passed.',
    );

    const response = await validate(r.productId, lab, { Note: 'Kontroly NTC a PC v pořádku.' });
    expect(response.statusCode).toBe(200);
    expect(response.json().technicalValidation).toMatchObject({
      by: { userName: expect.any(String) },
      at: expect.any(String),
      callRate: 0.75,
      noCalls: 1,
      controlsPassed: true,
      note: 'Kontroly NTC a PC v pořádku.',
    });
    const [row] = await t.db.select().from(products).where(eq(products.id, r.productId));
    expect(row!.technicallyValidatedBy).not.toBeNull();
    expect(response.json().changeLog).toEqual([
      expect.objectContaining({
        field: 'technicalValidation',
        newValue: 'call rate 75.0 % · no-calls 1 · controls passed · Kontroly NTC a PC v pořádku.',
      }),
    ]);
  });

  it('refuses a technician, an administrator without a qualification (403, cs and en) and a role without Products.Validate', async () => {
    const r = await reportFor(t, { validated: false });
    await setQualification(demo.lab, 'technician');
    try {
      const technician = await validate(r.productId, lab);
      expect(technician.statusCode).toBe(403);
      expect(technician.json().error.message).toBe(
        'Technickou validaci smí provést jen laboratorní specialista nebo lékař (kvalifikace v profilu uživatele), ať má role jakákoli oprávnění.',
      );
    } finally {
      await setQualification(demo.lab, 'laboratorySpecialist');
    }
    const administrator = await validate(r.productId, { ...admin, 'accept-language': 'en' });
    expect(administrator.statusCode).toBe(403);
    expect(administrator.json().error.message).toBe(
      'Only a laboratory specialist or a physician may technically validate a report (the qualification on the user), whatever the role’s permissions.',
    );
    // The Doctor role signs off but does not validate.
    expect((await validate(r.productId, doctor)).statusCode).toBe(403);
    expect((await getProduct(r.productId)).technicalValidation).toBeNull();
  });

  it('a reanalysis that changes the content clears the validation', async () => {
    const r = await reportFor(t);
    expect((await getProduct(r.productId)).technicalValidation).not.toBeNull();
    // The content as stored before the catalogue had its flags: reanalysis writes it anew.
    await t.db
      .update(products)
      .set({ content: { categories: [], combinations: [] } })
      .where(eq(products.id, r.productId));
    const catalogue = await loadCatalogue(t.db);
    await transaction(t.db, (tx) => reanalyseProducts(tx, [r.productId], catalogue, null));
    expect((await getProduct(r.productId)).technicalValidation).toBeNull();
    const refused = await publish(r.productId, doctor);
    expect(refused.statusCode).toBe(422);
  });
});

describe('medical sign-off', () => {
  it('publication needs a technical validation of the current content (422, cs and en)', async () => {
    const r = await reportFor(t, { validated: false });
    for (const status of [3, 4]) {
      const refused = await publish(r.productId, doctor, { Status: status });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.message).toBe(
        'Výsledek nelze zveřejnit: jeho současný obsah dosud nikdo technicky nevalidoval. Nejprve ho musí validovat laboratorní specialista.',
      );
    }
    const english = await publish(r.productId, { ...doctor, 'accept-language': 'en' });
    expect(english.json().error.message).toBe(
      'The report cannot be published: nobody has technically validated its current content yet. A laboratory specialist has to validate it first.',
    );
    expect((await getProduct(r.productId)).status).toBe(1);
    await validateAsLab(t, r.productId);
    const published = await publish(r.productId, doctor);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ status: 3, technicalValidation: { controlsPassed: true } });
  });

  it('publication needs Products.SignOff: the lab (Products.Validate only) is refused; editing texts keeps Products.Edit', async () => {
    const r = await reportFor(t);
    expect((await publish(r.productId, lab)).statusCode).toBe(403);
    expect((await publish(r.productId, lab, { Status: undefined })).statusCode).toBe(403);
    expect((await getProduct(r.productId)).status).toBe(1);
  });

  it('publication needs a valid DNA consent (422)', async () => {
    const r = await reportFor(t);
    await t.db
      .update(dnaConsents)
      .set({ withdrawnAt: new Date(), withdrawnOn: '2026-01-01', withdrawalOutcome: 'keepForCustomer' })
      .where(eq(dnaConsents.customerId, r.customerId));
    expect((await getProduct(r.productId)).release.hasValidDnaConsent).toBe(false);
    const refused = await publish(r.productId, { ...doctor, 'accept-language': 'en' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toContain('has no valid consent to DNA analysis');
    expect((await getProduct(r.productId)).status).toBe(1);
  });

  describe('four eyes', () => {
    let open: TestApp;
    beforeAll(async () => {
      // The administrator made a physician: holds both Products.Validate and Products.SignOff.
      await setQualification(demo.admin, 'physician', 'T-0001');
      open = await testApp({ releaseFourEyes: false });
    });
    afterAll(async () => {
      await setQualification(demo.admin, 'none');
      await open.close();
    });

    it('with four eyes on (the default), who validated may not sign off (422, cs and en); another physician may', async () => {
      const r = await reportFor(t, { validated: false });
      expect((await validate(r.productId, admin)).statusCode).toBe(200);
      const same = await publish(r.productId, admin);
      expect(same.statusCode).toBe(422);
      expect(same.json().error.message).toBe(
        'Výsledek jste technicky validovali vy; podle nastavení laboratoře (čtyři oči) ho musí schválit a zveřejnit jiný lékař.',
      );
      const english = await publish(r.productId, { ...admin, 'accept-language': 'en' }, { Status: 4 });
      expect(english.json().error.message).toBe(
        'You technically validated this report; the laboratory’s four-eyes setting requires another physician to sign it off and publish it.',
      );
      expect((await getProduct(r.productId)).release.fourEyes).toBe(true);
      expect((await publish(r.productId, doctor)).statusCode).toBe(200);
    });

    it('with RELEASE_FOUR_EYES=off, one physician may do both', async () => {
      const openAdmin = await open.authAs(demo.admin);
      await open.db
        .update(users)
        .set({ qualification: 'physician', licenceNumber: 'T-0001' })
        .where(eq(users.email, demo.admin));
      const r = await reportFor(open, { validated: false });
      expect((await validate(r.productId, openAdmin, {}, open)).statusCode).toBe(200);
      const published = await publish(r.productId, openAdmin, {}, open);
      expect(published.statusCode).toBe(200);
      expect(published.json()).toMatchObject({ status: 3, release: { fourEyes: false } });
    });
  });
});

describe('no promises in a final report', () => {
  it('a not-assessed phenotype keeps a final report back until the physician withholds it; then it is published with its statement', async () => {
    // rs6025 A/A: no template (Factor V Leiden not assessed); rs1815739 not called.
    const r = await reportFor(t, { genotypes: { rs4988235: 'G/G', rs6025: 'A/A', rs1815739: '--' } });
    const product = await getProduct(r.productId);
    const notAssessed = product.notAssessed[0].geneCombinationId as number;
    const notDetermined = product.notDetermined[0].geneCombinationId as number;
    const confirmations = ['inspection', 'notAssessed', 'notDetermined'];
    const refused = await publish(
      r.productId,
      { ...doctor, 'accept-language': 'en' },
      { Confirmations: confirmations },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(
      'A final report makes no promises: assess the 2 phenotypes not assessed or not determined, or withhold them with a reason. Otherwise publish the report preliminarily.',
    );

    const withhold = (id: number, extra: object, headers = doctor) =>
      call(
        t,
        'POST',
        '/api/admin/products/withhold',
        { ProductId: r.productId, GeneCombinationId: id, ...extra },
        headers,
      );
    // A reason is required; only a physician withholds; an assessed phenotype is reported.
    expect((await withhold(notAssessed, { Withhold: true })).statusCode).toBe(400);
    expect((await withhold(notAssessed, { Withhold: true, Reason: 'x' }, lab)).statusCode).toBe(403);
    const assessedId = (
      await t.db.select().from(products).where(eq(products.id, r.productId))
    )[0]!.content.categories
      .flatMap((c) => c.subcategories.flatMap((s) => s.phenotypes))
      .find((p) => p.templateId !== null)!.geneCombinationId;
    const assessed = await withhold(assessedId, { Withhold: true, Reason: 'x' });
    expect(assessed.statusCode).toBe(422);

    const first = await withhold(notAssessed, { Withhold: true, Reason: 'Vyžaduje genetické poradenství.' });
    expect(first.statusCode).toBe(200);
    const second = await withhold(notDetermined, { Withhold: true, Reason: 'Vzorek bude analyzován znovu.' });
    expect(second.json()).toMatchObject({
      notAssessed: [],
      notDetermined: [],
      release: {
        withheld: [
          expect.objectContaining({
            reason: expect.any(String),
            by: expect.objectContaining({ userName: expect.any(String) }),
          }),
          expect.objectContaining({ reason: expect.any(String) }),
        ],
      },
    });
    // Withholding changes no genotype: the technical validation stands.
    expect(second.json().technicalValidation).not.toBeNull();

    const published = await publish(r.productId, doctor, { Confirmations: ['inspection'] });
    expect(published.statusCode).toBe(200);
    const [row] = await t.db.select().from(products).where(eq(products.id, r.productId));
    const stored = row!.content.categories.flatMap((c) => c.subcategories.flatMap((s) => s.phenotypes));
    expect(stored.find((p) => p.geneCombinationId === notAssessed)!.withheld).toMatchObject({
      reason: 'Vyžaduje genetické poradenství.',
    });
    expect(stored.find((p) => p.geneCombinationId === notDetermined)!.withheld).toMatchObject({
      reason: 'Vzorek bude analyzován znovu.',
    });

    // Reported again, the phenotype is an open point again.
    const back = await withhold(notAssessed, { Withhold: false });
    expect(back.statusCode).toBe(200);
    expect(back.json().notAssessed).toHaveLength(1);
  });
});

describe('consultation before release', () => {
  it('an APOE ε4/ε4 finding keeps the report back (final and preliminary) until a consultation is held after generation, or the physician withholds it', async () => {
    const [apoe] = await t.db.select().from(templates).where(eq(templates.requiresConsultation, true));
    expect(apoe).toBeDefined();
    const r = await reportFor(t, {
      genotypes: { rs4988235: 'G/G', rs762551: 'C/A', rs6025: 'C/T', rs429358: 'C/C', rs7412: 'C/C' },
    });
    const product = await getProduct(r.productId);
    expect(product.release).toMatchObject({
      consultationRequired: [expect.objectContaining({ phenotypeEn: 'APOE genotype' })],
      consultationHeld: false,
    });
    for (const status of [3, 4]) {
      const refused = await publish(r.productId, { ...doctor, 'accept-language': 'en' }, { Status: status });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.message).toBe(
        'The report cannot be published: APOE genotype requires a consultation with the customer before release. Record a consultation held, or withhold the phenotype from the online report with a reason.',
      );
    }
    const [room] = await t.db.select({ id: consultingRooms.id }).from(consultingRooms).limit(1);
    const generatedAt = new Date(Date.now() - 2 * 3_600_000);
    await t.db.update(products).set({ generatedAt }).where(eq(products.id, r.productId));
    // A consultation before the report was generated, and an upcoming one, do not count.
    await t.db.insert(reservations).values([
      {
        consultingRoomId: room!.id,
        customerId: r.customerId,
        consultationStart: new Date(generatedAt.getTime() - 3_600_000),
        consultationEnd: new Date(generatedAt.getTime() - 1_800_000),
      },
      {
        consultingRoomId: room!.id,
        customerId: r.customerId,
        consultationStart: new Date(Date.now() + 3_600_000),
        consultationEnd: new Date(Date.now() + 5_400_000),
      },
    ]);
    expect((await publish(r.productId, doctor)).statusCode).toBe(422);
    await t.db.insert(reservations).values({
      consultingRoomId: room!.id,
      customerId: r.customerId,
      consultationStart: new Date(generatedAt.getTime() + 600_000),
      consultationEnd: new Date(generatedAt.getTime() + 1_800_000),
    });
    expect((await getProduct(r.productId)).release.consultationHeld).toBe(true);
    expect((await publish(r.productId, doctor)).statusCode).toBe(200);
  });

  it('withheld by the physician, a consultation-bound phenotype lets the report go online', async () => {
    const r = await reportFor(t, {
      genotypes: { rs4988235: 'G/G', rs762551: 'C/A', rs6025: 'C/T', rs429358: 'C/C', rs7412: 'C/C' },
    });
    const bound = (await getProduct(r.productId)).release.consultationRequired[0].geneCombinationId;
    const withheld = await call(
      t,
      'POST',
      '/api/admin/products/withhold',
      { ProductId: r.productId, GeneCombinationId: bound, Withhold: true, Reason: 'Sdělíme na konzultaci.' },
      doctor,
    );
    expect(withheld.statusCode).toBe(200);
    expect(withheld.json().release.consultationRequired).toEqual([]);
    expect((await publish(r.productId, doctor)).statusCode).toBe(200);
  });
});

describe('requesting physician and indication', () => {
  it('are saved with Products.Edit, shown in the detail, cleared by an empty text, audited', async () => {
    const r = await reportFor(t);
    const saved = await call(
      t,
      'PATCH',
      '/api/admin/products',
      { Id: r.productId, RequestingPhysician: ' MUDr. Jana Nová ', Indication: 'Rodinná anamnéza trombózy' },
      doctor,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      requestingPhysician: 'MUDr. Jana Nová',
      indication: 'Rodinná anamnéza trombózy',
    });
    expect(saved.json().changeLog.map((c: { field: string }) => c.field)).toEqual(
      expect.arrayContaining(['requestingPhysician', 'indication']),
    );
    const cleared = await call(
      t,
      'PATCH',
      '/api/admin/products',
      { Id: r.productId, Indication: '' },
      doctor,
    );
    expect(cleared.json()).toMatchObject({ requestingPhysician: 'MUDr. Jana Nová', indication: null });
    const tooLong = await call(
      t,
      'PATCH',
      '/api/admin/products',
      { Id: r.productId, Indication: 'x'.repeat(1001) },
      doctor,
    );
    expect(tooLong.statusCode).toBe(400);
    // The lab holds no Products.Edit.
    expect(
      (await call(t, 'PATCH', '/api/admin/products', { Id: r.productId, Indication: 'x' }, lab)).statusCode,
    ).toBe(403);
  });
});
