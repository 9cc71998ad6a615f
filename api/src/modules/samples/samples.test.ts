import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { auditLog, barcodes, customers, orders, samples } from '../../db/schema/index.js';

let t: TestApp;
let admin: Record<string, string>;
let productTypeId: number;
let seq = 0;

beforeAll(async () => {
  t = await testApp();
  admin = await t.authAs(demo.admin);
  const created = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/producttypes/create',
    payload: { Name: 'Vzorkový test', Price: 1000 },
    headers: admin,
  });
  productTypeId = created.json().id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url, payload, headers });

/** A paid customer: its sample waits to be sent [2]. */
async function newSample(consent = true): Promise<{ sampleId: number; customerId: number }> {
  seq += 1;
  const response = await call('PUT', '/api/admin/customers', {
    Name: 'Petr',
    Surname: `Vzorek${seq}`,
    Gender: 1,
    Email: `petr.vzorek${seq}@example.cz`,
    Phone: '608111222',
    Password: 'heslo-heslo',
    AgreeTerms: true,
    AgreeProcessingData: true,
    AgreedToDNAAnalysis: consent,
    ProductTypeId: productTypeId,
    PaidInCash: true,
  });
  const customer = response.json();
  return { sampleId: customer.samples[0].id, customerId: customer.id };
}

async function freeAllBarcodes(count: number) {
  await t.db.update(barcodes).set({ assignedAt: new Date() }).where(isNull(barcodes.assignedAt));
  if (count > 0) await call('PUT', '/api/admin/barcodes/batch', { Count: count });
}

async function status(id: number) {
  const [row] = await t.db.select({ status: samples.status }).from(samples).where(eq(samples.id, id));
  return row?.status;
}

describe('samples', () => {
  it('reads one sample; 404 for an unknown one', async () => {
    const { sampleId, customerId } = await newSample();
    const response = await call('GET', `/api/admin/samples/sample?SampleId=${sampleId}`);
    expect(response.json()).toMatchObject({
      id: sampleId,
      status: 2,
      customerId,
      customerName: `Petr Vzorek${seq}`,
      hasBarcode: false,
      barcode: null,
      receivedByUser: null,
    });
    // The order as staff know it: its number, not its record's id.
    const [order] = await t.db
      .select({ id: orders.id, orderNumber: orders.orderNumber })
      .from(orders)
      .innerJoin(samples, eq(samples.orderId, orders.id))
      .where(eq(samples.id, sampleId));
    expect(response.json()).toMatchObject({ orderId: order!.id, orderNumber: order!.orderNumber });
    expect(order!.orderNumber).not.toBe(order!.id);
    expect((await call('GET', '/api/admin/samples/sample?SampleId=999999')).statusCode).toBe(404);
  });

  it('sets any status 1–11 directly, audited; refuses 0 and 12 with nothing changed', async () => {
    const { sampleId } = await newSample();
    for (const Status of [1, 5, 7, 8, 9, 6, 11]) {
      const response = await call('POST', '/api/admin/samples/', { SampleId: sampleId, Status });
      expect(response.statusCode).toBe(200);
      expect(response.json().status).toBe(Status);
    }
    for (const Status of [0, 12, 'x']) {
      const bad = await call('POST', '/api/admin/samples', { SampleId: sampleId, Status });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields.Status).toBe('Stav vzorku musí být 1 až 11!');
    }
    expect(await status(sampleId)).toBe(11);
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'sample'), eq(auditLog.entityId, sampleId)));
    expect(trail.map((r) => r.newValue)).toEqual(['1', '5', '7', '8', '9', '6', '11']);
    expect((await call('POST', '/api/admin/samples', { SampleId: 999999, Status: 2 })).statusCode).toBe(404);
  });

  it('walks the work lists: send (barcode) → receive → start analysis', async () => {
    await freeAllBarcodes(5);
    const { sampleId, customerId } = await newSample();
    const pending = (await call('GET', '/api/admin/samples?list=pending&pageSize=100')).json();
    expect(pending.items.map((s: { id: number }) => s.id)).toContain(sampleId);
    expect(pending.items.every((s: { status: number }) => s.status === 2)).toBe(true);

    const sent = await call('POST', '/api/admin/samples/send', { SampleId: sampleId });
    expect(sent.statusCode).toBe(200);
    const [sample] = sent.json().items;
    expect(sample).toMatchObject({ id: sampleId, status: 3, hasBarcode: true });
    expect(sample.barcode).toMatch(/^GD\d{8}$/);
    expect(sample.sentAt).toBeTruthy();
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, customerId));
    expect(customer?.extId).toBe(sample.barcode);
    const bySearch = (await call('GET', `/api/admin/samples?search=${sample.barcode}`)).json();
    expect(bySearch.items.map((s: { id: number }) => s.id)).toEqual([sampleId]);
    expect(bySearch).toMatchObject({ total: 1, totalExact: true });

    const receiving = (await call('GET', '/api/admin/samples?list=receiving&pageSize=100')).json();
    expect(receiving.items.map((s: { id: number }) => s.id)).toContain(sampleId);
    const received = (await call('POST', '/api/admin/samples/receive', { SampleIds: [sampleId] })).json();
    expect(received.items[0]).toMatchObject({ status: 4, receivedByUser: { userName: 'Alena Adminová' } });
    expect(received.items[0].receivedAt).toBeTruthy();

    const waiting = (await call('GET', '/api/admin/samples?list=waitingForAnalysis&pageSize=100')).json();
    expect(waiting.items.map((s: { id: number }) => s.id)).toContain(sampleId);
    const started = (await call('POST', '/api/admin/samples/startanalysis', { SampleId: sampleId })).json();
    expect(started.items[0]).toMatchObject({ status: 11 });
    const inAnalysis = (await call('GET', '/api/admin/samples?list=inAnalysis&pageSize=100')).json();
    expect(inAnalysis.items.map((s: { id: number }) => s.id)).toContain(sampleId);

    const barcode = (await call('GET', `/api/admin/barcodes?search=${sample.barcode}`)).json().items[0];
    expect(barcode).toMatchObject({ free: false, sample: { id: sampleId, status: 11, customerId } });
  });

  it('sets sampling at the centre [10], which then waits for analysis', async () => {
    const { sampleId } = await newSample();
    const response = await call('POST', '/api/admin/samples/samplingatcentre', { SampleId: sampleId });
    expect(response.json().items[0].status).toBe(10);
    expect((await call('POST', '/api/admin/samples/startanalysis', { SampleId: sampleId })).statusCode).toBe(
      200,
    );
  });

  it('refuses an action from a wrong status with 422 naming the sample', async () => {
    const { sampleId } = await newSample();
    const response = await call('POST', '/api/admin/samples/receive', { SampleId: sampleId });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(
      `Vzorek ${sampleId} je ve stavu „Čeká na odeslání“, akci „přijmout“ nelze provést!`,
    );
    expect(await status(sampleId)).toBe(2);
    const none = await call('POST', '/api/admin/samples/send', { SampleIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields.SampleIds).toBe('Vyberte alespoň jeden vzorek!');
    // QA: an id that is there but no number was told the field is required.
    const word = await call('POST', '/api/admin/samples/send', { SampleId: 'abc' });
    expect(word.statusCode).toBe(400);
    expect(word.json().error.fields.SampleId).toBe('Neplatná hodnota!');
    const missing = await call('POST', '/api/admin/samples', { Status: 4 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.SampleId).toBe('Pole je povinné!');
  });

  it('a row action bound to the status the screen showed is refused (409) once that status no longer holds', async () => {
    // The screen showed the sample received back [4]; meanwhile it was set to [10] — a status analysis may
    // start from, but not what the user saw.
    const { sampleId } = await newSample();
    await call('POST', '/api/admin/samples', { SampleId: sampleId, Status: 10 });
    const stale = await call('POST', '/api/admin/samples/startanalysis', {
      SampleId: sampleId,
      Expected: [{ SampleId: sampleId, Status: 4 }],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(
      `Vzorek ${sampleId} se mezitím změnil (nyní „Odebrán v centru bez konzultace“); nic nebylo provedeno. Obnovte seznam.`,
    );
    expect(await status(sampleId)).toBe(10);
    const bound = await call('POST', '/api/admin/samples/startanalysis', {
      SampleId: sampleId,
      Expected: [{ SampleId: sampleId, Status: 10 }],
    });
    expect(bound.statusCode).toBe(200);
    expect(await status(sampleId)).toBe(11);
  });

  it('the same click sent twice (one idempotency key) starts the analysis once and answers the same', async () => {
    const { sampleId } = await newSample();
    await call('POST', '/api/admin/samples', { SampleId: sampleId, Status: 4 });
    const click = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/samples/startanalysis',
        payload: { SampleId: sampleId, Expected: [{ SampleId: sampleId, Status: 4 }] },
        headers: { ...admin, 'idempotency-key': `start-${sampleId}-click` },
      });
    const [first, second] = await Promise.all([click(), click()]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    const started = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'sample'), eq(auditLog.entityId, sampleId), eq(auditLog.newValue, '11')),
      );
    expect(started[0]?.n).toBe(1);
  });

  it('without consent to DNA analysis no kit is sent, no sample received or analysed; the consent given, it is', async () => {
    await freeAllBarcodes(5);
    const { sampleId, customerId } = await newSample(false);
    const refused = await call('POST', '/api/admin/samples/send', { SampleId: sampleId });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(
      `Zákazník Petr Vzorek${seq} nemá platný souhlas s analýzou DNA, proto nelze provést: odeslání odběrové sady. Podepsaný souhlas zaznamenejte v jeho kartě, v části „Souhlas s analýzou DNA“.`,
    );
    expect(await status(sampleId)).toBe(2);
    // The status editor is no way round the rule (issue 35): 2 → 3, 4, 10 or 11 is refused too.
    for (const Status of [3, 4, 10, 11]) {
      const direct = await call('POST', '/api/admin/samples', { SampleId: sampleId, Status });
      expect(direct.statusCode).toBe(422);
      expect(direct.json().error.code).toBeDefined();
      expect(await status(sampleId)).toBe(2);
    }
    const english = await call('POST', '/api/admin/samples?locale=en', { SampleId: sampleId, Status: 11 });
    expect(english.json().error.fields.Status).toBe(
      `The customer Petr Vzorek${seq} has no valid consent to DNA analysis, so this cannot be done: starting the analysis. Record the signed consent in the “Consent to DNA analysis” section of the customer’s page.`,
    );
    for (const [set, action] of [
      [3, 'receive'],
      [4, 'startanalysis'],
    ] as const) {
      // Put there behind the rule's back (data from before it), the actions still refuse it.
      await t.db.update(samples).set({ status: set }).where(eq(samples.id, sampleId));
      expect((await call('POST', `/api/admin/samples/${action}`, { SampleId: sampleId })).statusCode).toBe(
        422,
      );
      expect(await status(sampleId)).toBe(set);
    }
    const listed = (await call('GET', `/api/admin/samples?customerId=${customerId}`)).json();
    expect(listed.items[0]).toMatchObject({ id: sampleId, dnaConsent: false });

    // Recorded at the reception, with its date: the analysis may start.
    const customer = (await call('GET', `/api/admin/customers/customer?CustomerId=${customerId}`)).json();
    const edited = await call('POST', '/api/admin/customers', {
      CustomerId: customerId,
      Name: customer.name,
      Surname: customer.surname,
      PhonePrefix: customer.phonePrefix,
      Phone: customer.phone,
      Email: customer.email,
      AgreedToDNAAnalysis: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().agreedToDNAAnalysis).toBe(true);
    expect(Date.now() - Date.parse(edited.json().dnaConsentAt)).toBeLessThan(60_000);
    expect((await call('POST', '/api/admin/samples/startanalysis', { SampleId: sampleId })).statusCode).toBe(
      200,
    );
    expect(await status(sampleId)).toBe(11);
  });

  it('bulk actions are all or nothing', async () => {
    await freeAllBarcodes(10);
    const a = await newSample();
    const b = await newSample();
    const c = await newSample();
    await call('POST', '/api/admin/samples', { SampleId: c.sampleId, Status: 4 });
    const refused = await call('POST', '/api/admin/samples/send', {
      SampleIds: [a.sampleId, b.sampleId, c.sampleId],
    });
    expect(refused.statusCode).toBe(422);
    expect([await status(a.sampleId), await status(b.sampleId), await status(c.sampleId)]).toEqual([2, 2, 4]);
    const free = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(barcodes)
      .where(isNull(barcodes.assignedAt));
    expect(free[0]?.n).toBe(10);
    const unknown = await call('POST', '/api/admin/samples/send', { SampleIds: [a.sampleId, 999999] });
    expect(unknown.statusCode).toBe(404);
    const sent = await call('POST', '/api/admin/samples/send', { SampleIds: [a.sampleId, b.sampleId] });
    expect(sent.json().items.map((s: { status: number }) => s.status)).toEqual([3, 3]);
    const codes = sent.json().items.map((s: { barcode: string }) => s.barcode);
    expect(new Set(codes).size).toBe(2);
  });

  it('with no free barcode answers 409 and changes nothing; of two sends racing for the last, one wins', async () => {
    await freeAllBarcodes(0);
    const a = await newSample();
    const none = await call('POST', '/api/admin/samples/send', { SampleId: a.sampleId });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe('Nejsou volné čárové kódy, vygenerujte novou sadu!');
    expect(await status(a.sampleId)).toBe(2);

    const b = await newSample();
    await freeAllBarcodes(1);
    const results = await Promise.all([
      call('POST', '/api/admin/samples/send', { SampleId: a.sampleId }),
      call('POST', '/api/admin/samples/send', { SampleId: b.sampleId }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect([await status(a.sampleId), await status(b.sampleId)].sort()).toEqual([2, 3]);
  });

  it('lists with filters and sorts; Samples.Edit is needed for changes', async () => {
    for (const sort of ['id', 'status', 'customerName', 'barcode', 'receivedAt', '-updatedAt', 'createdAt'])
      expect((await call('GET', `/api/admin/samples?sort=${sort}`)).statusCode, sort).toBe(200);
    // By the customer's name: surname, then first name, both in the direction asked.
    const surnames = async (sort: string) =>
      (await call('GET', `/api/admin/samples?sort=${sort}&pageSize=100`))
        .json()
        .items.map((s: { customerName: string }) => s.customerName.split(' ').at(-1)!.toLowerCase());
    const ascending = await surnames('customerName');
    const descending = await surnames('-customerName');
    expect(ascending.length).toBeGreaterThan(5);
    expect(descending[0]! > ascending[0]!).toBe(true);
    const several = (await call('GET', '/api/admin/samples?status=2,3&pageSize=100')).json();
    expect(several.items.every((s: { status: number }) => [2, 3].includes(s.status))).toBe(true);
    expect((await call('GET', '/api/admin/samples?list=nonsense')).statusCode).toBe(400);
    const doctor = await t.authAs(demo.doctor);
    expect((await call('GET', '/api/admin/samples', undefined, doctor)).statusCode).toBe(200);
    expect((await call('POST', '/api/admin/samples/send', { SampleId: 1 }, doctor)).statusCode).toBe(403);
  });
});

describe('barcodes', () => {
  it('generates a batch of unique GD codes and lists it for labels', async () => {
    const response = await call('PUT', '/api/admin/barcodes/batch', { Count: 25 });
    expect(response.statusCode).toBe(200);
    const batch = response.json();
    expect(batch).toMatchObject({ count: 25, freeCount: 25, createdBy: { userName: 'Alena Adminová' } });
    expect(batch.codes).toHaveLength(25);
    expect(
      batch.codes.every((c: { code: string; free: boolean }) => /^GD\d{8}$/.test(c.code) && c.free),
    ).toBe(true);
    const again = (await call('GET', `/api/admin/barcodes/batch?BatchId=${batch.id}`)).json();
    expect(again.codes).toEqual(batch.codes);
    const second = (await call('PUT', '/api/admin/barcodes/batch', { Count: 5 })).json();
    const all = [...batch.codes, ...second.codes].map((c: { code: string }) => c.code);
    expect(new Set(all).size).toBe(30);
    const listed = (
      await call('GET', `/api/admin/barcodes?batchId=${batch.id}&state=free&pageSize=100`)
    ).json();
    expect(listed.total).toBe(25);
    const batches = (await call('GET', '/api/admin/barcodes/batches')).json();
    expect(batches.items[0]).toMatchObject({ id: second.id, count: 5 });
    expect((await call('GET', '/api/admin/barcodes/batch?BatchId=999999')).statusCode).toBe(404);
  });

  it('keeps codes unique in the database and refuses a bad count', async () => {
    const [existing] = await t.db.select().from(barcodes).limit(1);
    await expect(
      t.db.insert(barcodes).values({ code: existing!.code, batchId: existing!.batchId }),
    ).rejects.toThrow();
    for (const Count of [0, 1001, 'x']) {
      const response = await call('PUT', '/api/admin/barcodes/batch', { Count });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.Count).toBe('Počet čárových kódů musí být 1 až 1000!');
    }
    const reception = await t.authAs(demo.reception);
    expect((await call('GET', '/api/admin/barcodes', undefined, reception)).statusCode).toBe(200);
  });
});

describe('GET admin/samples (search and counts)', () => {
  it('finds a broad search (over 2,000 customers) and a narrow one alike; counts exactly up to 1,000', async () => {
    await t.db.execute(sql`
      with inserted as (
        insert into customers (name, surname, email, registration_source)
        select 'Hromadná', 'Vzorková' || i, 'hromadna.vzorkova' || i || '@example.cz', 3
        from generate_series(1, 2100) i
        returning id)
      insert into samples (customer_id, status) select id, 2 from inserted`);
    const broad = (await call('GET', '/api/admin/samples?search=hromadn&pageSize=100')).json();
    expect(broad.items).toHaveLength(100);
    expect(broad.items.every((s: { customerName: string }) => s.customerName.startsWith('Hromadná'))).toBe(
      true,
    );
    expect(broad.totalExact).toBe(false);
    expect(broad.total).toBeGreaterThan(1000);
    const narrow = (await call('GET', '/api/admin/samples?search=hromadna.vzorkova1234%40')).json();
    expect(narrow).toMatchObject({ total: 1, totalExact: true });
    expect(narrow.items[0].customerEmail).toBe('hromadna.vzorkova1234@example.cz');
    const some = (await call('GET', '/api/admin/samples?search=hromadna.vzorkova12&pageSize=100')).json();
    // 12, 120–129, 1200–1299.
    expect(some).toMatchObject({ total: 111, totalExact: true });
  });
});
