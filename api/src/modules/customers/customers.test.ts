import { currentDnaConsentFormVersion, Permissions, pragueDay, pragueToday } from '@genodesk/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveConsent } from '../../../test/consent.js';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { transaction } from '../../db/client.js';
import {
  auditLog,
  customerGenotypes,
  customerRelationships,
  customers,
  orders,
  payments,
  questionnaires,
  samples,
} from '../../db/schema/index.js';
import { demoPassword } from '../../seed/demo.js';
import { generateReport } from '../results/generation.service.js';

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
    payload: { Name: 'Kompletní DNA test (test)', Price: 5990 },
    headers: admin,
  });
  productTypeId = created.json().id;
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  payload?: object,
  headers = admin,
) => t.app.inject({ method, url, payload, headers });

const registration = (over: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    Name: 'Jana',
    Surname: `Testová${seq}`,
    Email: `jana.testova${seq}@example.cz`,
    Phone: '777 123 456',
    PhonePrefix: '+420',
    Street: 'Dlouhá',
    StreetNumber: '12',
    City: 'Praha',
    Zipcode: '110 00',
    Password: 'heslo-heslo',
    AgreeTerms: true,
    AgreeProcessingData: true,
    ...over,
  };
};

async function register(over: Record<string, unknown> = {}) {
  const response = await call('PUT', '/api/admin/customers', registration(over));
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json();
}

describe('PUT admin/customers (registration)', () => {
  it('creates a customer with gender 2 by default, from the reception, audited, without an order', async () => {
    const customer = await register();
    expect(customer).toMatchObject({
      gender: 2,
      registrationSource: 2,
      phonePrefix: '+420',
      phone: '777123456',
      agreedToTermsOfService: true,
      agreedToDataProcessing: true,
      isUnderage: false,
      orders: [],
      samples: [],
      relationship: { status: 'NOT_REQUESTED', partnerId: null },
    });
    const [row] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const trail = await call('GET', `/api/admin/customers/customeraudit?Id=${customer.id}`);
    expect(trail.json()[0]).toMatchObject({ field: 'created', changedBy: { userName: 'Alena Adminová' } });
  });

  it('with a product type makes an unpaid order for its price; no sample yet', async () => {
    const customer = await register({ ProductTypeId: productTypeId });
    expect(customer.orders).toHaveLength(1);
    expect(customer.orders[0]).toMatchObject({
      productTypeId,
      // CZK at the API, as getorder answers; haléře beside it.
      amount: 5990,
      amountMinor: 599000,
      currency: 'CZK',
      complete: false,
      paidBy: 6,
    });
    expect(customer.orders[0].orderNumber).toBeGreaterThan(0);
    expect(customer.samples).toEqual([]);
  });

  it('the order in the detail states its amount as getorder does (CZK), with haléře beside it', async () => {
    const customer = await register({ ProductTypeId: productTypeId });
    const order = await call('GET', `/api/admin/orders/getorder?Id=${customer.orders[0].id}`);
    expect(order.statusCode).toBe(200);
    expect(customer.orders[0].amount).toBe(order.json().amount);
    expect(customer.orders[0].amountMinor).toBe(order.json().amountMinor);
  });

  it('the detail leaves the orders out for a reader without Orders.View (lab), keeps them for one with it', async () => {
    const customer = await register({ ProductTypeId: productTypeId });
    const lab = await t.authAs(demo.lab);
    const reception = await t.authAs(demo.reception);
    const asLab = await call(
      'GET',
      `/api/admin/customers/customer?CustomerId=${customer.id}`,
      undefined,
      lab,
    );
    expect(asLab.statusCode).toBe(200);
    expect(asLab.json().orders).toEqual([]);
    const asReception = await call(
      'GET',
      `/api/admin/customers/customer?CustomerId=${customer.id}`,
      undefined,
      reception,
    );
    expect(asReception.json().orders).toHaveLength(1);
  });

  it('the detail leaves the samples out for a reader without Samples.View, keeps them for one with it', async () => {
    const customer = await register({ ProductTypeId: productTypeId, PaidInCash: true });
    expect(customer.samples).toHaveLength(1);
    // A role of the lab's own making: customers, but not the samples.
    const reader = await t.authWith('jen-zakaznici@genodesk.test', [
      Permissions.AdminPanelView,
      Permissions.CustomersView,
    ]);
    const detail = await call(
      'GET',
      `/api/admin/customers/customer?CustomerId=${customer.id}`,
      undefined,
      reader,
    );
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: customer.id, samples: [], orders: [] });
  });

  it('paid in cash: a completed cash payment, the order complete, the sample waiting to be sent [2]', async () => {
    const customer = await register({ ProductTypeId: productTypeId, PaidInCash: true });
    expect(customer.orders[0]).toMatchObject({ complete: true, paidBy: 3 });
    expect(customer.orders[0].dateOrderPaid).toBeTruthy();
    expect(customer.samples).toEqual([{ id: expect.any(Number), status: 2, barcode: null }]);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, customer.orders[0].id));
    expect(payment).toMatchObject({
      method: 3,
      amount: 599000,
      variableSymbol: String(customer.orders[0].orderNumber),
    });
    expect(payment?.completedAt).toBeTruthy();
  });

  it('records the consents; ticking DNA analysis records a consent, unticking a valid one is refused (withdrawal is its own action), audited', async () => {
    const before = Date.now();
    const customer = await register({
      AgreedToDNAAnalysis: true,
      AgreedToSampleExamination: true,
      DNASampleUsageStatus: 2,
    });
    expect(customer).toMatchObject({
      agreedToDNAAnalysis: true,
      agreedToSampleExamination: true,
      DNASampleUsageStatus: 2,
    });
    expect(Date.parse(customer.dnaConsentAt)).toBeGreaterThanOrEqual(before - 1000);
    // Ticked at the reception, the consent is a record on the lab's current form.
    const consents = (await call('GET', `/api/admin/customers/dnaconsents?CustomerId=${customer.id}`)).json();
    expect(consents).toMatchObject([
      { formVersion: currentDnaConsentFormVersion, recordedBy: expect.any(String), withdrawal: null },
    ]);
    const without = await register();
    expect(without).toMatchObject({ agreedToDNAAnalysis: false, dnaConsentAt: null });

    const edit = (agreed: boolean, locale = 'cs') =>
      call('POST', `/api/admin/customers?locale=${locale}`, {
        CustomerId: customer.id,
        Name: customer.name,
        Surname: customer.surname,
        PhonePrefix: '+420',
        Phone: '777 123 456',
        Email: customer.email,
        AgreedToDNAAnalysis: agreed,
      });
    const unticked = await edit(false);
    expect(unticked.statusCode).toBe(422);
    expect(unticked.json().error.fields.AgreedToDNAAnalysis).toContain('Odvolat souhlas');
    expect((await edit(false, 'en')).json().error.message).toContain('Withdraw consent');
    // Withdrawn by its action, then ticked again in the edit: a new consent is recorded.
    const withdrawn = await call('POST', '/api/admin/customers/dnaconsent/withdraw', {
      CustomerId: customer.id,
      WithdrawnOn: pragueToday(),
      Outcome: 'keepForCustomer',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const after = (await call('GET', `/api/admin/customers/customer?CustomerId=${customer.id}`)).json();
    expect(after).toMatchObject({ agreedToDNAAnalysis: false, dnaConsentAt: null });
    const given = await edit(true);
    expect(given.json().agreedToDNAAnalysis).toBe(true);
    expect(given.json().dnaConsentAt).not.toBeNull();
    const trail = (await call('GET', `/api/admin/customers/customeraudit?Id=${customer.id}`)).json();
    expect(
      trail
        .filter((e: { field: string }) => e.field === 'agreedToDNAAnalysis')
        .map((e: { newValue: string }) => e.newValue),
    ).toEqual(['true', 'false', 'true']);
  });

  it('flags an underage customer from the date of birth', async () => {
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 17);
    const customer = await register({ DateOfBirth: young.toISOString().slice(0, 10) });
    expect(customer).toMatchObject({ isUnderage: true, customerUnderage: true });
    const adult = await register({ DateOfBirth: '1990-05-01' });
    expect(adult.isUnderage).toBe(false);
  });

  it('counts the 18th birthday on the Prague calendar, in the detail and in the list filter alike', async () => {
    const [y, m, d] = pragueDay(new Date()).split('-').map(Number) as [number, number, number];
    const bornOn = (offsetDays: number) =>
      new Date(Date.UTC(y - 18, m - 1, d + offsetDays)).toISOString().slice(0, 10);
    const birthdayToday = await register({ DateOfBirth: bornOn(0) });
    const birthdayTomorrow = await register({ DateOfBirth: bornOn(1) });
    expect(birthdayToday.isUnderage).toBe(false);
    expect(birthdayTomorrow.isUnderage).toBe(true);
    const listed = async (id: number, underage: boolean) =>
      (await call('GET', `/api/admin/customers?underage=${underage}&pageSize=100&sort=-id`))
        .json()
        .items.some((i: { id: number }) => i.id === id);
    expect(await listed(birthdayToday.id, false)).toBe(true);
    expect(await listed(birthdayToday.id, true)).toBe(false);
    expect(await listed(birthdayTomorrow.id, true)).toBe(true);
  });

  it('validates with the spec messages and stores nothing', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(customers);
    const response = await call('PUT', '/api/admin/customers', {
      Name: '',
      Email: 'not-an-email',
      Phone: '12ab',
      Password: 'short',
      AgreeTerms: false,
      Gender: 0,
      ProductTypeId: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      Name: 'Pole je povinné!',
      Surname: 'Pole je povinné!',
      Email: 'Hodnota není validní e-mail!',
      Password: 'Heslo musí mít alespoň 8 znaků!',
      Gender: 'Musíte zvolit jednu možnost!',
      ProductTypeId: 'Musíte zvolit jednu možnost!',
    });
    const phone = await call('PUT', '/api/admin/customers', registration({ Phone: '12ab' }));
    expect(phone.json().error.fields.Phone).toBe('Toto není platné telefonní číslo!');
    const prefixed = await call(
      'PUT',
      '/api/admin/customers',
      registration({ PhonePrefix: '+421', Phone: '123' }),
    );
    expect(prefixed.json().error.fields.Phone).toBe('Toto není platné telefonní číslo!');
    const cashWithoutProduct = await call('PUT', '/api/admin/customers', registration({ PaidInCash: true }));
    expect(cashWithoutProduct.json().error.fields.ProductTypeId).toBe('Musíte zvolit jednu možnost!');
    const unknownProduct = await call('PUT', '/api/admin/customers', registration({ ProductTypeId: 999999 }));
    expect(unknownProduct.statusCode).toBe(422);
    // Date.parse takes 31 February; PostgreSQL refused it with an error, answered as a 500.
    const noSuchDay = await call('PUT', '/api/admin/customers', registration({ DateOfBirth: '1990-02-31' }));
    expect(noSuchDay.statusCode).toBe(400);
    expect(noSuchDay.json().error.fields).toEqual({ DateOfBirth: 'Neplatné datum!' });
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(customers);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('answers a body that is not an object with one message, in the caller language', async () => {
    // `null` was a 500 (a refinement read `Phone` of null); an array got a phone-number message.
    for (const method of ['PUT', 'POST'] as const) {
      for (const [payload, language, message] of [
        ['null', undefined, 'Tělo požadavku musí být objekt JSON.'],
        ['[]', 'en', 'The request body must be a JSON object.'],
        ['"x"', 'en-GB,en;q=0.9', 'The request body must be a JSON object.'],
      ] as const) {
        const response = await t.app.inject({
          method,
          url: '/api/admin/customers',
          payload,
          headers: {
            ...admin,
            'content-type': 'application/json',
            ...(language ? { 'accept-language': language } : {}),
          },
        });
        expect(response.statusCode, `${method} ${payload}`).toBe(400);
        expect(response.json(), `${method} ${payload}`).toEqual({ error: { code: 'VALIDATION', message } });
      }
    }
  });

  it('refuses a duplicate e-mail (any case) with 409; of two racing registrations one wins', async () => {
    const first = await register();
    const duplicate = await call(
      'PUT',
      '/api/admin/customers',
      registration({ Email: first.email.toUpperCase() }),
    );
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.fields.Email).toBe('Zákazník se zadaným e-mailem již existuje!');
    const payload = registration({ Email: 'race@example.cz' });
    const results = await Promise.all([
      call('PUT', '/api/admin/customers', payload),
      call('PUT', '/api/admin/customers', payload),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('POST admin/customers (edit)', () => {
  it('changes the fields, defaults gender to 1, and audits each change', async () => {
    const customer = await register();
    const response = await call('POST', '/api/admin/customers', {
      CustomerId: customer.id,
      Name: 'Janička',
      Surname: customer.surname,
      PhonePrefix: '+420',
      Phone: '602 000 111',
      Email: customer.email,
      Street: 'Krátká',
      StreetNumber: '1',
      City: 'Brno',
      Zipcode: '602 00',
      OpenLimsID: 'LIMS-1',
      DNASampleUsageStatus: 4,
      AgreedToSampleBeingUsedForScientificPurposes: true,
      AgreedToSampleExamination: true,
      NotifyByEmail: false,
      NotifyBySms: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Janička',
      gender: 1,
      city: 'Brno',
      openLimsID: 'LIMS-1',
      DNASampleUsageStatus: 4,
      agreedToSampleBeingUsedForScientificPurposes: true,
      notifyByEmail: false,
    });
    const trail = (await call('GET', `/api/admin/customers/customeraudit?Id=${customer.id}`)).json();
    const fields = trail.map((e: { field: string }) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'name',
        'gender',
        'phone',
        'city',
        'openLimsID',
        'DNASampleUsageStatus',
        'notifyByEmail',
      ]),
    );
    expect(fields).not.toContain('notifyBySms');
    expect(trail.find((e: { field: string }) => e.field === 'name')).toMatchObject({
      oldValue: 'Jana',
      newValue: 'Janička',
      changedBy: { userName: 'Alena Adminová' },
    });
  });

  it("refuses another customer's e-mail (409), must-pick-one DNA usage (400), an unknown id (404)", async () => {
    const a = await register();
    const b = await register();
    const base = { CustomerId: b.id, Name: 'B', Surname: 'B', Phone: '777123456', Email: a.email };
    expect((await call('POST', '/api/admin/customers', base)).statusCode).toBe(409);
    const pick = await call('POST', '/api/admin/customers', {
      ...base,
      Email: b.email,
      DNASampleUsageStatus: 0,
    });
    expect(pick.json().error.fields.DNASampleUsageStatus).toBe('Musíte zvolit jednu možnost!');
    const missing = await call('POST', '/api/admin/customers', {
      ...base,
      CustomerId: 999999,
      Email: 'x@y.cz',
    });
    expect(missing.statusCode).toBe(404);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, b.id));
    expect(row?.name).toBe('Jana');
  });
});

describe('GET admin/customers (list)', () => {
  it('searches name, e-mail, phone, barcode and OpenLIMS id; filters; sorts any column', async () => {
    const c = await register({ Name: 'Vendelín', Surname: 'Zvláštní', Phone: '731 555 444' });
    await t.db
      .update(customers)
      .set({ extId: 'GD00099999', openLimsId: 'OL-777' })
      .where(eq(customers.id, c.id));
    for (const search of ['vendelín', 'ZVLÁŠT', c.email, '731 555', 'GD00099999', 'ol-777']) {
      const list = (await call('GET', `/api/admin/customers?search=${encodeURIComponent(search)}`)).json();
      expect(
        list.items.map((i: { id: number }) => i.id),
        search,
      ).toEqual([c.id]);
      expect(list.total).toBe(1);
      expect(list.totalExact).toBe(true);
    }
    const reception = (await call('GET', '/api/admin/customers?registrationSource=2&pageSize=100')).json();
    expect(reception.items.every((i: { registrationSource: number }) => i.registrationSource === 2)).toBe(
      true,
    );
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague' }).format(new Date());
    const todays = (
      await call('GET', `/api/admin/customers?registeredFrom=${today}&registeredTo=${today}`)
    ).json();
    expect(todays.total).toBeGreaterThan(0);
    const none = (await call('GET', '/api/admin/customers?registeredTo=2000-01-01')).json();
    expect(none.total).toBe(0);
    // An instant, not a day (an hour ago: the Prague day may not have begun yet in UTC).
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const since = (await call('GET', `/api/admin/customers?registeredFrom=${hourAgo}`)).json();
    expect(since.total).toBeGreaterThan(0);
    // Days are the lab's: 23:30 UTC on 14 March is half past midnight on the 15th in Prague.
    await t.db
      .update(customers)
      .set({ dateRegistration: new Date('2026-03-14T23:30:00Z') })
      .where(eq(customers.id, c.id));
    const registered = async (range: string) =>
      (await call('GET', `/api/admin/customers?search=${encodeURIComponent(c.email)}&${range}`)).json().total;
    expect(await registered('registeredFrom=2026-03-15&registeredTo=2026-03-15')).toBe(1);
    expect(await registered('registeredTo=2026-03-14')).toBe(0);
    expect(await registered('registeredFrom=2026-03-14T23:00:00Z')).toBe(1);
    for (const bad of ['1', '-1', '2026-13-45', '2026-02-30']) {
      const response = await call('GET', `/api/admin/customers?registeredFrom=${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.fields, bad).toEqual({ registeredFrom: 'Neplatné datum!' });
    }
    for (const sort of [
      'id',
      'name',
      '-surname',
      'email',
      'phone',
      'city',
      'extID',
      'openLimsID',
      'registrationSource',
      '-dateRegistration',
      'dateOfBirth',
    ]) {
      expect((await call('GET', `/api/admin/customers?sort=${sort}`)).statusCode, sort).toBe(200);
    }
    const surnames = (await call('GET', '/api/admin/customers?search=testov&sort=surname&pageSize=100'))
      .json()
      .items.map((i: { surname: string }) => i.surname.toLowerCase());
    expect(surnames).toEqual([...surnames].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await call('GET', '/api/admin/customers?sort=password')).statusCode).toBe(400);
  });
});

describe('GET admin/customers (alphabetical order)', () => {
  it('sorts surnames as a Czech reader does, both ways, whatever their case', async () => {
    const surnames = ['Zeman', 'Čermák', 'Chalupa', 'Horák', 'Cibulka', 'Šťastný', 'novák', 'Adámek'];
    for (const surname of surnames) await register({ Name: 'Abecední', Surname: surname });
    const listed = async (sort: string) =>
      (await call('GET', `/api/admin/customers?search=abecedn&sort=${sort}`))
        .json()
        .items.map((i: { surname: string }) => i.surname);
    const czech = ['Adámek', 'Cibulka', 'Čermák', 'Horák', 'Chalupa', 'novák', 'Šťastný', 'Zeman'];
    expect(await listed('surname')).toEqual(czech);
    expect(await listed('-surname')).toEqual([...czech].reverse());
  });
});

describe('GET admin/customers (a name sorts by both its parts)', () => {
  it('equal surnames by first name, equal first names by surname, both ways', async () => {
    // Registered out of order: the id (the last tie-breaker) would give Zuzana, Anna, Marie.
    for (const [name, surname] of [
      ['Zuzana', 'Dvojjmenná'],
      ['Anna', 'Dvojjmenná'],
      ['Marie', 'Dvojjmenná'],
      ['Anna', 'Bdvojjmenná'],
    ])
      await register({ Name: name, Surname: surname });
    const listed = async (sort: string) =>
      (await call('GET', `/api/admin/customers?search=dvojjmenn&sort=${sort}`))
        .json()
        .items.map((i: { name: string; surname: string }) => `${i.name} ${i.surname}`);
    const bySurname = ['Anna Bdvojjmenná', 'Anna Dvojjmenná', 'Marie Dvojjmenná', 'Zuzana Dvojjmenná'];
    expect(await listed('surname')).toEqual(bySurname);
    expect(await listed('-surname')).toEqual([...bySurname].reverse());
    const byName = ['Anna Bdvojjmenná', 'Anna Dvojjmenná', 'Marie Dvojjmenná', 'Zuzana Dvojjmenná'];
    expect(await listed('name')).toEqual(byName);
    expect(await listed('-name')).toEqual([...byName].reverse());
  });
});

describe('GET admin/customers (diacritics)', () => {
  const found = async (search: string) =>
    (await call('GET', `/api/admin/customers?search=${encodeURIComponent(search)}&pageSize=100`)).json() as {
      items: { id: number; surname: string }[];
      total: number;
    };

  it('finds a name typed without its diacritics, and one typed with them stored without, in any case', async () => {
    const accented = await register({ Name: 'Jana', Surname: 'Testovací' });
    const plain = await register({ Name: 'Blahoslava', Surname: 'Zemanova' });
    for (const search of ['testovaci', 'jana testovaci', 'TESTOVACI', 'Testovací', 'TESTOVACÍ']) {
      expect(
        (await found(search)).items.map((i) => i.id),
        search,
      ).toEqual([accented.id]);
    }
    for (const search of ['blahoslava ZEMANOVÁ', 'Blahoslava Zemanová', 'BLAHOSLAVA ZEMANOVA']) {
      expect(
        (await found(search)).items.map((i) => i.id),
        search,
      ).toEqual([plain.id]);
    }
    // A surname alone, however typed, finds the same customers: the demo's Zemanová and this Zemanova.
    const spellings = await Promise.all(['ZEMANOVÁ', 'zemanova', 'Zemanová'].map(found));
    expect(new Set(spellings.map((s) => s.total)).size).toBe(1);
    expect(spellings[0]?.items.map((i) => i.surname)).toEqual(
      expect.arrayContaining(['Zemanová', 'Zemanova']),
    );
    expect(spellings[0]?.items.every((i) => i.surname === 'Zemanová' || i.surname === 'Zemanova')).toBe(true);
    // What has no diacritics matches as it did: an e-mail as typed.
    expect((await found(accented.email)).items.map((i) => i.id)).toEqual([accented.id]);
  });
});

describe('GET admin/customers (a long search)', () => {
  it('a search term over 200 characters is cut, not refused: the list answers', async () => {
    const customer = await register({ Name: 'Dlouhohledaná' });
    const long = `${customer.email}${'x'.repeat(300)}`;
    const response = await call('GET', `/api/admin/customers?search=${encodeURIComponent(long)}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().items).toEqual([]);
    const cut = await call(
      'GET',
      `/api/admin/customers?search=${encodeURIComponent(`Dlouhohledan${' '.repeat(250)}x`)}`,
    );
    expect(cut.statusCode).toBe(200);
    expect(cut.json().items.map((i: { id: number }) => i.id)).toEqual([customer.id]);
  });
});

describe('GET admin/customers (counts)', () => {
  it('counts exactly up to 1,000 matches, then estimates', async () => {
    await t.db.execute(sql`
      insert into customers (name, surname, email, registration_source)
      select 'Hromadný', 'Import' || i, 'hromadny' || i || '@example.cz', 3 from generate_series(1, 1200) i`);
    const many = (await call('GET', '/api/admin/customers?search=hromadn')).json();
    expect(many.totalExact).toBe(false);
    expect(many.total).toBeGreaterThan(1000);
    expect(many.items).toHaveLength(25);
    const few = (await call('GET', '/api/admin/customers?search=hromadny77%40')).json();
    expect(few).toMatchObject({ total: 1, totalExact: true });
  });
});

describe('customer reads', () => {
  it('answer 404 for an unknown customer', async () => {
    for (const url of [
      '/api/admin/customers/customer?CustomerId=999999',
      '/api/admin/customers/customeraudit?Id=999999',
      '/api/admin/customers/customercategories?CustomerId=999999',
    ])
      expect((await call('GET', url)).statusCode, url).toBe(404);
  });

  it('says whether genotypes are stored, as the results call answers them or its 404', async () => {
    const c = await register();
    const detail = async () => (await call('GET', `/api/admin/customers/customer?CustomerId=${c.id}`)).json();
    const results = async () =>
      (await call('GET', `/api/admin/results/getcustomerresult?CustomerId=${c.id}`)).statusCode;
    expect((await detail()).hasResults).toBe(false);
    expect(await results()).toBe(404);

    // Another customer's genotypes are not theirs.
    const other = await register();
    await t.db
      .insert(customerGenotypes)
      .values({ customerId: other.id, geneCode: 'rs6025', genotype: 'C/C' });
    expect((await detail()).hasResults).toBe(false);

    await t.db.insert(customerGenotypes).values({ customerId: c.id, geneCode: 'rs4988235', genotype: 'C/T' });
    expect((await detail()).hasResults).toBe(true);
    expect(await results()).toBe(200);
  });

  it('lists the categories of the customer report with their phenotype counts', async () => {
    const c = await register();
    const none = await call('GET', `/api/admin/customers/customercategories?customerId=${c.id}`);
    expect(none.json()).toEqual([]);

    // Lactose (Nutrition), caffeine (Nutrition) and factor V (Heart and vessels) from the demo catalogue.
    await t.db.insert(customerGenotypes).values([
      { customerId: c.id, geneCode: 'rs4988235', genotype: 'C/C' },
      { customerId: c.id, geneCode: 'rs762551', genotype: 'A/C' },
      { customerId: c.id, geneCode: 'rs6025', genotype: 'C/C' },
    ]);
    await giveConsent(t.db, c.id);
    await transaction(t.db, (tx) => generateReport(tx, { customerId: c.id }));
    const categories = (
      await call('GET', `/api/admin/customers/customercategories?customerId=${c.id}`)
    ).json();
    expect(
      categories.map((k: { nameEn: string; phenotypeCount: number }) => [k.nameEn, k.phenotypeCount]),
    ).toEqual([
      ['Heart and vessels', 1],
      ['Nutrition', 2],
    ]);
  });
});

describe('DELETE admin/customers (erasure, issue 24)', () => {
  /** What erasing asks of the administrator (issue 36). */
  const erasure = { Password: demoPassword, Reason: 'Žádost subjektu údajů o výmaz' };

  it('erases the customer in one go: orders and payments stay with the row anonymised; the partner falls back', async () => {
    const c = await register({ ProductTypeId: productTypeId, PaidInCash: true, AgreedToDNAAnalysis: true });
    const partner = await register();
    await t.db
      .insert(questionnaires)
      .values({ customerId: c.id, answers: { cardiovascular: { hypertension: true } } });
    await t.db.insert(customerRelationships).values([
      { customerId: c.id, status: 'ACCEPTED', partnerId: partner.id, acceptedAt: new Date() },
      { customerId: partner.id, status: 'ACCEPTED', partnerId: c.id, acceptedAt: new Date() },
    ]);
    expect(
      (await call('POST', '/api/admin/samples', { SampleId: c.samples[0].id, Status: 10 })).statusCode,
    ).toBe(200);
    const response = await call('DELETE', `/api/admin/customers?CustomerId=${c.id}`, erasure);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: c.id });
    const [erased] = await t.db.select().from(customers).where(eq(customers.id, c.id));
    expect(erased).toMatchObject({
      name: 'Erased',
      surname: 'customer',
      email: `erased-${c.id}@erased.invalid`,
      phone: '',
      street: '',
      dateOfBirth: null,
      passwordHash: null,
      notifyByEmail: false,
      notifyBySms: false,
    });
    expect(erased?.erasedAt).toBeInstanceOf(Date);
    // Accounting keeps the order and its payment.
    expect(await t.db.select().from(orders).where(eq(orders.customerId, c.id))).toHaveLength(1);
    expect(await t.db.select().from(payments).where(eq(payments.orderId, c.orders[0].id))).toHaveLength(1);
    expect(await t.db.select().from(samples).where(eq(samples.customerId, c.id))).toHaveLength(0);
    expect(await t.db.select().from(questionnaires).where(eq(questionnaires.customerId, c.id))).toHaveLength(
      0,
    );
    expect(
      await t.db.select().from(customerRelationships).where(eq(customerRelationships.customerId, c.id)),
    ).toHaveLength(0);
    const [partnerRow] = await t.db
      .select()
      .from(customerRelationships)
      .where(eq(customerRelationships.customerId, partner.id));
    expect(partnerRow).toMatchObject({ status: 'NOT_REQUESTED', partnerId: null });
    // The trail keeps who changed which field when, without the values; the erasure's rows record it
    // and why (issue 36), nothing of the customer.
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, c.id)));
    expect(trail.filter((r) => r.field === 'erased').map((r) => [r.oldValue, r.newValue])).toEqual([
      [null, 'erased'],
    ]);
    const erasureRecord = ['erased', 'erasureReason', 'erasureRequest'];
    expect(
      trail.filter((r) => !erasureRecord.includes(r.field) && (r.oldValue ?? r.newValue) !== null),
    ).toEqual([]);
    const sampleTrail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'sample'), eq(auditLog.entityId, c.samples[0].id)));
    expect(sampleTrail.length).toBeGreaterThan(0);
    expect(sampleTrail.filter((r) => (r.oldValue ?? r.newValue) !== null)).toEqual([]);
    expect((await call('GET', `/api/admin/customers/customer?CustomerId=${c.id}`)).statusCode).toBe(404);
    const listed = await call('GET', `/api/admin/customers?search=${encodeURIComponent(c.email)}`);
    expect(listed.json().items).toEqual([]);
    expect((await call('DELETE', `/api/admin/customers?CustomerId=${c.id}`, erasure)).statusCode).toBe(404);
  });

  it("also blanks their reports' change log and the read records from before the access log", async () => {
    const c = await register();
    const other = await register();
    await t.db.insert(customerGenotypes).values([
      { customerId: c.id, geneCode: 'rs4988235', genotype: 'C/C' },
      { customerId: other.id, geneCode: 'rs4988235', genotype: 'C/C' },
    ]);
    await giveConsent(t.db, c.id, other.id);
    const report = await transaction(t.db, (tx) => generateReport(tx, { customerId: c.id }));
    const otherReport = await transaction(t.db, (tx) => generateReport(tx, { customerId: other.id }));
    const doctor = await t.authAs(demo.doctor);
    for (const productId of [report.productId, otherReport.productId]) {
      const edited = await call(
        'PATCH',
        '/api/admin/products/',
        { Id: productId, DoctorIntro: '<p>Úvod</p>' },
        doctor,
      );
      expect(edited.statusCode).toBe(200);
      // Reads of a report were audited (entity productRead) before the access log took them over;
      // nothing writes these now, but the rows from then are still there, naming who read it.
      await t.db
        .insert(auditLog)
        .values({ entity: 'productRead', entityId: productId, field: 'read', newValue: 'MUDr. Čtenář' });
    }
    const valuesOf = async (productId: number) =>
      (
        await t.db
          .select({ oldValue: auditLog.oldValue, newValue: auditLog.newValue })
          .from(auditLog)
          .where(and(inArray(auditLog.entity, ['product', 'productRead']), eq(auditLog.entityId, productId)))
      ).flatMap((row) => [row.oldValue, row.newValue].filter((value) => value !== null));
    expect(await valuesOf(report.productId)).toContain('MUDr. Čtenář');

    expect((await call('DELETE', `/api/admin/customers?CustomerId=${c.id}`, erasure)).statusCode).toBe(200);
    expect(await valuesOf(report.productId)).toEqual([]);
    // Another customer's report keeps its trail, its old read records too.
    expect(await valuesOf(otherReport.productId)).toContain('MUDr. Čtenář');
  });

  it('needs Customers.Erase (issue 36: reception edits customers, only an administrator erases them)', async () => {
    const c = await register();
    for (const who of [demo.doctor, demo.reception])
      expect(
        (await call('DELETE', `/api/admin/customers?CustomerId=${c.id}`, erasure, await t.authAs(who)))
          .statusCode,
      ).toBe(403);
  });
});
