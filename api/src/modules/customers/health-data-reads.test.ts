import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { accessLog, questionnaires } from '../../db/schema/index.js';
import { audit } from '../audit/audit.js';

/** Health data read through side doors is authorised like the front one, and logged (issue 36). */
let t: TestApp;
let customerId: number;
beforeAll(async () => {
  t = await testApp();
  const [questionnaire] = await t.db.select().from(questionnaires).limit(1);
  customerId = questionnaire!.customerId;
  await audit(t.db, {
    entity: 'questionnaire',
    entityId: questionnaire!.id,
    changedBy: null,
    changes: [{ field: 'smoker', oldValue: 'Kouří 20 cigaret denně', newValue: 'Nekouří' }],
  });
});
afterAll(() => t.close());

const get = async (url: string, as: string) =>
  t.app.inject({ method: 'GET', url, headers: await t.authAs(as) });
const readsOf = async (kind: string) => {
  return t.db
    .select()
    .from(accessLog)
    .where(sql`${accessLog.kind} = ${kind} and ${customerId} = any(${accessLog.customerIds})`);
};

describe('health data read through the customer page and verification', () => {
  it("a customer's history shows questionnaire answers only to those who may read questionnaires", async () => {
    const lab = (await get(`/api/admin/customers/customeraudit?Id=${customerId}`, demo.lab)).json();
    const hidden = lab.find((entry: { field: string }) => entry.field === 'smoker');
    expect(hidden).toMatchObject({ entity: 'questionnaire', oldValue: null, newValue: null, masked: true });
    expect(JSON.stringify(lab)).not.toContain('cigaret');
    expect(await readsOf('customerAudit')).toHaveLength(0);

    const doctor = (await get(`/api/admin/customers/customeraudit?Id=${customerId}`, demo.doctor)).json();
    expect(doctor.find((entry: { field: string }) => entry.field === 'smoker')).toMatchObject({
      oldValue: 'Kouří 20 cigaret denně',
      newValue: 'Nekouří',
      masked: false,
    });
    expect(await readsOf('customerAudit')).toHaveLength(1);
  });

  it("a customer's report categories only to readers of reports, logged", async () => {
    const reception = await get(
      `/api/admin/customers/customercategories?CustomerId=${customerId}`,
      demo.reception,
    );
    expect(reception.statusCode).toBe(403);
    const doctor = await get(`/api/admin/customers/customercategories?CustomerId=${customerId}`, demo.doctor);
    expect(doctor.statusCode).toBe(200);
    expect(await readsOf('customerCategories')).toHaveLength(1);
  });

  it('whose report a verification code is, only to readers of reports; others have the public call', async () => {
    const verify = async (as: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/verify/report',
        payload: { code: 'ABCD-EFGH-JKMN' },
        headers: await t.authAs(as),
      });
    const reception = await verify(demo.reception);
    expect(reception.statusCode).toBe(403);
    expect((await verify(demo.doctor)).statusCode).toBe(200);
    const publicCall = await t.app.inject({
      method: 'POST',
      url: '/api/public/verify/report',
      payload: { code: 'ABCD-EFGH-JKMN' },
    });
    expect(publicCall.statusCode).toBe(200);
  });
});
