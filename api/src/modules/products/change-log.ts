import { describeGenotypeCombinations, type ProductChange } from '@genodesk/contract';
import { type AnyColumn, and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  auditLog,
  geneCombinations,
  type ReportContent,
  templateGenotypeCombinations,
  templates,
  users,
} from '../../db/schema/index.js';

/** The template ids an outcome names: 'risk 2 · template 14 · assessed' names 14. */
const templateIdsIn = (value: string | null): number[] =>
  value === null ? [] : [...value.matchAll(/(?:^|· )template (\d+)(?= ·|$)/g)].map((m) => Number(m[1]));

/**
 * What a reader knows templates by: the genotypes each matches, genes in the phenotype's order (one
 * query for every template of the log; a template deleted since is absent).
 */
async function templateGenotypes(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: templates.id,
      geneCodes: geneCombinations.geneCodes,
      genotypes: templateGenotypeCombinations.genotypes,
    })
    .from(templates)
    .innerJoin(geneCombinations, eq(geneCombinations.id, templates.geneCombinationId))
    .leftJoin(templateGenotypeCombinations, eq(templateGenotypeCombinations.templateId, templates.id))
    .where(inArray(templates.id, [...ids]))
    .orderBy(asc(templates.id), asc(templateGenotypeCombinations.position));
  const combinations = new Map<number, { geneCodes: string[]; rows: Record<string, string>[] }>();
  for (const row of rows) {
    const entry = combinations.get(row.id) ?? { geneCodes: row.geneCodes, rows: [] };
    if (row.genotypes) entry.rows.push(row.genotypes);
    combinations.set(row.id, entry);
  }
  return new Map(
    [...combinations].map(([id, { geneCodes, rows: found }]) => {
      // Each combination's genes in the order the phenotype lists them, whatever order jsonb keeps.
      const ordered = found.map((combination) => {
        const byCode = new Map(Object.entries(combination).map(([code, g]) => [code.toLowerCase(), g]));
        return Object.fromEntries(geneCodes.map((code) => [code, byCode.get(code.toLowerCase()) ?? '?']));
      });
      return [id, describeGenotypeCombinations(ordered)];
    }),
  );
}

/** A phenotype of the report by its (Czech) name, as its change-log rows name it: English name and category. */
function phenotypesOf(content: ReportContent) {
  const found = new Map<string, NonNullable<ProductChange['phenotype']>>();
  for (const category of content.categories ?? [])
    for (const subcategory of category.subcategories)
      for (const phenotype of subcategory.phenotypes)
        found.set(phenotype.phenotype, {
          nameEn: phenotype.phenotypeEn,
          category: category.name,
          categoryEn: category.nameEn,
        });
  return found;
}

/**
 * The report's change log, newest first, each row with the names its ids and phenotype stand for:
 * the templates its outcomes name (in one query for the whole log) and the phenotype's category.
 */
export async function productChangeLog(
  db: Executor,
  productId: number,
  content: ReportContent,
): Promise<ProductChange[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      field: auditLog.field,
      oldValue: auditLog.oldValue,
      newValue: auditLog.newValue,
      changedAt: auditLog.changedAt,
      userId: users.id,
      userName: users.userName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.changedBy))
    .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, productId)))
    .orderBy(desc(auditLog.changedAt), desc(auditLog.id));
  return changeLogOf(db, rows, content);
}

/** A change-log row as `changeLogEntries` gives it (JSON: the time as PostgreSQL's text). */
export type ChangeLogEntry = {
  id: number;
  field: string;
  oldValue: string | null;
  newValue: string | null;
  changedAt: Date | string;
  userId: number | null;
  userName: string | null;
};

/**
 * A report's change-log rows, newest first, as a JSON array in the report's own query (issue 38: one
 * statement for the report screen); `changeLogOf` reads them.
 */
export const changeLogEntries = (productId: AnyColumn) => sql<ChangeLogEntry[]>`coalesce((
  select json_agg(json_build_object('id', a.id, 'field', a.field, 'oldValue', a.old_value,
    'newValue', a.new_value, 'changedAt', a.changed_at, 'userId', u.id, 'userName', u.user_name)
    order by a.changed_at desc, a.id desc)
  from ${auditLog} a left join ${users} u on u.id = a.changed_by
  where a.entity = 'product' and a.entity_id = ${productId}), '[]')`;

/** The change log from its rows: the templates they name are read only when some do. */
export async function changeLogOf(
  db: Executor,
  rows: ChangeLogEntry[],
  content: ReportContent,
): Promise<ProductChange[]> {
  const idsOf = (entry: ChangeLogEntry) => [
    ...new Set([...templateIdsIn(entry.oldValue), ...templateIdsIn(entry.newValue)]),
  ];
  const genotypes = await templateGenotypes(db, [...new Set(rows.flatMap(idsOf))]);
  const phenotypes = phenotypesOf(content);
  return rows.map((entry) => {
    const phenotype = /^(?:phenotype|withheld):\s*(.*)$/.exec(entry.field)?.[1];
    return {
      id: entry.id,
      changedAt: new Date(entry.changedAt).toISOString(),
      changedByUser:
        entry.userId !== null && entry.userName !== null
          ? { id: entry.userId, userName: entry.userName }
          : null,
      field: entry.field,
      oldValue: entry.oldValue,
      newValue: entry.newValue,
      templates: idsOf(entry).map((id) => ({ id, genotypes: genotypes.get(id) ?? null })),
      phenotype: (phenotype !== undefined && phenotypes.get(phenotype)) || null,
    };
  });
}
