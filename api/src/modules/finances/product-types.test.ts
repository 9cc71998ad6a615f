import { Permissions } from '@genodesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { hashPassword } from '../../auth/passwords.js';
import { auditLog, productTypes, rolePermissions, roles, users } from '../../db/schema/index.js';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await testApp();
  admin = await t.authAs(demo.admin);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url, payload, headers });

describe('product types', () => {
  it('creates with the price in CZK, stored in haléře, and reads it back', async () => {
    const created = await call('PUT', '/api/admin/producttypes/create', { Name: 'Test DNA', Price: 4990.5 });
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect(body).toMatchObject({ name: 'Test DNA', price: 4990.5, priceMinor: 499050, currency: 'CZK' });
    const [row] = await t.db.select().from(productTypes).where(eq(productTypes.id, body.id));
    expect(row?.price).toBe(499050);
    const got = await call('GET', `/api/admin/producttypes/getproducttype?ProductTypeId=${body.id}`);
    expect(got.json()).toMatchObject({ id: body.id, price: 4990.5 });
  });

  it("refuses a price of 0 or less with 'Cena musí být víc než 0!' and stores nothing", async () => {
    for (const Price of [0, -5, 'abc']) {
      const response = await call('PUT', '/api/admin/producttypes/create', { Name: 'Zero', Price });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.Price).toBe('Cena musí být víc než 0!');
    }
    const en = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/producttypes/create',
      payload: { Name: 'Zero', Price: 0 },
      headers: { ...admin, 'accept-language': 'en' },
    });
    expect(en.json().error.fields.Price).toBe('The price must be more than 0!');
    const bad = await call('PUT', '/api/admin/producttypes/create', { Name: 'Zero', Price: 1.234 });
    expect(bad.statusCode).toBe(400);
    expect(await t.db.select().from(productTypes).where(eq(productTypes.name, 'Zero'))).toHaveLength(0);
  });

  it('requires a name and refuses a duplicate (any case) with 409', async () => {
    const missing = await call('PUT', '/api/admin/producttypes/create', { Price: 100 });
    expect(missing.json().error.fields.Name).toBe('Pole je povinné!');
    await call('PUT', '/api/admin/producttypes/create', { Name: 'Unique one', Price: 100 });
    const duplicate = await call('PUT', '/api/admin/producttypes/create', { Name: 'UNIQUE ONE', Price: 100 });
    expect(duplicate.statusCode).toBe(409);
  });

  it('edits name and price, audited; 404 for an unknown one', async () => {
    const { id } = (
      await call('PUT', '/api/admin/producttypes/create', { Name: 'Editable', Price: 10 })
    ).json();
    const edited = await call('PATCH', '/api/admin/producttypes/edit', {
      ProductTypeId: id,
      Name: 'Edited',
      Price: 12.5,
    });
    expect(edited.json()).toMatchObject({ name: 'Edited', price: 12.5, priceMinor: 1250 });
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(trail.filter((r) => r.entity === 'productType').map((r) => r.field)).toEqual(
      expect.arrayContaining(['name', 'price']),
    );
    const missing = await call('PATCH', '/api/admin/producttypes/edit', {
      ProductTypeId: 999999,
      Name: 'x',
      Price: 1,
    });
    expect(missing.statusCode).toBe(404);
    const zero = await call('PATCH', '/api/admin/producttypes/edit', {
      ProductTypeId: id,
      Name: 'x',
      Price: 0,
    });
    expect(zero.statusCode).toBe(400);
  });

  it('keeps an English name: given, kept by an edit that leaves it out, cleared by an empty one, found by search', async () => {
    const created = await call('PUT', '/api/admin/producttypes/create', {
      Name: 'Spánek',
      NameEn: ' Sleep ',
      Price: 100,
    });
    expect(created.json()).toMatchObject({ name: 'Spánek', nameEn: 'Sleep' });
    const { id } = created.json();
    const found = await call('GET', '/api/admin/producttypes?search=sleep');
    expect(found.json().items.map((p: { id: number }) => p.id)).toContain(id);
    const kept = await call('PATCH', '/api/admin/producttypes/edit', {
      ProductTypeId: id,
      Name: 'Spánek',
      Price: 120,
    });
    expect(kept.json()).toMatchObject({ nameEn: 'Sleep', price: 120 });
    const cleared = await call('PATCH', '/api/admin/producttypes/edit', {
      ProductTypeId: id,
      Name: 'Spánek',
      NameEn: '',
      Price: 120,
    });
    expect(cleared.json().nameEn).toBeNull();
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(
      trail
        .filter((r) => r.entity === 'productType' && r.field === 'nameEn')
        .map((r) => [r.oldValue, r.newValue]),
    ).toEqual([['Sleep', null]]);
  });

  it('lists paged and sorted; reception (customer creators) may read the list', async () => {
    const list = await call('GET', '/api/admin/producttypes?sort=-price&pageSize=100');
    expect(list.statusCode).toBe(200);
    const prices = list.json().items.map((i: { priceMinor: number }) => i.priceMinor);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const reception = await t.authAs(demo.reception);
    expect((await call('GET', '/api/admin/producttypes', undefined, reception)).statusCode).toBe(200);
    const doctor = await t.authAs(demo.doctor);
    expect(
      (await call('PUT', '/api/admin/producttypes/create', { Name: 'x', Price: 1 }, doctor)).statusCode,
    ).toBe(403);
  });

  it('may be read by voucher staff without Product types or Customers: a product voucher names one', async () => {
    const [role] = await t.db
      .insert(roles)
      .values({ name: 'Voucher desk', nameCs: 'Vouchery', nameEn: 'Voucher desk' })
      .returning();
    await t.db.insert(rolePermissions).values(
      [Permissions.AdminPanelView, Permissions.VouchersView, Permissions.VouchersCreate].map(
        (permission) => ({
          roleId: role!.id,
          permission,
        }),
      ),
    );
    await t.db.insert(users).values({
      email: 'voucher.desk@genodesk.test',
      userName: 'Voucher desk',
      passwordHash: await hashPassword('voucher-desk-password'),
      roleId: role!.id,
    });
    const { token } = await t.login('voucher.desk@genodesk.test', 'voucher-desk-password');
    const desk = { authorization: `Bearer ${token}` };
    const list = await call('GET', '/api/admin/producttypes?pageSize=100', undefined, desk);
    expect(list.statusCode, list.body).toBe(200);
    const type = list.json().items[0] as { id: number };
    const created = await call(
      'PUT',
      '/api/admin/vouchers/create-product-voucher',
      { Code: `DESK-${Date.now()}`, ProductType: type.id, ValidTo: '2099-12-31' },
      desk,
    );
    expect(created.statusCode, created.body).toBe(200);
    // Reading one product type (its editor) still needs Product types.
    expect(
      (await call('GET', `/api/admin/producttypes/getproducttype?ProductTypeId=${type.id}`, undefined, desk))
        .statusCode,
    ).toBe(403);
  });
});
