import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../test/test-app.js';
import { customers, questionnaires, reanalysisRuns } from '../db/schema/index.js';

let t: TestApp;
let admin: Record<string, string>;
let questionnaireId: number;

beforeAll(async () => {
  t = await testApp();
  admin = await t.authAs(demo.admin);
  const [customer] = await t.db
    .insert(customers)
    .values({ name: 'Vstup', surname: 'Špatný', email: 'validation@example.test', registrationSource: 1 })
    .returning();
  const [row] = await t.db
    .insert(questionnaires)
    .values({ customerId: customer!.id, answers: { personalInformation: { occupation: 'Zahradnice' } } })
    .returning();
  questionnaireId = row!.id;
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...admin, 'content-type': 'application/json', 'accept-language': 'en' },
    payload,
  });

describe('bad input is refused before it reaches a service', () => {
  it('an id is a number, or a string of one: true, [7] and 1e1 name no record', async () => {
    for (const id of ['true', '[7]', '" 1e1"', 'null', '{}']) {
      const response = await send('POST', '/api/admin/products/reanalyse', `{"ProductId":${id}}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().error.fields, id).toHaveProperty('ProductId');
    }
    expect(await t.db.select().from(reanalysisRuns)).toEqual([]);
    // A query string's number is still read from its text.
    expect((await send('GET', '/api/admin/questionnaires?customerId=1')).statusCode).toBe(200);
    expect((await send('GET', '/api/admin/questionnaires?customerId=1e1')).statusCode).toBe(400);
  });

  it('a lone surrogate, in a value or a key, is 400 for its field and stores nothing', async () => {
    const correct = (answers: string) =>
      send(
        'PATCH',
        '/api/admin/questionnaires/section',
        `{"QuestionnaireId":${questionnaireId},"Section":"personalInformation","Answers":${answers}}`,
      );
    const inValue = await correct('{"occupation":"x\\ud800"}');
    expect(inValue.statusCode).toBe(400);
    expect(inValue.json().error.fields).toEqual({ 'Answers.occupation': 'Invalid value!' });
    expect((await correct('{"x\\udc00":"y"}')).statusCode).toBe(400);
    // A pair is a character like any other.
    expect((await correct('{"occupation":"Zahradnice \\ud83c\\udf31"}')).statusCode).toBe(200);
    const [row] = await t.db.select().from(questionnaires).where(eq(questionnaires.id, questionnaireId));
    expect(row?.answers.personalInformation).toEqual({ occupation: 'Zahradnice 🌱' });
  });

  it('a moment outside the years 1900–2199 is an invalid date, not a database error', async () => {
    const far = await send('GET', '/api/admin/reservations?From=9999-12-25&To=9999-12-31T23:59:59-14:00');
    expect(far.statusCode).toBe(400);
    const early = await send('GET', '/api/admin/reservations?From=0001-01-01T00:00:00%2B14:00&To=0001-01-02');
    expect(early.statusCode).toBe(400);
    const booking = await send(
      'PUT',
      '/api/admin/reservations',
      JSON.stringify({
        ConsultingRoomId: 1,
        ConsultationStart: '9999-12-01T10:00:00Z',
        ConsultationEnd: '9999-12-01T10:30:00Z',
      }),
    );
    expect(booking.statusCode).toBe(400);
  });
});
