import {
  type CategoryOption,
  ClinicalWeight,
  type CreateTemplateInput,
  type EditTemplateInput,
  type GeneCombinationOption,
  type GenotypeCombination,
  joinGeneCodes,
  type Locale,
  type Page,
  releasedProductStatuses,
  type TemplateDetail,
  type TemplateListQuery,
  type TemplateSummary,
} from '@genodesk/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Principal } from '../../auth/principal.js';
import type { Config } from '../../config.js';
import { type Database, type Executor, type Tx, transaction } from '../../db/client.js';
import { alphabetical, listPage, orderBy, pageLimit, pageStart, pageTotal } from '../../db/listing.js';
import {
  customers,
  geneCombinations,
  products,
  reportDocuments,
  templateCategories,
  templateGenotypeCombinations,
  templates,
  users,
} from '../../db/schema/index.js';
import { notFound, unprocessable } from '../../http/errors.js';
import type { Jobs } from '../../jobs/queue.js';
import { audit, diff } from '../audit/audit.js';
import { validDnaConsentExists } from '../customers/dna-consent.js';
import { queueTemplateEmailToCustomers } from '../messaging/outbox.js';
import { requirePhysician } from '../users/qualification.js';
import {
  asGenesTaken,
  asGenotypesTaken,
  category,
  describeRows,
  ensureGenesFree,
  ensureGenotypesFree,
  findOrCreateCategory,
  geneCodesOrFail,
  genotypeRows,
  genotypeRowsOrFail,
  localName,
  phenotypeListConditions,
  refOf,
  subcategory,
  subcategoryOrFail,
  topCategoryOrFail,
} from './catalogue.js';
import { genotypesInNotationOrFail } from './notation-check.js';
import { sanitizeRichText } from './rich-text.js';

type TemplatesDeps = { db: Database; jobs: Jobs; config: Pick<Config, 'publicUrl'> };

const summaryColumns = {
  id: templates.id,
  categoryId: category.id,
  categoryName: category.name,
  categoryNameEn: category.nameEn,
  subCategoryId: subcategory.id,
  subCategoryName: subcategory.name,
  subCategoryNameEn: subcategory.nameEn,
  geneCombinationId: geneCombinations.id,
  phenotype: geneCombinations.phenotype,
  phenotypeEn: geneCombinations.phenotypeEn,
  geneCodes: geneCombinations.geneCodes,
  gender: geneCombinations.gender,
  clinicalWeight: geneCombinations.clinicalWeight,
  risk: templates.risk,
  requiresConsultation: templates.requiresConsultation,
  genotypeCombinations: genotypeRows,
  customerCount: templates.customerCount,
  createdAt: templates.createdAt,
  updatedAt: templates.updatedAt,
};

type SummaryRow = {
  id: number;
  categoryId: number;
  categoryName: string;
  categoryNameEn: string;
  subCategoryId: number;
  subCategoryName: string;
  subCategoryNameEn: string;
  geneCombinationId: number;
  phenotype: string;
  phenotypeEn: string;
  geneCodes: string[];
  gender: number;
  clinicalWeight: number;
  risk: number;
  requiresConsultation: boolean;
  genotypeCombinations: GenotypeCombination[];
  customerCount: number;
  createdAt: Date;
  updatedAt: Date;
};

const toSummary = (row: SummaryRow): TemplateSummary => ({
  id: row.id,
  category: refOf(row.categoryId, row.categoryName, row.categoryNameEn),
  subCategory: refOf(row.subCategoryId, row.subCategoryName, row.subCategoryNameEn),
  geneCombinationId: row.geneCombinationId,
  phenotype: row.phenotype,
  phenotypeEn: row.phenotypeEn,
  combinationGeneCode: joinGeneCodes(row.geneCodes),
  geneCodes: row.geneCodes,
  gender: row.gender,
  risk: row.risk,
  requiresConsultation: row.requiresConsultation,
  genotypeCombinations: row.genotypeCombinations,
  customerCount: row.customerCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Templates joined to their gene combination, subcategory and category. */
const joinCatalogue = <T extends PgSelect>(query: T) =>
  query
    .innerJoin(geneCombinations, eq(geneCombinations.id, templates.geneCombinationId))
    .innerJoin(subcategory, eq(subcategory.id, geneCombinations.subcategoryId))
    .innerJoin(category, eq(category.id, subcategory.parentId));

export async function listTemplates(
  db: Executor,
  query: TemplateListQuery,
  locale: Locale,
): Promise<Page<TemplateSummary>> {
  const conditions = phenotypeListConditions(query);
  if (query.geneCombinationId) conditions.push(eq(templates.geneCombinationId, query.geneCombinationId));
  if (query.risk) conditions.push(eq(templates.risk, query.risk));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = orderBy(
    query.sort,
    {
      id: sql`${templates.id}`,
      category: localName(category, locale),
      subCategory: localName(subcategory, locale),
      phenotype:
        locale === 'en'
          ? alphabetical(
              sql`coalesce(nullif(${geneCombinations.phenotypeEn}, ''), ${geneCombinations.phenotype})`,
              'en',
            )
          : alphabetical(geneCombinations.phenotype),
      risk: sql`${templates.risk}`,
      gender: sql`${geneCombinations.gender}`,
      customerCount: sql`${templates.customerCount}`,
      createdAt: sql`${templates.createdAt}`,
      updatedAt: sql`${templates.updatedAt}`,
    },
    'phenotype',
    sql`${templates.id}`,
  );
  const matches = joinCatalogue(db.select({ one: sql`1` }).from(templates).$dynamic()).where(where);
  const rows = await joinCatalogue(
    db
      .select({ ...summaryColumns, total: pageTotal(query, matches) })
      .from(templates)
      .$dynamic(),
  )
    .where(where)
    .orderBy(order)
    .limit(pageLimit(query))
    .offset(pageStart(query));
  return listPage(db, query, rows.map(toSummary), matches, { counted: rows[0]?.total });
}

export async function getTemplate(db: Executor, id: number): Promise<TemplateDetail> {
  const creator = alias(users, 'creator');
  const updater = alias(users, 'updater');
  const [row] = await db
    .select({
      ...summaryColumns,
      templateText: templates.templateText,
      templateEnText: templates.templateEnText,
      note: templates.note,
      defaultTemplateRisk: geneCombinations.defaultTemplateRisk,
      createdById: creator.id,
      createdByName: creator.userName,
      updatedById: updater.id,
      updatedByName: updater.userName,
    })
    .from(templates)
    .innerJoin(geneCombinations, eq(geneCombinations.id, templates.geneCombinationId))
    .innerJoin(subcategory, eq(subcategory.id, geneCombinations.subcategoryId))
    .innerJoin(category, eq(category.id, subcategory.parentId))
    .leftJoin(creator, eq(creator.id, templates.createdBy))
    .leftJoin(updater, eq(updater.id, templates.updatedBy))
    .where(eq(templates.id, id));
  if (!row) throw notFound();
  const summary = toSummary(row);
  return {
    ...summary,
    templateText: row.templateText,
    templateEnText: row.templateEnText,
    note: row.note,
    defaultTemplateRisk: row.defaultTemplateRisk,
    geneCombination: {
      id: row.geneCombinationId,
      combinationGeneCode: summary.combinationGeneCode,
      geneCodes: row.geneCodes,
      phenotype: row.phenotype,
      phenotypeEn: row.phenotypeEn,
      gender: row.gender,
      clinicalWeight: row.clinicalWeight,
      subCategoryId: row.subCategoryId,
      defaultTemplateRisk: row.defaultTemplateRisk,
    },
    createdBy: row.createdById ? { id: row.createdById, userName: row.createdByName ?? '' } : null,
    updatedBy: row.updatedById ? { id: row.updatedById, userName: row.updatedByName ?? '' } : null,
  };
}

// The wizard's pick lists

const optionColumns = {
  id: templateCategories.id,
  name: templateCategories.name,
  nameEn: templateCategories.nameEn,
  parentId: templateCategories.parentId,
};

/** The categories (top level), by name. */
export function listCategoryOptions(db: Executor): Promise<CategoryOption[]> {
  return db
    .select(optionColumns)
    .from(templateCategories)
    .where(isNull(templateCategories.parentId))
    .orderBy(alphabetical(templateCategories.name), asc(templateCategories.id));
}

async function categoryById(db: Executor, id: number) {
  const [row] = await db.select().from(templateCategories).where(eq(templateCategories.id, id));
  if (!row) throw notFound();
  return row;
}

/** The subcategories of a category, by name; 404 for an unknown category (or a subcategory). */
export async function listSubcategoryOptions(db: Executor, categoryId: number): Promise<CategoryOption[]> {
  const parent = await categoryById(db, categoryId);
  if (parent.parentId) throw notFound();
  return db
    .select(optionColumns)
    .from(templateCategories)
    .where(eq(templateCategories.parentId, categoryId))
    .orderBy(alphabetical(templateCategories.name), asc(templateCategories.id));
}

/** The gene combinations of a subcategory, or of all subcategories of a category; 404 when unknown. */
export async function listGeneCombinationOptions(
  db: Executor,
  categoryId: number,
): Promise<GeneCombinationOption[]> {
  const parent = await categoryById(db, categoryId);
  const rows = await db
    .select({
      id: geneCombinations.id,
      geneCodes: geneCombinations.geneCodes,
      phenotype: geneCombinations.phenotype,
      phenotypeEn: geneCombinations.phenotypeEn,
      gender: geneCombinations.gender,
      clinicalWeight: geneCombinations.clinicalWeight,
      subCategoryId: geneCombinations.subcategoryId,
    })
    .from(geneCombinations)
    .innerJoin(subcategory, eq(subcategory.id, geneCombinations.subcategoryId))
    .where(parent.parentId ? eq(subcategory.id, categoryId) : eq(subcategory.parentId, categoryId))
    .orderBy(alphabetical(geneCombinations.phenotype), asc(geneCombinations.id));
  return rows.map((row) => ({ ...row, combinationGeneCode: joinGeneCodes(row.geneCodes) }));
}

// Writes

async function insertGenotypeRows(
  tx: Tx,
  templateId: number,
  geneCombinationId: number,
  rows: GenotypeCombination[],
  keys: string[],
) {
  await tx
    .insert(templateGenotypeCombinations)
    .values(
      rows.map((genotypes, position) => ({
        templateId,
        geneCombinationId,
        position,
        genotypes,
        genotypeKey: keys[position] ?? '',
      })),
    )
    .catch(asGenotypesTaken(keys));
}

/** The gene combination a new template belongs to: an existing one, or a new one with its categories. */
async function resolveGeneCombination(tx: Tx, by: Principal, input: CreateTemplateInput) {
  if (input.geneCombinationId) {
    const [existing] = await tx
      .select({
        id: geneCombinations.id,
        geneCodes: geneCombinations.geneCodes,
        subcategoryId: geneCombinations.subcategoryId,
        categoryId: subcategory.parentId,
      })
      .from(geneCombinations)
      .innerJoin(subcategory, eq(subcategory.id, geneCombinations.subcategoryId))
      .where(eq(geneCombinations.id, input.geneCombinationId));
    if (!existing) throw unprocessable('invalidValue', 'geneCombinationId');
    // The ids sent along must agree with where the gene combination is.
    if (input.subCategoryId && input.subCategoryId !== existing.subcategoryId)
      throw unprocessable('invalidValue', 'subCategoryId');
    if (input.categoryId && input.categoryId !== existing.categoryId)
      throw unprocessable('invalidValue', 'categoryId');
    return existing;
  }

  const genes = geneCodesOrFail(input.geneCombination ?? '', 'geneCombination');
  await ensureGenesFree(tx, genes.key, 'geneCombination');
  let subcategoryId: number;
  if (input.subCategoryId) {
    subcategoryId = (await subcategoryOrFail(tx, input.subCategoryId, 'subCategoryId', input.categoryId)).id;
  } else {
    let categoryId: number;
    if (input.categoryId) {
      categoryId = (await topCategoryOrFail(tx, input.categoryId, 'categoryId')).id;
    } else {
      const made = await findOrCreateCategory(tx, input.category ?? '', null, input.categoryEn);
      categoryId = made.row.id;
      if (made.created) await auditCreated(tx, 'templateCategory', categoryId, by, made.row.name);
    }
    const made = await findOrCreateCategory(tx, input.subCategory ?? '', categoryId, input.subCategoryEn);
    subcategoryId = made.row.id;
    if (made.created) await auditCreated(tx, 'templateCategory', subcategoryId, by, made.row.name);
  }
  const [created] = await tx
    .insert(geneCombinations)
    .values({
      subcategoryId,
      geneCodes: genes.codes,
      geneKey: genes.key,
      phenotype: input.phenotype ?? '',
      phenotypeEn: input.phenotypeEn || input.phenotype || '',
      gender: input.gender ?? 3,
      clinicalWeight: input.clinicalWeight ?? ClinicalWeight.HealthRisk,
    })
    .returning({ id: geneCombinations.id, geneCodes: geneCombinations.geneCodes })
    .catch(asGenesTaken('geneCombination'));
  if (!created) throw new Error('gene combination insert returned nothing');
  await auditCreated(tx, 'geneCombination', created.id, by, joinGeneCodes(genes.codes));
  return { ...created, subcategoryId };
}

const auditCreated = (tx: Tx, entity: string, entityId: number, by: Principal, value: string) =>
  audit(tx, {
    entity,
    entityId,
    changedBy: by.id,
    changes: [{ field: 'created', oldValue: null, newValue: value }],
  });

/**
 * Creates a template, with its category, subcategory and gene combination when new names are given,
 * all in one transaction: any refusal leaves nothing behind. A genotype of a gene the marker map knows
 * must be on the map's plus strand (422 `templateGenotypeNotInNotation`); other genes as written.
 */
export async function createTemplate(
  db: Database,
  by: Principal,
  input: CreateTemplateInput,
  publicUrl: string | undefined,
) {
  const templateText = sanitizeRichText(input.templateText, 'templateText', { required: true, publicUrl });
  const templateEnText = sanitizeRichText(input.templateEnText ?? '', 'templateEnText', { publicUrl });
  const id = await transaction(db, async (tx) => {
    const geneCombination = await resolveGeneCombination(tx, by, input);
    const checked = genotypeRowsOrFail(geneCombination.geneCodes, input.genotypeCombinations);
    const rows = await genotypesInNotationOrFail(tx, geneCombination.geneCodes, checked.rows);
    const { keys } = checked;
    await ensureGenotypesFree(tx, geneCombination.id, keys);
    const [template] = await tx
      .insert(templates)
      .values({
        geneCombinationId: geneCombination.id,
        templateText,
        templateEnText,
        note: input.note?.trim() ?? '',
        risk: input.risk,
        requiresConsultation: input.requiresConsultation ?? false,
        createdBy: by.id,
        updatedBy: by.id,
      })
      .returning({ id: templates.id });
    if (!template) throw new Error('template insert returned nothing');
    await insertGenotypeRows(tx, template.id, geneCombination.id, rows, keys);
    await auditCreated(tx, 'template', template.id, by, describeRows(geneCombination.geneCodes, rows));
    return template.id;
  });
  return getTemplate(db, id);
}

/**
 * E-mails the edit's message, each in their language, to every customer who holds the template's text
 * in a released report: a published (3) or preliminarily published (4) report whose latest issued
 * version tells it. A physician's change since that version (an assessment, a withholding) is not
 * theirs until it is issued, and a report with no issued version has told nobody anything. Only
 * customers who want e-mails and hold a valid consent (the one consent rule) are written to.
 */
async function notifyCustomers(tx: Tx, jobs: Jobs, templateId: number, html: string): Promise<number> {
  const holders = sql`
    select ${products.customerId} from ${reportDocuments} d
    join ${products} on ${products.id} = d.product_id
    join ${customers} c on c.id = ${products.customerId}
    where d.template_ids @> array[${templateId}::bigint]
      and ${inArray(products.status, [...releasedProductStatuses])}
      and c.notify_by_email and ${validDnaConsentExists(sql`c.id`)}
      and d.version = (select max(latest.version) from ${reportDocuments} latest where latest.product_id = d.product_id)`;
  return queueTemplateEmailToCustomers(tx, jobs, holders, 'templateChanged', { notice: html });
}

export async function editTemplate(deps: TemplatesDeps, by: Principal, input: EditTemplateInput) {
  const templateId = input.templateId;
  const { publicUrl } = deps.config;
  const after = {
    ...(input.templateText !== undefined
      ? { templateText: sanitizeRichText(input.templateText, 'templateText', { required: true, publicUrl }) }
      : {}),
    ...(input.templateEnText !== undefined
      ? { templateEnText: sanitizeRichText(input.templateEnText, 'templateEnText', { publicUrl }) }
      : {}),
    ...(input.note !== undefined ? { note: input.note?.trim() ?? '' } : {}),
    ...(input.risk !== undefined ? { risk: input.risk } : {}),
    // Reports generated already keep their phenotypes' flag until reanalysed (like a new risk).
    ...(input.requiresConsultation !== undefined ? { requiresConsultation: input.requiresConsultation } : {}),
  };
  const emailBody = input.emailBody ? sanitizeRichText(input.emailBody, 'emailBody', { publicUrl }) : '';
  // A word to customers about their results is a physician's, whoever may edit the catalogue.
  if (emailBody) await requirePhysician(deps.db, by, 'notifyCustomersPhysicianOnly', 'emailBody');
  const emailsQueued = await transaction(deps.db, async (tx) => {
    const [before] = await tx.select().from(templates).where(eq(templates.id, templateId)).for('update');
    if (!before) throw notFound();
    const changes = diff(before, after, [
      'templateText',
      'templateEnText',
      'note',
      'risk',
      'requiresConsultation',
    ]);
    if (input.genotypeCombinations) {
      const [geneCombination] = await tx
        .select({ geneCodes: geneCombinations.geneCodes })
        .from(geneCombinations)
        .where(eq(geneCombinations.id, before.geneCombinationId));
      const geneCodes = geneCombination?.geneCodes ?? [];
      const checked = genotypeRowsOrFail(geneCodes, input.genotypeCombinations);
      const rows = await genotypesInNotationOrFail(tx, geneCodes, checked.rows);
      const { keys } = checked;
      await ensureGenotypesFree(tx, before.geneCombinationId, keys, templateId);
      const old = await tx
        .select({ genotypes: templateGenotypeCombinations.genotypes })
        .from(templateGenotypeCombinations)
        .where(eq(templateGenotypeCombinations.templateId, templateId))
        .orderBy(asc(templateGenotypeCombinations.position));
      await tx
        .delete(templateGenotypeCombinations)
        .where(eq(templateGenotypeCombinations.templateId, templateId));
      await insertGenotypeRows(tx, templateId, before.geneCombinationId, rows, keys);
      changes.push({
        field: 'genotypeCombinations',
        oldValue: describeRows(
          geneCodes,
          old.map((row) => row.genotypes),
        ),
        newValue: describeRows(geneCodes, rows),
      });
    }
    await tx
      .update(templates)
      .set({ ...after, updatedAt: new Date(), updatedBy: by.id })
      .where(eq(templates.id, templateId));
    await audit(tx, { entity: 'template', entityId: templateId, changedBy: by.id, changes });
    return emailBody ? notifyCustomers(tx, deps.jobs, templateId, emailBody) : 0;
  });
  return { template: await getTemplate(deps.db, templateId), emailsQueued };
}

export async function deleteTemplate(db: Database, by: Principal, id: number) {
  await transaction(db, async (tx) => {
    const [before] = await joinCatalogue(tx.select(summaryColumns).from(templates).$dynamic())
      .where(eq(templates.id, id))
      .for('update', { of: templates });
    if (!before) throw notFound();
    await tx.delete(templates).where(eq(templates.id, id));
    await audit(tx, {
      entity: 'template',
      entityId: id,
      changedBy: by.id,
      changes: [
        {
          field: 'deleted',
          oldValue: `${before.phenotype}: ${describeRows(before.geneCodes, before.genotypeCombinations)}`,
          newValue: null,
        },
      ],
    });
  });
  return { id };
}

/**
 * The checks the create and edit calls make on genotype combinations, for the wizard: against an
 * existing gene combination (or the edited template's, whose own rows don't conflict) or new codes;
 * the rows, then their notation against the marker map (422), then the other templates' rows (409).
 */
export async function validateGenotypeCombinations(
  db: Executor,
  input: {
    geneCombinationId?: number;
    geneCombination?: string;
    templateId?: number;
    genotypeCombinations: GenotypeCombination[];
  },
) {
  let geneCodes: string[];
  let geneCombinationId: number | undefined;
  if (input.templateId) {
    const [row] = await db
      .select({ id: geneCombinations.id, geneCodes: geneCombinations.geneCodes })
      .from(templates)
      .innerJoin(geneCombinations, eq(geneCombinations.id, templates.geneCombinationId))
      .where(eq(templates.id, input.templateId));
    if (!row) throw unprocessable('invalidValue', 'templateId');
    ({ id: geneCombinationId, geneCodes } = row);
  } else if (input.geneCombinationId) {
    const [row] = await db
      .select({ id: geneCombinations.id, geneCodes: geneCombinations.geneCodes })
      .from(geneCombinations)
      .where(eq(geneCombinations.id, input.geneCombinationId));
    if (!row) throw unprocessable('invalidValue', 'geneCombinationId');
    ({ id: geneCombinationId, geneCodes } = row);
  } else {
    geneCodes = geneCodesOrFail(input.geneCombination ?? '', 'geneCombination').codes;
  }
  const checked = genotypeRowsOrFail(geneCodes, input.genotypeCombinations);
  const rows = await genotypesInNotationOrFail(db, geneCodes, checked.rows);
  if (geneCombinationId) await ensureGenotypesFree(db, geneCombinationId, checked.keys, input.templateId);
  return { valid: true as const, genotypeCombinations: rows };
}
