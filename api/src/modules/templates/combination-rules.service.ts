import {
  type CombinationRule,
  type CombinationRuleRequest,
  describeGenotypeCombinations,
  type EditCombinationRuleRequest,
  type ListQuery,
  type Page,
} from '@genodesk/contract';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { type Database, type Executor, transaction } from '../../db/client.js';
import { alphabetical, likePattern, listPage, orderBy, pageLimit, pageStart } from '../../db/listing.js';
import {
  type CombinationCondition,
  combinationRules,
  geneCombinations,
  templateGenotypeCombinations,
  templates,
} from '../../db/schema/index.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import { audit } from '../audit/audit.js';
import { uniqueViolation } from './catalogue.js';
import { loadMarkerNotations } from './marker-notation.js';
import { notationIssues, notationParams } from './notation-check.js';
import { sanitizeRichText } from './rich-text.js';

type RuleRow = typeof combinationRules.$inferSelect;

const asValue = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);

/** The rules with their conditions named: phenotypes and templates (with their genotypes) in two queries. */
async function withConditions(db: Executor, rows: RuleRow[]): Promise<CombinationRule[]> {
  const combinationIds = [...new Set(rows.flatMap((row) => row.conditions.map((c) => c.geneCombinationId)))];
  const templateIds = [...new Set(rows.flatMap((row) => row.conditions.flatMap((c) => c.templateIds)))];
  const phenotypes = combinationIds.length
    ? await db
        .select({
          id: geneCombinations.id,
          phenotype: geneCombinations.phenotype,
          phenotypeEn: geneCombinations.phenotypeEn,
        })
        .from(geneCombinations)
        .where(inArray(geneCombinations.id, combinationIds))
    : [];
  const templateRows = templateIds.length
    ? await db
        .select({
          id: templates.id,
          risk: templates.risk,
          genotypes: sql<Record<string, string>[]>`coalesce(
            (select json_agg(g.genotypes order by g.position) from template_genotype_combinations g
              where g.template_id = "templates"."id"), '[]'::json)`,
        })
        .from(templates)
        .where(inArray(templates.id, templateIds))
    : [];
  const phenotypeById = new Map(phenotypes.map((p) => [p.id, p]));
  const templateById = new Map(
    templateRows.map((t) => [
      t.id,
      {
        id: t.id,
        risk: t.risk,
        genotypes: describeGenotypeCombinations(t.genotypes),
      },
    ]),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    nameEn: row.nameEn,
    risk: row.risk,
    clinicalWeight: row.clinicalWeight,
    text: row.text,
    textEn: row.textEn,
    conditions: row.conditions.map((condition) => ({
      geneCombinationId: condition.geneCombinationId,
      phenotype: phenotypeById.get(condition.geneCombinationId)?.phenotype ?? '—',
      phenotypeEn: phenotypeById.get(condition.geneCombinationId)?.phenotypeEn ?? '',
      // A template deleted since drops out of the rule.
      templates: condition.templateIds.flatMap((id) => templateById.get(id) ?? []),
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** `GET admin/combinationrules`: paged, searched (name in either language) and sorted in SQL. */
export async function listCombinationRules(db: Executor, query: ListQuery): Promise<Page<CombinationRule>> {
  const where: SQL | undefined = query.search
    ? sql`lower(${combinationRules.name} || ' ' || ${combinationRules.nameEn}) like ${likePattern(query.search)}`
    : undefined;
  const rows = await db
    .select()
    .from(combinationRules)
    .where(where)
    .orderBy(
      orderBy(
        query.sort,
        {
          name: alphabetical(combinationRules.name),
          risk: sql`${combinationRules.risk}`,
          createdAt: sql`${combinationRules.createdAt}`,
        },
        'name',
        sql`${combinationRules.id}`,
      ),
    )
    .limit(pageLimit(query))
    .offset(pageStart(query));
  const matches = db.select({ one: sql`1` }).from(combinationRules).where(where);
  return listPage(db, query, await withConditions(db, rows), matches);
}

export async function getCombinationRule(db: Executor, id: number): Promise<CombinationRule> {
  const rows = await db.select().from(combinationRules).where(eq(combinationRules.id, id));
  const [rule] = await withConditions(db, rows);
  if (!rule) throw notFound();
  return rule;
}

type RuleFields = Omit<CombinationRuleRequest, 'ClinicalWeight'> & { ClinicalWeight?: number };

/**
 * Each condition's templates must belong to its gene combination (422 naming the template) and write
 * the genotypes of mapped genes on the marker map's plus strand (422 `combinationTemplateNotInNotation`:
 * a template saved before the map knew its gene must be corrected before a rule names it).
 */
async function checkedConditions(db: Executor, input: RuleFields): Promise<CombinationCondition[]> {
  const ids = input.Conditions.flatMap((c) => c.TemplateIds);
  const rows = await db
    .select({ id: templates.id, geneCombinationId: templates.geneCombinationId })
    .from(templates)
    .where(inArray(templates.id, ids));
  const owner = new Map(rows.map((row) => [row.id, row.geneCombinationId]));
  input.Conditions.forEach((condition, index) => {
    for (const id of condition.TemplateIds) {
      if (!owner.has(id)) throw unprocessable('notFound', `Conditions.${index}.TemplateIds`);
      if (owner.get(id) !== condition.GeneCombinationId)
        throw unprocessable('templateOfAnotherPhenotype', `Conditions.${index}.TemplateIds`);
    }
  });
  await ensureConditionsInNotation(db, input);
  return input.Conditions.map((c) => ({
    geneCombinationId: c.GeneCombinationId,
    templateIds: [...new Set(c.TemplateIds)].sort((a, b) => a - b),
  }));
}

/** The named templates' genotypes against the marker map: the rows and the markers in one query each. */
async function ensureConditionsInNotation(db: Executor, input: RuleFields) {
  const ids = [...new Set(input.Conditions.flatMap((c) => c.TemplateIds))];
  const rows = await db
    .select({
      templateId: templateGenotypeCombinations.templateId,
      genotypes: templateGenotypeCombinations.genotypes,
    })
    .from(templateGenotypeCombinations)
    .where(inArray(templateGenotypeCombinations.templateId, ids))
    .orderBy(templateGenotypeCombinations.templateId, templateGenotypeCombinations.position);
  const notations = await loadMarkerNotations(
    db,
    rows.flatMap((row) => Object.keys(row.genotypes)),
  );
  if (notations.size === 0) return;
  input.Conditions.forEach((condition, index) => {
    for (const id of condition.TemplateIds) {
      const mine = rows.filter((row) => row.templateId === id).map((row) => row.genotypes);
      const [issue] = notationIssues(notations, mine);
      if (issue)
        throw unprocessable('combinationTemplateNotInNotation', `Conditions.${index}.TemplateIds`, {
          template: id,
          ...notationParams(issue),
        });
    }
  });
}

const nameTaken = (error: unknown) => {
  if (uniqueViolation(error)?.constraint === 'combination_rules_name_key')
    return conflict('combinationRuleNameTaken', 'Name');
  return error;
};

const values = (input: RuleFields, conditions: CombinationCondition[], publicUrl: string | undefined) => ({
  name: input.Name,
  nameEn: input.NameEn,
  risk: input.Risk,
  // An edit without a weight keeps the rule's (the create schema defaults it).
  ...(input.ClinicalWeight === undefined ? {} : { clinicalWeight: input.ClinicalWeight }),
  text: sanitizeRichText(input.Text, 'Text', { publicUrl }),
  textEn: sanitizeRichText(input.TextEn, 'TextEn', { publicUrl }),
  conditions,
});

/**
 * `PUT admin/combinationrules`: a new rule; it takes effect in reports at their next generation or
 * reanalysis. Audited.
 */
export async function createCombinationRule(
  db: Database,
  by: Principal,
  input: CombinationRuleRequest,
  publicUrl: string | undefined,
) {
  const id = await transaction(db, async (tx) => {
    const conditions = await checkedConditions(tx, input);
    const [row] = await tx
      .insert(combinationRules)
      .values({ ...values(input, conditions, publicUrl), createdBy: by.id, updatedBy: by.id })
      .returning({ id: combinationRules.id })
      .catch((error) => {
        throw nameTaken(error);
      });
    if (!row) throw new Error('rule insert returned nothing');
    await audit(tx, {
      entity: 'combinationRule',
      entityId: row.id,
      changedBy: by.id,
      changes: [{ field: 'created', oldValue: null, newValue: input.Name }],
    });
    return row.id;
  });
  return getCombinationRule(db, id);
}

/** `PATCH admin/combinationrules`: changes the rule; every changed field audited. */
export async function editCombinationRule(
  db: Database,
  by: Principal,
  input: EditCombinationRuleRequest,
  publicUrl: string | undefined,
) {
  await transaction(db, async (tx) => {
    const [before] = await tx
      .select()
      .from(combinationRules)
      .where(eq(combinationRules.id, input.Id))
      .for('update');
    if (!before) throw notFound();
    const conditions = await checkedConditions(tx, input);
    const after = values(input, conditions, publicUrl);
    await tx
      .update(combinationRules)
      .set({ ...after, updatedBy: by.id, updatedAt: new Date() })
      .where(eq(combinationRules.id, input.Id))
      .catch((error) => {
        throw nameTaken(error);
      });
    const fields = Object.keys(after) as (keyof typeof after)[];
    await audit(tx, {
      entity: 'combinationRule',
      entityId: input.Id,
      changedBy: by.id,
      changes: fields
        .map((field) => ({
          field,
          oldValue: asValue(before[field]),
          newValue: asValue(after[field]),
        }))
        .filter((change) => change.oldValue !== change.newValue),
    });
  });
  return getCombinationRule(db, input.Id);
}

/** `DELETE admin/combinationrules ?Id`: reports keep the finding until their next reanalysis. */
export async function deleteCombinationRule(db: Database, by: Principal, id: number) {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .delete(combinationRules)
      .where(eq(combinationRules.id, id))
      .returning({ id: combinationRules.id, name: combinationRules.name });
    if (!row) throw notFound();
    await audit(tx, {
      entity: 'combinationRule',
      entityId: id,
      changedBy: by.id,
      changes: [{ field: 'deleted', oldValue: row.name, newValue: null }],
    });
    return { id };
  });
}
