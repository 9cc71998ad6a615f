import { ProductStatus, SampleStatus } from '@genodesk/contract';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { transaction } from '../../db/client.js';
import {
  auditLog,
  customers,
  orders,
  products,
  productTemplates,
  productTypes,
  samples,
  templates,
} from '../../db/schema/index.js';
import { type ReportFixture, reportFor, sampleStatus, validateAsLab } from '../products/test-fixtures.js';
import { createOrder, finalizeOrder, payInCash } from './orders.service.js';

let t: TestApp;
let doctor: Record<string, string>;
beforeAll(async () => {
  t = await testApp();
  doctor = await t.authAs(demo.doctor);
});
afterAll(() => t.close());

/** A paid (cash) order of the product type, not finalized yet. */
const paidOrder = (customerId: number, productTypeId: number) =>
  transaction(t.db, async (tx) => {
    const order = await createOrder(tx, customerId, productTypeId);
    await payInCash(tx, t.jobs, null, order.id);
    return order.id;
  });

const finalize = (orderId: number) => transaction(t.db, (tx) => finalizeOrder(tx, orderId));

const reportOf = async (id: number) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!;

const totals = async () => {
  const [sampleCount] = await t.db.select({ n: count() }).from(samples);
  const [productCount] = await t.db.select({ n: count() }).from(products);
  return { samples: sampleCount!.n, products: productCount!.n };
};

const customerCounts = async (templateIds: number[]) =>
  Object.fromEntries(
    (
      await t.db
        .select({ id: templates.id, customerCount: templates.customerCount })
        .from(templates)
        .where(inArray(templates.id, templateIds))
    ).map((row) => [row.id, row.customerCount]),
  );

const templatesOf = async (productId: number) =>
  (
    await t.db
      .select({ templateId: productTemplates.templateId })
      .from(productTemplates)
      .where(eq(productTemplates.productId, productId))
  )
    .map((row) => row.templateId)
    .sort((a, b) => a - b);

/** A product type other than the one of the fixture's first report. */
async function otherTypeThan(r: ReportFixture) {
  const first = await reportOf(r.productId);
  const [type] = await t.db
    .select({ id: productTypes.id })
    .from(productTypes)
    .where(ne(productTypes.id, first.productTypeId!))
    .limit(1);
  return type!.id;
}

describe('finalizing an order of a customer with stored genotypes (additional purchase)', () => {
  let r: ReportFixture;
  let orderId: number;
  let productId: number;
  let productTypeId: number;

  beforeAll(async () => {
    r = await reportFor(t);
    productTypeId = await otherTypeThan(r);
    orderId = await paidOrder(r.customerId, productTypeId);
  });

  it('creates no sample but the report of the new product type in status 5, from the stored genotypes', async () => {
    const first = await reportOf(r.productId);
    const firstTemplates = await templatesOf(r.productId);
    expect(firstTemplates.length).toBeGreaterThan(0);
    const countsBefore = await customerCounts(firstTemplates);
    const before = await totals();

    const result = await finalize(orderId);

    expect(result.sampleId).toBeNull();
    expect(result.productId).toEqual(expect.any(Number));
    productId = result.productId!;
    expect(productId).not.toBe(r.productId);
    expect(await totals()).toEqual({ samples: before.samples, products: before.products + 1 });
    expect(await t.db.select({ id: samples.id }).from(samples).where(eq(samples.orderId, orderId))).toEqual(
      [],
    );

    const report = await reportOf(productId);
    expect(report).toMatchObject({
      customerId: r.customerId,
      productTypeId,
      sampleId: null,
      status: ProductStatus.AdditionalPurchase,
      approvedByLaboratory: false,
      publishedAt: null,
    });
    // The same genotypes give the same content as the first report.
    expect(report.pairedPhenotypesCount).toBeGreaterThan(0);
    expect(report.pairedPhenotypesCount).toBe(first.pairedPhenotypesCount);
    expect(report.content).toEqual(first.content);
    expect(await templatesOf(productId)).toEqual(firstTemplates);
    const countsAfter = await customerCounts(firstTemplates);
    for (const id of firstTemplates) expect(countsAfter[id]).toBe(countsBefore[id]! + 1);

    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.complete).toBe(true);
    // The customer's first sample is untouched.
    expect(await sampleStatus(t, r.sampleId)).toBe(6);
  });

  it('finalizing again creates and changes nothing', async () => {
    const before = await totals();
    const report = await reportOf(productId);
    const counts = await customerCounts(await templatesOf(productId));

    expect(await finalize(orderId)).toEqual({ sampleId: null, productId });

    expect(await totals()).toEqual(before);
    expect(await reportOf(productId)).toEqual(report);
    expect(await customerCounts(await templatesOf(productId))).toEqual(counts);
  });

  it('publishing the status-5 report as the doctor works and touches no sample', async () => {
    const sampleAudits = () =>
      t.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'sample'), eq(auditLog.entityId, r.sampleId)));
    const auditsBefore = await sampleAudits();
    const [samplesBefore] = await t.db.select({ n: count() }).from(samples);
    // Release in two steps (issue 35): the lab's specialist validates the new report first.
    await validateAsLab(t, productId);

    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/products/',
      payload: { Id: productId, Status: ProductStatus.Published, DoctorIntro: '<p>Doplněk výsledku.</p>' },
      headers: doctor,
    });

    expect(response.statusCode, response.body).toBe(200);
    const product = response.json();
    expect(product).toMatchObject({ id: productId, status: ProductStatus.Published, barcode: null });
    expect(product.publishedAt).not.toBeNull();
    // The publication issued its PDF as version 1, after the lab's technical validation.
    expect(product.changeLog.map((c: { field: string }) => c.field).sort()).toEqual([
      'doctorIntro',
      'pdfVersion',
      'status',
      'technicalValidation',
    ]);
    expect((await reportOf(productId)).status).toBe(ProductStatus.Published);
    expect(await sampleStatus(t, r.sampleId)).toBe(6);
    expect(await sampleAudits()).toEqual(auditsBefore);
    const [samplesAfter] = await t.db.select({ n: count() }).from(samples);
    expect(samplesAfter!.n).toBe(samplesBefore!.n);
  });
});

describe('finalizing an order of the product type the customer already has a report of', () => {
  it('regenerates that report, which keeps its status, and creates no sample', async () => {
    const r = await reportFor(t);
    const first = await reportOf(r.productId);
    await t.db.update(products).set({ status: ProductStatus.Published }).where(eq(products.id, r.productId));
    const orderId = await paidOrder(r.customerId, first.productTypeId!);
    const before = await totals();

    expect(await finalize(orderId)).toEqual({ sampleId: null, productId: r.productId });

    expect(await totals()).toEqual(before);
    const report = await reportOf(r.productId);
    expect(report.status).toBe(ProductStatus.Published);
    expect(report.sampleId).toBe(r.sampleId);
    expect(report.pairedPhenotypesCount).toBe(first.pairedPhenotypesCount);
  });
});

describe('finalizing an order of a customer without stored genotypes', () => {
  it('creates the sample waiting to be sent [2] and no report, once', async () => {
    const [customer] = await t.db
      .insert(customers)
      .values({
        name: 'Nový',
        surname: 'Zákazník',
        email: `order-${Date.now()}@example.test`,
        gender: 1,
        registrationSource: 1,
      })
      .returning({ id: customers.id });
    const [type] = await t.db.select({ id: productTypes.id }).from(productTypes).limit(1);
    const orderId = await paidOrder(customer!.id, type!.id);
    const before = await totals();

    const result = await finalize(orderId);

    expect(result).toEqual({ sampleId: expect.any(Number), productId: null });
    expect(await totals()).toEqual({ samples: before.samples + 1, products: before.products });
    const [sample] = await t.db.select().from(samples).where(eq(samples.id, result.sampleId!));
    expect(sample).toMatchObject({ customerId: customer!.id, orderId, status: SampleStatus.WaitingToBeSent });
    expect(await t.db.select().from(products).where(eq(products.customerId, customer!.id))).toEqual([]);

    expect(await finalize(orderId)).toEqual(result);
    expect(await totals()).toEqual({ samples: before.samples + 1, products: before.products });
  });

  it('refuses an unpaid order (422)', async () => {
    const r = await reportFor(t);
    const otherType = await otherTypeThan(r);
    const order = await transaction(t.db, (tx) => createOrder(tx, r.customerId, otherType));
    await expect(finalize(order.id)).rejects.toMatchObject({ statusCode: 422 });
  });
});
