import { MailingStatus, Permissions, type RecipientFilter } from '@genodesk/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import {
  customers,
  geneCombinations,
  mailings,
  outboxMessages,
  templateCategories,
  users,
} from '../../db/schema/index.js';
import { publishAsDoctor, reportFor, withdrawConsent } from '../products/test-fixtures.js';
import { mailingBatchSize, queueMailing, recipientsWhere } from './mailings.service.js';
import { withholdForWithdrawnConsent } from './outbox.js';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await testApp();
  admin = await t.authAs(demo.admin);
});
afterAll(() => t.close());

const send = (payload: object, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/admin/email/send', headers, payload });
const recipients = async (query: string, headers = admin) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/email/recipients?${query}`,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { count: number; recipients: { email: string; language: string }[] };
};
const consented = sql`exists (select 1 from dna_consents dc where dc.customer_id = customers.id and dc.withdrawn_at is null)`;
const countWhere = async (where: ReturnType<typeof sql>) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(customers).where(where))[0]!.n;

describe('the e-mail screen', () => {
  it('counts the customers a filter reaches, only those who agreed to e-mails, and shows the first ten', async () => {
    const all = await recipients('');
    expect(all.count).toBe(await countWhere(sql`notify_by_email`));
    expect(all.count).toBeLessThan(await countWhere(sql`true`));
    expect(all.recipients).toHaveLength(10);
    const reception = await recipients('registrationSource=2');
    expect(reception.count).toBe(await countWhere(sql`notify_by_email and registration_source = 2`));
    const published = await recipients('hasPublishedReport=true');
    expect(published.count).toBe(
      await countWhere(
        sql`notify_by_email and exists (select 1 from products p where p.customer_id = customers.id and p.status in (3, 4)) and ${consented}`,
      ),
    );
    expect(published.count).toBeGreaterThan(0);
    const status1 = await recipients('reportStatus=1');
    expect(status1.count).toBe(
      await countWhere(
        sql`notify_by_email and exists (select 1 from products p where p.customer_id = customers.id and p.status = 1) and ${consented}`,
      ),
    );
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/email/recipients?registeredFrom=1.1.2026',
      headers: admin,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('sends to a filtered set in each customer’s language, written to the outbox in batches by a job', async () => {
    // Two customers speak English.
    await t.db.execute(sql`
      update customers set language = 'en' where id in (
        select id from customers where notify_by_email and registration_source = 1 order by id limit 2)`);
    const expected = (await recipients('registrationSource=1')).count;
    const response = await send({
      Filter: { registrationSource: 1 },
      Subject: 'Novinky v laboratoři',
      Body: '<p>Dobrý den,</p><p>máme <strong>novinky</strong>.</p><script>alert(1)</script>',
      SubjectEn: 'News from the lab',
      BodyEn: '<p>Hello,</p><p>we have <strong>news</strong>.</p>',
    });
    expect(response.statusCode).toBe(202);
    const mailing = response.json();
    expect(mailing).toMatchObject({ recipients: expected, queued: 0, status: MailingStatus.Queued });

    await queueMailing(t.db, t.jobs, mailing.id);
    const progress = await t.app.inject({
      method: 'GET',
      url: `/api/admin/email/mailings/${mailing.id}`,
      headers: admin,
    });
    expect(progress.json()).toMatchObject({
      queued: expected,
      status: MailingStatus.Done,
      sent: 0,
      failed: 0,
    });
    const written = await t.db.select().from(outboxMessages).where(eq(outboxMessages.mailingId, mailing.id));
    expect(written).toHaveLength(expected);
    expect(new Set(written.map((m) => m.customerId)).size).toBe(expected);
    const english = written.filter((m) => m.language === 'en');
    // The two set above, and those the demo seed registers in English.
    expect(english).toHaveLength(
      await countWhere(sql`notify_by_email and registration_source = 1 and language = 'en'`),
    );
    expect(english.length).toBeGreaterThanOrEqual(2);
    expect(english[0]).toMatchObject({ subject: 'News from the lab', kind: 'mailing' });
    expect(english[0]?.bodyHtml).toContain('<strong>news</strong>');
    const czech = written.find((m) => m.language === 'cs')!;
    expect(czech.subject).toBe('Novinky v laboratoři');
    expect(czech.bodyHtml).not.toContain('<script');
    expect(czech.bodyText).toContain('máme novinky.');

    // Run again (a retried job): nobody gets it twice.
    await queueMailing(t.db, t.jobs, mailing.id);
    expect(await t.db.$count(outboxMessages, eq(outboxMessages.mailingId, mailing.id))).toBe(expected);
  });

  it('does not send a mailing chosen by reports to a customer who withdrew consent after it was written; news still goes', async () => {
    const r = await reportFor(t, { genotypes: { rs762551: 'A/A' } });
    const mailingTo = async (Filter: RecipientFilter) => {
      const response = await send({ Filter, Subject: 'Zpráva', Body: '<p>Dobrý den</p>' });
      expect(response.statusCode, response.body).toBe(202);
      await queueMailing(t.db, t.jobs, response.json().id);
      const [message] = await t.db
        .select()
        .from(outboxMessages)
        .where(
          and(eq(outboxMessages.mailingId, response.json().id), eq(outboxMessages.customerId, r.customerId)),
        );
      return message!.id;
    };
    const byReports = await mailingTo({ reportStatus: 1, registrationSource: 1 });
    const news = await mailingTo({ registrationSource: 1 });
    await withdrawConsent(t, r.customerId);
    await withholdForWithdrawnConsent(t.db);
    const statusOf = async (id: number) =>
      (await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;
    expect(await statusOf(byReports)).toMatchObject({
      status: 'failed',
      lastError: 'not sent: the customer holds no valid DNA consent for a message about their results',
    });
    expect(await statusOf(news)).toMatchObject({ status: 'pending' });
  });

  it('answers a mailing whose filter has every kind of criterion, on sending and when read back', async () => {
    const filter = {
      registrationSource: 1,
      registeredFrom: '2020-01-01',
      registeredTo: '2030-12-31',
      reportStatus: 3,
      hasPublishedReport: true,
      language: 'cs',
    };
    const response = await send({ Filter: filter, Subject: 'Výsledky', Body: '<p>Dobrý den</p>' });
    // Nobody may match: then 422 and nothing kept; otherwise 202 with the filter as given.
    if (response.statusCode === 422) throw new Error('the demo data has nobody for this filter');
    expect(response.statusCode, response.body).toBe(202);
    const mailing = response.json();
    expect(mailing.filter).toEqual(filter);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/admin/email/mailings/${mailing.id}`,
      headers: admin,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().filter).toEqual(filter);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/email/mailings', headers: admin });
    expect(list.statusCode, list.body).toBe(200);
  });

  it('a job stopped between batches goes on where it was', async () => {
    const response = await send({ Filter: {}, Subject: 'Všem', Body: '<p>Text</p>' });
    const mailing = response.json();
    // As if the first batch had been written by a job that then died.
    const [first] = await t.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.notifyByEmail, true))
      .orderBy(customers.id)
      .limit(1);
    await t.db.execute(sql`
      insert into outbox_messages (channel, recipient, subject, body_text, kind, customer_id, mailing_id)
      select 'email', email, 'Všem', 'Text', 'mailing', id, ${mailing.id} from customers where id = ${first!.id}`);
    await t.db
      .update(mailings)
      .set({ queued: 1, lastCustomerId: first!.id, status: MailingStatus.Queueing })
      .where(eq(mailings.id, mailing.id));
    await queueMailing(t.db, t.jobs, mailing.id);
    const written = await t.db.select().from(outboxMessages).where(eq(outboxMessages.mailingId, mailing.id));
    expect(written).toHaveLength(mailing.recipients);
    expect(new Set(written.map((m) => m.customerId)).size).toBe(mailing.recipients);
    expect(mailingBatchSize).toBeGreaterThan(1);
  });

  it('sends to one address at once, in the language of the customer it belongs to', async () => {
    const [customer] = await t.db
      .update(customers)
      .set({ language: 'en' })
      .where(sql`id = (select min(id) from customers)`)
      .returning({ email: customers.email });
    const response = await send({
      To: customer!.email.toUpperCase(),
      Subject: 'Dotaz',
      Body: '<p>Česky</p>',
      SubjectEn: 'A question',
      BodyEn: '<p>In English</p>',
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ recipients: 1, queued: 1, status: MailingStatus.Done });
    const [message] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.mailingId, response.json().id));
    expect(message).toMatchObject({ subject: 'A question', language: 'en', status: 'pending' });

    const stranger = await send({ To: 'neznamy@example.test', Subject: 'Dotaz', Body: '<p>Česky</p>' });
    const [toStranger] = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.mailingId, stranger.json().id)));
    expect(toStranger).toMatchObject({ subject: 'Dotaz', language: 'cs', customerId: null });
  });

  it('refuses bad input with the spec’s messages and sends nothing', async () => {
    const before = await t.db.$count(mailings);
    const empty = await send({ To: 'a@example.test', Subject: ' ', Body: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toMatchObject({
      Subject: 'Pole je povinné!',
      Body: 'Pole je povinné!',
    });
    const badAddress = await send({ To: 'not-an-address', Subject: 'x', Body: '<p>x</p>' });
    expect(badAddress.json().error.fields.To).toBe('Hodnota není validní e-mail!');
    const both = await send({ To: 'a@example.test', Filter: {}, Subject: 'x', Body: '<p>x</p>' });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields.To).toBe('Zadejte buď jednu adresu, nebo výběr zákazníků.');
    const halfEnglish = await send({ To: 'a@example.test', Subject: 'x', Body: '<p>x</p>', SubjectEn: 'x' });
    expect(halfEnglish.json().error.fields.BodyEn).toBe('Pole je povinné!');
    const onlyTags = await send({ To: 'a@example.test', Subject: 'x', Body: '<script>x</script>' });
    expect(onlyTags.statusCode).toBe(400);
    const nobody = await send({
      Filter: { language: 'en', reportStatus: 5, registrationSource: 3 },
      Subject: 'x',
      Body: '<p>x</p>',
    });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().error.message).toBe(
      'Výběru neodpovídá žádný zákazník, který souhlasil se zasíláním e-mailů. Nic nebylo odesláno.',
    );
    expect(await t.db.$count(mailings)).toBe(before);
  });

  it('previews the message as a recipient sees it, sanitised, in the layout of their language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/email/preview',
      headers: admin,
      payload: {
        Subject: 'Hi',
        Body: '<p onclick="x()">Text</p><script>alert(1)</script>',
        Language: 'en',
      },
    });
    expect(response.statusCode).toBe(200);
    const preview = response.json();
    expect(preview.html).toContain('<html lang="en">');
    expect(preview.html).toContain('<p>Text</p>');
    expect(preview.html).not.toContain('onclick');
    expect(preview.html).not.toContain('<script');
    expect(preview.text).toBe('Text');
  });

  it('lists the catalogue’s top categories for the filter to whoever may send e-mails', async () => {
    const reception = await t.authAs(demo.reception);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/email/categories',
      headers: reception,
    });
    expect(response.statusCode).toBe(200);
    const categories = response.json() as { id: number; name: string; parentId: number | null }[];
    expect(categories.length).toBeGreaterThan(0);
    expect(categories.every((c) => c.parentId === null)).toBe(true);
    // Choosing by a category of findings is a physician's, seen as much as sent: the admin is refused.
    const byAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/admin/email/recipients?categoryId=${categories[0]!.id}`,
      headers: { ...admin, 'accept-language': 'en' },
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error.fields).toEqual({
      categoryId:
        'Only a physician may write to customers about their results (the qualification “Physician” on the user).',
    });
    const physician = await t.authWith('lekarka-posta@genodesk.test', [
      Permissions.AdminPanelView,
      Permissions.BarcodesView,
      Permissions.ProductsView,
    ]);
    await t.db
      .update(users)
      .set({ qualification: 'physician', licenceNumber: 'ČLK 0700001' })
      .where(eq(users.email, 'lekarka-posta@genodesk.test'));
    const withCategory = await recipients(`categoryId=${categories[0]!.id}`, physician);
    expect(withCategory.count).toBeLessThanOrEqual((await recipients('')).count);
  });

  it('chooses by a category only what a physician released, and by reports only customers holding a valid consent', async () => {
    const [caffeine] = await t.db
      .select({ categoryId: templateCategories.parentId })
      .from(geneCombinations)
      .innerJoin(templateCategories, eq(templateCategories.id, geneCombinations.subcategoryId))
      .where(eq(geneCombinations.geneKey, 'rs762551'));
    const released = await reportFor(t, { genotypes: { rs762551: 'A/A' } });
    const generatedOnly = await reportFor(t, { genotypes: { rs762551: 'A/A' } });
    const withdrawn = await reportFor(t, { genotypes: { rs762551: 'A/A' } });
    for (const r of [released, withdrawn]) await publishAsDoctor(t, r.productId);
    await withdrawConsent(t, withdrawn.customerId);
    const ours = [released, generatedOnly, withdrawn].map((r) => r.customerId);
    const chosen = async (filter: RecipientFilter) =>
      (
        await t.db
          .select({ id: customers.id })
          .from(customers)
          .where(and(recipientsWhere(filter), inArray(customers.id, ours)))
          .orderBy(customers.id)
      ).map((row) => row.id);
    expect(await chosen({ categoryId: caffeine!.categoryId! })).toEqual([released.customerId]);
    expect(await chosen({ hasPublishedReport: true })).toEqual([released.customerId]);
    expect(await chosen({ reportStatus: 1 })).toEqual([generatedOnly.customerId]);
    // Without a filter by reports, a customer without consent still gets the company's news.
    expect(await chosen({})).toEqual(ours);

    // Writing to customers chosen by their findings is a physician's: the administrator is refused.
    const before = await t.db.$count(mailings);
    const byAdmin = await send(
      { Filter: { categoryId: caffeine!.categoryId! }, Subject: 'Kofein', Body: '<p>Dobrý den</p>' },
      { ...admin, 'accept-language': 'en' },
    );
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error.message).toBe(
      'Only a physician may write to customers about their results (the qualification “Physician” on the user).',
    );
    expect(await t.db.$count(mailings)).toBe(before);
  });

  it('filters by reports only for those who read reports: the reception gets 403 and nothing is sent', async () => {
    const reception = await t.authAs(demo.reception);
    const asReception = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/admin/email/recipients?${query}`, headers: reception });
    expect((await asReception('language=cs')).statusCode).toBe(200);
    for (const query of ['reportStatus=2', 'hasPublishedReport=true', 'categoryId=1']) {
      const refused = await asReception(query);
      expect(refused.statusCode, query).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
    }
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(mailings))[0]!.n;
    const sent = await send(
      { Filter: { reportStatus: 2 }, Subject: 'Pozvánka', Body: '<p>Dobrý den</p>' },
      { ...reception, 'accept-language': 'en' },
    );
    expect(sent.statusCode).toBe(403);
    expect(sent.json().error.message).toBe('You do not have permission for this action.');
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(mailings))[0]!.n).toBe(before);
    // Whoever reads reports (the admin) filters by them.
    expect((await recipients('reportStatus=2')).count).toBeGreaterThanOrEqual(0);
  });

  it('is for Barcodes.View (SPEC §2)', async () => {
    const doctor = await t.authAs(demo.doctor);
    expect((await send({ To: 'a@example.test', Subject: 'x', Body: '<p>x</p>' }, doctor)).statusCode).toBe(
      403,
    );
  });
});
