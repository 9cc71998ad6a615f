import { questionnaireSections } from '@genodesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { auditLog, customers, questionnaires } from '../../db/schema/index.js';

let t: TestApp;
let admin: Record<string, string>;
let questionnaireId: number;

beforeAll(async () => {
  t = await testApp();
  admin = await t.authAs(demo.admin);
  const [customer] = await t.db
    .insert(customers)
    .values({ name: 'Dana', surname: 'Dotazníková', email: 'dana.q@example.cz', registrationSource: 1 })
    .returning();
  const [row] = await t.db
    .insert(questionnaires)
    .values({
      customerId: customer!.id,
      answers: {
        cardiovascular: { hypertension: true, thrombosis: false },
        personalInformation: { height: 170 },
      },
      filledAt: new Date(),
    })
    .returning();
  questionnaireId = row!.id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PATCH', url: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url, payload, headers });

describe('questionnaires', () => {
  it('defines 12 sections, each with questions', () => {
    expect(questionnaireSections).toHaveLength(12);
    for (const section of questionnaireSections) expect(section.questions.length).toBeGreaterThan(0);
  });

  it('lists and shows a questionnaire with all sections', async () => {
    const list = (await call('GET', '/api/admin/questionnaires?search=dotazník')).json();
    expect(list.items).toEqual([
      expect.objectContaining({
        id: questionnaireId,
        customerFullName: 'Dana Dotazníková',
        sectionsFilled: 2,
      }),
    ]);
    const one = (await call('GET', `/api/admin/questionnaires/questionnaire?Id=${questionnaireId}`)).json();
    expect(one.sections).toHaveLength(12);
    expect(one.sections.find((s: { section: string }) => s.section === 'cardiovascular').answers).toEqual({
      hypertension: true,
      thrombosis: false,
    });
    expect((await call('GET', '/api/admin/questionnaires/questionnaire?Id=999999')).statusCode).toBe(404);
  });

  it('corrects one section, validated against its questions, and audits each change', async () => {
    const response = await call('PATCH', '/api/admin/questionnaires/section', {
      QuestionnaireId: questionnaireId,
      Section: 'cardiovascular',
      Answers: { hypertension: false, thrombosis: false, highCholesterol: true },
    });
    expect(response.statusCode).toBe(200);
    const section = response.json().sections.find((s: { section: string }) => s.section === 'cardiovascular');
    expect(section.answers).toEqual({ hypertension: false, thrombosis: false, highCholesterol: true });
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'questionnaire'), eq(auditLog.entityId, questionnaireId)));
    expect(trail.map((r) => [r.field, r.oldValue, r.newValue]).sort()).toEqual([
      ['cardiovascular.highCholesterol', null, 'true'],
      ['cardiovascular.hypertension', 'true', 'false'],
    ]);
    const other = response
      .json()
      .sections.find((s: { section: string }) => s.section === 'personalInformation');
    expect(other.answers).toEqual({ height: 170 });
  });

  it('refuses wrong answers with 400 and changes nothing', async () => {
    const cases = [
      [{ hypertension: 'yes' }, 'cardiovascular', 'Answers.hypertension', 'Neplatná odpověď!'],
      [{ nonsense: true }, 'cardiovascular', 'Answers.nonsense', 'Tato otázka v části dotazníku není!'],
      [{ height: 400 }, 'personalInformation', 'Answers.height', 'Odpověď musí být 50 až 250!'],
      [{ smoking: 'sometimes' }, 'personalInformation', 'Answers.smoking', 'Neplatná odpověď!'],
    ] as const;
    for (const [Answers, Section, field, message] of cases) {
      const response = await call('PATCH', '/api/admin/questionnaires/section', {
        QuestionnaireId: questionnaireId,
        Section,
        Answers,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    }
    const unknown = await call('PATCH', '/api/admin/questionnaires/section', {
      QuestionnaireId: questionnaireId,
      Section: 'astrology',
      Answers: {},
    });
    expect(unknown.json().error.fields.Section).toBe('Neznámá část dotazníku!');
    const [row] = await t.db.select().from(questionnaires).where(eq(questionnaires.id, questionnaireId));
    expect(row?.answers.personalInformation).toEqual({ height: 170 });
  });

  it("asks women's sections of women and the prostate of men, and lets answers given before be cleared", async () => {
    const [man] = await t.db
      .insert(customers)
      .values({
        name: 'Petr',
        surname: 'Dotazník',
        email: 'petr.q@example.cz',
        registrationSource: 1,
        gender: 1,
      })
      .returning();
    const [his] = await t.db
      .insert(questionnaires)
      .values({ customerId: man!.id, answers: { pregnancy: { pregnancies: 1 } }, filledAt: new Date() })
      .returning();
    const correct = (Id: number, Section: string, Answers: object) =>
      call('PATCH', '/api/admin/questionnaires/section', { QuestionnaireId: Id, Section, Answers });

    const shown = (await call('GET', `/api/admin/questionnaires/questionnaire?Id=${his!.id}`)).json();
    expect(shown.customerGender).toBe(1);
    const refused = await correct(his!.id, 'gynecology', { menopause: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      'Answers.menopause': 'Tato otázka se na pohlaví zákazníka nevztahuje!',
    });
    expect((await correct(his!.id, 'urology', { prostate: true })).statusCode).toBe(200);
    const cleared = await correct(his!.id, 'pregnancy', { pregnancies: null });
    expect(cleared.statusCode).toBe(200);
    expect(
      cleared.json().sections.find((s: { section: string }) => s.section === 'pregnancy').answers,
    ).toEqual({});

    // Dana (a woman, the default) is asked about pregnancy, not the prostate.
    expect((await correct(questionnaireId, 'pregnancy', { pregnancies: 2 })).statusCode).toBe(200);
    const hers = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/questionnaires/section',
      payload: { QuestionnaireId: questionnaireId, Section: 'urology', Answers: { prostate: false } },
      headers: { ...admin, 'accept-language': 'en' },
    });
    expect(hers.statusCode).toBe(400);
    expect(hers.json().error.fields).toEqual({
      'Answers.prostate': "This question does not apply to the customer's gender!",
    });
  });

  it('reading needs Questionnaires.View; correcting also Customers.Edit', async () => {
    const doctor = await t.authAs(demo.doctor);
    expect((await call('GET', '/api/admin/questionnaires', undefined, doctor)).statusCode).toBe(200);
    const refused = await call(
      'PATCH',
      '/api/admin/questionnaires/section',
      { QuestionnaireId: questionnaireId, Section: 'urology', Answers: {} },
      doctor,
    );
    expect(refused.statusCode).toBe(403);
    const lab = await t.authAs(demo.lab);
    expect((await call('GET', '/api/admin/questionnaires', undefined, lab)).statusCode).toBe(403);
  });
});
