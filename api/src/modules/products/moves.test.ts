import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { auditLog, products, users } from '../../db/schema/index.js';
import { moveProduct } from './products.service.js';
import { reportFor } from './test-fixtures.js';
import { productsWorkers } from './workers.js';

let t: TestApp;
let doctor: Record<string, string>;
let doctorId: number;

beforeAll(async () => {
  t = await testApp();
  doctor = await t.authAs(demo.doctor);
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, demo.doctor));
  doctorId = row!.id;
});
afterAll(() => t.close());

const move = (productId: number, section: string, headers: Record<string, string> = doctor) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/products/move',
    payload: { ProductId: productId, Section: section },
    headers,
  });

const row = async (id: number) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!;

/** The 'move-product' jobs queued for the report (the test server runs no workers). */
async function queuedMoves(productId: number): Promise<number> {
  const result = await t.db.$client.query(
    `select count(*)::int as n from pgboss.job where name = 'move-product' and (data->>'productId')::bigint = $1`,
    [productId],
  );
  return result.rows[0].n;
}

const sectionLog = async (productId: number) =>
  (
    await t.db
      .select({ oldValue: auditLog.oldValue, newValue: auditLog.newValue, changedBy: auditLog.changedBy })
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, productId), eq(auditLog.field, 'section')),
      )
      .orderBy(auditLog.id)
  ).map((r) => [r.oldValue, r.newValue, r.changedBy]);

describe('moving a report', () => {
  it('is requested (202, pending, a job queued), then done by the job and logged', async () => {
    const r = await reportFor(t);
    const response = await move(r.productId, 'doctorSection');
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({
      id: r.productId,
      section: 'results',
      pendingSection: 'doctorSection',
    });
    expect(await row(r.productId)).toMatchObject({
      isInDoctorSection: false,
      pendingSection: 'doctorSection',
      moveRequestedBy: doctorId,
    });
    expect(await queuedMoves(r.productId)).toBe(1);
    // Still listed where it was, marked pending.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/admin/products?customerId=${r.customerId}`,
      headers: doctor,
    });
    expect(listed.json().items).toEqual([
      expect.objectContaining({ id: r.productId, pendingSection: 'doctorSection' }),
    ]);

    await moveProduct(t.db, r.productId);
    expect(await row(r.productId)).toMatchObject({
      isInDoctorSection: true,
      isArchived: false,
      pendingSection: null,
      moveRequestedAt: null,
      moveRequestedBy: null,
    });
    expect(await sectionLog(r.productId)).toEqual([['results', 'doctorSection', doctorId]]);
    const product = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/products/getproduct?ProductId=${r.productId}`,
        headers: doctor,
      })
    ).json();
    expect(product).toMatchObject({ section: 'doctorSection', pendingSection: null });
    expect(product.changeLog[0]).toMatchObject({
      field: 'section',
      oldValue: 'results',
      newValue: 'doctorSection',
      changedByUser: { id: doctorId },
    });

    // A retried job finds nothing pending and changes nothing.
    await moveProduct(t.db, r.productId);
    expect(await sectionLog(r.productId)).toHaveLength(1);
  });

  it('refuses a second request while one is pending (409)', async () => {
    const r = await reportFor(t);
    expect((await move(r.productId, 'doctorSection')).statusCode).toBe(202);
    const second = await move(r.productId, 'doctorSection');
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('Přesun tohoto výsledku už probíhá.');
    expect(await queuedMoves(r.productId)).toBe(1);
  });

  it('refuses moves productMoves does not allow (422, section names in the caller’s language)', async () => {
    const r = await reportFor(t);
    const toArchive = await move(r.productId, 'archive');
    expect(toArchive.statusCode).toBe(422);
    expect(toArchive.json().error.message).toBe('Výsledek nelze přesunout z Výsledky do Archiv.');
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/move',
      payload: { ProductId: r.productId, Section: 'results' },
      headers: { ...doctor, 'accept-language': 'en' },
    });
    expect(english.statusCode).toBe(422);
    expect(english.json().error.message).toBe('The result cannot be moved from Results to Results.');
    expect(await row(r.productId)).toMatchObject({ pendingSection: null });
    expect(await queuedMoves(r.productId)).toBe(0);
    expect((await move(r.productId, 'trash')).statusCode).toBe(400);
    expect((await move(999999, 'doctorSection')).statusCode).toBe(404);
  });

  it('goes to the archive and back to the doctor section, then back to results', async () => {
    const r = await reportFor(t);
    for (const [section, flags] of [
      ['doctorSection', { isInDoctorSection: true, isArchived: false }],
      ['archive', { isInDoctorSection: true, isArchived: true }],
      ['doctorSection', { isInDoctorSection: true, isArchived: false }],
      ['results', { isInDoctorSection: false, isArchived: false }],
    ] as const) {
      const response = await move(r.productId, section);
      expect(response.statusCode).toBe(202);
      await moveProduct(t.db, r.productId);
      expect(await row(r.productId)).toMatchObject({ ...flags, pendingSection: null });
    }
    expect(await sectionLog(r.productId)).toEqual([
      ['results', 'doctorSection', doctorId],
      ['doctorSection', 'archive', doctorId],
      ['archive', 'doctorSection', doctorId],
      ['doctorSection', 'results', doctorId],
    ]);
    // From the archive only back to the doctor section.
    await move(r.productId, 'doctorSection');
    await moveProduct(t.db, r.productId);
    await move(r.productId, 'archive');
    await moveProduct(t.db, r.productId);
    expect((await move(r.productId, 'results')).statusCode).toBe(422);
  });

  it('needs Products.Edit', async () => {
    const r = await reportFor(t);
    const lab = await t.authAs(demo.lab);
    expect((await move(r.productId, 'doctorSection', lab)).statusCode).toBe(403);
    expect(await row(r.productId)).toMatchObject({ pendingSection: null });
  });

  it('the registered worker carries out the queued move', async () => {
    const r = await reportFor(t);
    expect((await move(r.productId, 'doctorSection')).statusCode).toBe(202);
    await productsWorkers(t);
    const deadline = Date.now() + 20_000;
    while ((await row(r.productId)).pendingSection !== null && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await row(r.productId)).toMatchObject({ isInDoctorSection: true, pendingSection: null });
    expect(await sectionLog(r.productId)).toEqual([['results', 'doctorSection', doctorId]]);
  }, 30_000);
});
