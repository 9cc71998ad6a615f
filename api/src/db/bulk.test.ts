import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/test-app.js';
import { insertMany } from './bulk.js';
import { outboxMessages } from './schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

it('inserts every value as given (quotes, braces, backslashes, nulls, json, unicode), ids in the rows order', async () => {
  const awkward = ['Dvojité "uvozovky", {závorky} a \\ zpětné lomítko', 'NULL', '', 'Řeřicha 🌱\nnový řádek'];
  const rows = awkward.map((subject, i) => ({
    channel: 'email',
    recipient: `hromadne${i}@example.cz`,
    subject,
    bodyText: `Text ${i}`,
    bodyHtml: i % 2 ? null : `<p>${subject}</p>`,
    attachments:
      i === 0 ? [{ filename: 'zprava "1".pdf', contentType: 'application/pdf', content: 'JVBERi0=' }] : null,
    kind: 'bulkTest',
  }));
  const ids = await insertMany(t.db, outboxMessages, rows, 'id');
  expect(ids).toHaveLength(rows.length);
  expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  const stored = await t.db
    .select()
    .from(outboxMessages)
    .where(inArray(outboxMessages.id, ids))
    .orderBy(asc(outboxMessages.id));
  expect(stored.map((row) => [row.recipient, row.subject, row.bodyHtml, row.attachments])).toEqual(
    rows.map((row) => [row.recipient, row.subject, row.bodyHtml, row.attachments]),
  );
  // Columns the rows leave out take their defaults.
  expect(stored.every((row) => row.status === 'pending' && row.attempts === 0 && row.messageKey)).toBe(true);
});

it('inserts more rows than one statement carries, all of them, in order', async () => {
  const rows = Array.from({ length: 12_345 }, (_, i) => ({
    channel: 'email',
    recipient: `mnoho${i}@example.cz`,
    bodyText: `Zpráva ${i}`,
    kind: 'bulkTestMany',
  }));
  const ids = await insertMany(t.db, outboxMessages, rows, 'id');
  const stored = await t.db
    .select({ id: outboxMessages.id, recipient: outboxMessages.recipient })
    .from(outboxMessages)
    .where(inArray(outboxMessages.kind, ['bulkTestMany']))
    .orderBy(asc(outboxMessages.id));
  expect(stored.map((row) => row.id)).toEqual(ids);
  expect(stored.map((row) => row.recipient)).toEqual(rows.map((row) => row.recipient));
});

it('inserts nothing for no rows', async () => {
  expect(await insertMany(t.db, outboxMessages, [], 'id')).toEqual([]);
});
