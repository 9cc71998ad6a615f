import {
  type CorrectQuestionnaireSectionRequest,
  checkSectionAnswers,
  isAnswered,
  isUnderage,
  type Page,
  type Questionnaire,
  type QuestionnaireListQuery,
  type QuestionnaireSummary,
  questionnaireSectionKeys,
  sectionAnswered,
} from '@genodesk/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { type Database, type Executor, transaction } from '../../db/client.js';
import { likePattern, listPage, orderBy, pageLimit, pageStart } from '../../db/listing.js';
import { customers, questionnaires } from '../../db/schema/index.js';
import { AppError, type FieldMessage, notFound } from '../../http/errors.js';
import { audit, type FieldChange } from '../audit/audit.js';
import { customerMatches } from './customer-search.js';
import { customerNameOrder } from './full-name.js';

const Q = questionnaires;

const summaryColumns = {
  id: Q.id,
  customerId: Q.customerId,
  name: customers.name,
  surname: customers.surname,
  email: customers.email,
  dateOfBirth: customers.dateOfBirth,
  gender: customers.gender,
  answers: Q.answers,
  filledAt: Q.filledAt,
  updatedAt: Q.updatedAt,
};

type Row = {
  id: number;
  customerId: number;
  name: string;
  surname: string;
  email: string;
  dateOfBirth: string | null;
  gender: number;
  answers: Record<string, Record<string, string | number | boolean | null>>;
  filledAt: Date | null;
  updatedAt: Date;
};

const toSummary = (row: Row): QuestionnaireSummary => ({
  id: row.id,
  customerId: row.customerId,
  customerFullName: `${row.name} ${row.surname}`,
  customerEmail: row.email,
  sectionsFilled: questionnaireSectionKeys.filter((key) => sectionAnswered(row.answers[key] ?? {})).length,
  filledAt: row.filledAt?.toISOString() ?? null,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listQuestionnaires(
  db: Executor,
  query: QuestionnaireListQuery,
): Promise<Page<QuestionnaireSummary>> {
  const conditions: SQL[] = [];
  if (query.search) conditions.push(customerMatches(likePattern(query.search)));
  if (query.customerId) conditions.push(eq(Q.customerId, query.customerId));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = orderBy(
    query.sort,
    {
      customerFullName: customerNameOrder,
      filledAt: sql`${Q.filledAt}`,
      updatedAt: sql`${Q.updatedAt}`,
    },
    '-updatedAt',
    sql`${Q.id}`,
  );
  const rows = await db
    .select(summaryColumns)
    .from(Q)
    .innerJoin(customers, eq(customers.id, Q.customerId))
    .where(where)
    .orderBy(order)
    .limit(pageLimit(query))
    .offset(pageStart(query));
  const matches = db
    .select({ one: sql`1` })
    .from(Q)
    .innerJoin(customers, eq(customers.id, Q.customerId))
    .where(where);
  return listPage(db, query, rows.map(toSummary), matches);
}

export async function getQuestionnaire(db: Executor, id: number): Promise<Questionnaire> {
  const [row] = await db
    .select(summaryColumns)
    .from(Q)
    .innerJoin(customers, eq(customers.id, Q.customerId))
    .where(eq(Q.id, id));
  if (!row) throw notFound();
  return {
    ...toSummary(row),
    customerUnderage: isUnderage(row.dateOfBirth),
    customerGender: row.gender,
    sections: questionnaireSectionKeys.map((section) => ({ section, answers: row.answers[section] ?? {} })),
  };
}

/**
 * Staff correct one section: its answers, checked against the section's questions, replace the
 * section's; null or an empty text clears an answer. Each changed answer is audited as
 * `<section>.<question>`.
 */
export async function correctSection(db: Database, by: Principal, input: CorrectQuestionnaireSectionRequest) {
  await transaction(db, async (tx) => {
    const [before] = await tx
      .select({ id: Q.id, answers: Q.answers, gender: customers.gender })
      .from(Q)
      .innerJoin(customers, eq(customers.id, Q.customerId))
      .where(eq(Q.id, input.QuestionnaireId))
      .for('update', { of: Q });
    if (!before) throw notFound();
    const checked = checkSectionAnswers(input.Section, input.Answers, before.gender);
    if (!checked.ok) {
      const fields: Record<string, FieldMessage> = Object.fromEntries(
        Object.entries(checked.errors).map(([key, message]) => [`Answers.${key}`, message]),
      );
      const first = Object.values(checked.errors)[0];
      throw new AppError(400, 'VALIDATION', first?.key ?? 'invalidAnswer', fields, first?.params);
    }
    const section = Object.fromEntries(
      Object.entries(checked.value).filter(([, value]) => isAnswered(value)),
    );
    const old = before.answers[input.Section] ?? {};
    const now = new Date();
    await tx
      .update(Q)
      .set({ answers: { ...before.answers, [input.Section]: section }, updatedAt: now })
      .where(eq(Q.id, input.QuestionnaireId));
    const keys = [...new Set([...Object.keys(old), ...Object.keys(section)])];
    const changes: FieldChange[] = keys.map((key) => ({
      field: `${input.Section}.${key}`,
      oldValue: old[key] ?? null,
      newValue: section[key] ?? null,
    }));
    await audit(tx, { entity: 'questionnaire', entityId: before.id, changedBy: by.id, changes });
  });
  return getQuestionnaire(db, input.QuestionnaireId);
}
