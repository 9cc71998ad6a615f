import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { auditLog, customerRelationships, customers } from '../../db/schema/index.js';

let t: TestApp;
let admin: Record<string, string>;
let seq = 0;

beforeAll(async () => {
  t = await testApp();
  admin = await t.authAs(demo.admin);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT', url: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url, payload, headers });

async function customer(name: string, surname: string, email?: string, dateOfBirth?: string) {
  seq += 1;
  const [row] = await t.db
    .insert(customers)
    .values({
      name,
      surname,
      email: email ?? `rel${seq}@example.cz`,
      registrationSource: 1,
      phone: '777000111',
      dateOfBirth,
    })
    .returning({ id: customers.id });
  return row!.id;
}

async function request(customerId: number, fullName: string, email: string) {
  await t.db.insert(customerRelationships).values({
    customerId,
    status: 'REQUESTED',
    requestedPartnerFullName: fullName,
    requestedPartnerEmail: email,
    requestedAt: new Date(),
  });
}

describe('customer relationships', () => {
  it('shows a request with partner candidates matching the requested e-mail or name', async () => {
    const anna = await customer('Anna', 'Svobodová');
    const karel = await customer('Karel', 'Svoboda', 'karel.svoboda@example.cz');
    const namesake = await customer('Karel', 'Svoboda');
    // A boy of twelve with the name is nobody's partner.
    const twelveYearsAgo = new Date(Date.now() - 12 * 365.25 * 86_400_000).toISOString().slice(0, 10);
    const boy = await customer('Karel', 'Svoboda', undefined, twelveYearsAgo);
    await customer('Jiný', 'Člověk');
    await request(anna, 'karel svoboda', 'KAREL.SVOBODA@example.cz');
    const response = await call('GET', `/api/admin/customerrelationships/customer?customerId=${anna}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      customerId: anna,
      status: 'REQUESTED',
      requestedPartnerEmail: 'KAREL.SVOBODA@example.cz',
      partnerId: null,
      infoText: expect.any(String),
    });
    const candidates = Object.fromEntries(
      body.partnerCandidates.map((c: { id: number; matchedBy: string[] }) => [c.id, c.matchedBy]),
    );
    expect(candidates).toEqual({ [karel]: ['email', 'name'], [namesake]: ['name'] });
    const underage = await call('PUT', '/api/admin/customerrelationships/accept', {
      customerId: anna,
      partnerId: boy,
    });
    expect(underage.statusCode).toBe(422);
    expect(underage.json().error.message).toBe('Partnerem může být jen zletilý zákazník!');
    expect(
      await t.db.select().from(customerRelationships).where(eq(customerRelationships.customerId, boy)),
    ).toHaveLength(0);

    const list = (await call('GET', '/api/admin/customerrelationships?status=REQUESTED')).json();
    expect(list.items.map((r: { customerId: number }) => r.customerId)).toContain(anna);
    expect(list.items.every((r: { status: string }) => r.status === 'REQUESTED')).toBe(true);
  });

  it('answers NOT_REQUESTED without a request, and 404 for an unknown customer', async () => {
    const lone = await customer('Osamělý', 'Zákazník');
    const body = (await call('GET', `/api/admin/customerrelationships/customer?CustomerId=${lone}`)).json();
    expect(body).toMatchObject({ status: 'NOT_REQUESTED', partnerCandidates: [] });
    expect(
      (await call('GET', '/api/admin/customerrelationships/customer?customerId=999999')).statusCode,
    ).toBe(404);
  });

  it('accepting links both customers both ways, audited; then the list shows them active', async () => {
    const eva = await customer('Eva', 'Malá');
    const jan = await customer('Jan', 'Malý');
    await request(eva, 'Jan Malý', 'nobody@example.cz');
    const response = await call('PUT', '/api/admin/customerrelationships/accept', {
      customerId: eva,
      partnerId: jan,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ACCEPTED',
      partnerId: jan,
      partnerFullName: 'Jan Malý',
      partnerCandidates: [],
    });
    const theirs = (await call('GET', `/api/admin/customerrelationships/customer?customerId=${jan}`)).json();
    expect(theirs).toMatchObject({ status: 'ACCEPTED', partnerId: eva });
    const customerView = (await call('GET', `/api/admin/customers/customer?CustomerId=${jan}`)).json();
    expect(customerView.relationship).toEqual({
      status: 'ACCEPTED',
      partnerId: eva,
      partnerFullName: 'Eva Malá',
    });
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, eva)));
    expect(trail.map((r) => [r.field, r.newValue])).toEqual(
      expect.arrayContaining([
        ['partner', String(jan)],
        ['relationshipStatus', 'ACCEPTED'],
      ]),
    );
  });

  it('refuses self (422), already linked on either side (409), unknown customers (404), changing nothing', async () => {
    const a = await customer('A', 'Jedna');
    const b = await customer('B', 'Dva');
    const c = await customer('C', 'Tři');
    const self = await call('PUT', '/api/admin/customerrelationships/accept', {
      customerId: a,
      partnerId: a,
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().error.message).toBe('Zákazník nemůže být partnerem sám sobě!');
    expect(
      (await call('PUT', '/api/admin/customerrelationships/accept', { customerId: a, partnerId: b }))
        .statusCode,
    ).toBe(200);
    const again = await call('PUT', '/api/admin/customerrelationships/accept', {
      customerId: a,
      partnerId: c,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Zákazník již má přiřazeného partnera!');
    const taken = await call('PUT', '/api/admin/customerrelationships/accept', {
      customerId: c,
      partnerId: b,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Zvolený partner je již propojen s jiným zákazníkem!');
    const unknown = await call('PUT', '/api/admin/customerrelationships/accept', {
      customerId: c,
      partnerId: 999999,
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      await t.db.select().from(customerRelationships).where(eq(customerRelationships.customerId, c)),
    ).toHaveLength(0);
  });

  it('of two concurrent acceptances with the same partner, one wins', async () => {
    const x = await customer('X', 'Iks');
    const y = await customer('Y', 'Ypsilon');
    const z = await customer('Z', 'Zet');
    const results = await Promise.all([
      call('PUT', '/api/admin/customerrelationships/accept', { customerId: x, partnerId: z }),
      call('PUT', '/api/admin/customerrelationships/accept', { customerId: y, partnerId: z }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('needs Customers.Edit to accept', async () => {
    const doctor = await t.authAs(demo.doctor);
    const response = await call(
      'PUT',
      '/api/admin/customerrelationships/accept',
      { customerId: 1, partnerId: 2 },
      doctor,
    );
    expect(response.statusCode).toBe(403);
  });
});
