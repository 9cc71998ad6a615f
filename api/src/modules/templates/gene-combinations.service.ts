import {
  type EditGeneCombinationInput,
  type GeneCombinationDetail,
  type GeneCombinationListQuery,
  type GeneCombinationSummary,
  genotypeCombinationKey,
  joinGeneCodes,
  type Locale,
  type Page,
} from '@genodesk/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Principal } from '../../auth/principal.js';
import { type Database, type Executor, transaction } from '../../db/client.js';
import { alphabetical, listPage, orderBy, pageLimit, pageStart } from '../../db/listing.js';
import { geneCombinations, templateGenotypeCombinations, templates } from '../../db/schema/index.js';
import { notFound, unprocessable } from '../../http/errors.js';
import { audit, diff } from '../audit/audit.js';
import {
  asGenesTaken,
  category,
  ensureGenesFree,
  geneCodesOrFail,
  genotypeRows,
  localName,
  phenotypeListConditions,
  refOf,
  subcategory,
} from './catalogue.js';
import { sanitizeRichText } from './rich-text.js';

const templateCount = sql<number>`(
  select count(*)::int from templates t where t.gene_combination_id = gene_combinations.id
)`;

const summaryColumns = {
  id: geneCombinations.id,
  geneCodes: geneCombinations.geneCodes,
  phenotype: geneCombinations.phenotype,
  phenotypeEn: geneCombinations.phenotypeEn,
  gender: geneCombinations.gender,
  clinicalWeight: geneCombinations.clinicalWeight,
  subCategoryId: subcategory.id,
  subCategoryName: subcategory.name,
  subCategoryNameEn: subcategory.nameEn,
  categoryId: category.id,
  categoryName: category.name,
  categoryNameEn: category.nameEn,
  defaultTemplateRisk: geneCombinations.defaultTemplateRisk,
  templateCount,
  createdAt: geneCombinations.createdAt,
  updatedAt: geneCombinations.updatedAt,
};

type SummaryRow = {
  id: number;
  geneCodes: string[];
  phenotype: string;
  phenotypeEn: string;
  gender: number;
  clinicalWeight: number;
  subCategoryId: number;
  subCategoryName: string;
  subCategoryNameEn: string;
  categoryId: number;
  categoryName: string;
  categoryNameEn: string;
  defaultTemplateRisk: number | null;
  templateCount: number;
  createdAt: Date;
  updatedAt: Date;
};

const toSummary = (row: SummaryRow): GeneCombinationSummary => ({
  id: row.id,
  combinationGeneCode: joinGeneCodes(row.geneCodes),
  geneCodes: row.geneCodes,
  phenotype: row.phenotype,
  phenotypeEn: row.phenotypeEn,
  gender: row.gender,
  clinicalWeight: row.clinicalWeight,
  subCategoryId: row.subCategoryId,
  category: refOf(row.categoryId, row.categoryName, row.categoryNameEn),
  subCategory: refOf(row.subCategoryId, row.subCategoryName, row.subCategoryNameEn),
  defaultTemplateRisk: row.defaultTemplateRisk,
  templateCount: row.templateCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Gene combinations joined to their subcategory and category. */
const joinCategories = <T extends PgSelect>(query: T) =>
  query
    .innerJoin(subcategory, eq(subcategory.id, geneCombinations.subcategoryId))
    .innerJoin(category, eq(category.id, subcategory.parentId));

export async function listGeneCombinations(
  db: Executor,
  query: GeneCombinationListQuery,
  locale: Locale,
): Promise<Page<GeneCombinationSummary>> {
  const conditions = phenotypeListConditions(query);
  const where = conditions.length ? and(...conditions) : undefined;
  const order = orderBy(
    query.sort,
    {
      phenotype:
        locale === 'en'
          ? alphabetical(
              sql`coalesce(nullif(${geneCombinations.phenotypeEn}, ''), ${geneCombinations.phenotype})`,
              'en',
            )
          : alphabetical(geneCombinations.phenotype),
      combinationGeneCode: sql`${geneCombinations.geneKey}`,
      gender: sql`${geneCombinations.gender}`,
      category: localName(category, locale),
      subCategory: localName(subcategory, locale),
      defaultTemplateRisk: sql`${geneCombinations.defaultTemplateRisk}`,
      templateCount,
      createdAt: sql`${geneCombinations.createdAt}`,
    },
    'phenotype',
    sql`${geneCombinations.id}`,
  );
  const rows = await joinCategories(db.select(summaryColumns).from(geneCombinations).$dynamic())
    .where(where)
    .orderBy(order)
    .limit(pageLimit(query))
    .offset(pageStart(query));
  const matches = joinCategories(db.select({ one: sql`1` }).from(geneCombinations).$dynamic()).where(where);
  return listPage(db, query, rows.map(toSummary), matches);
}

export async function getGeneCombination(db: Executor, id: number): Promise<GeneCombinationDetail> {
  const [row] = await joinCategories(
    db
      .select({
        ...summaryColumns,
        description: geneCombinations.description,
        descriptionEn: geneCombinations.descriptionEn,
        defaultTemplate: geneCombinations.defaultTemplate,
        defaultTemplateEn: geneCombinations.defaultTemplateEn,
      })
      .from(geneCombinations)
      .$dynamic(),
  ).where(eq(geneCombinations.id, id));
  if (!row) throw notFound();
  const templateRows = await db
    .select({
      id: templates.id,
      risk: templates.risk,
      customerCount: templates.customerCount,
      genotypeCombinations: genotypeRows,
    })
    .from(templates)
    .where(eq(templates.geneCombinationId, id))
    .orderBy(asc(templates.id));
  return {
    ...toSummary(row),
    description: row.description,
    descriptionEn: row.descriptionEn,
    defaultTemplate: row.defaultTemplate,
    defaultTemplateEn: row.defaultTemplateEn,
    templates: templateRows,
  };
}

/** 400 'Some of the genes have the same code', 409 'Gene combination already exists!', else the codes. */
export async function validateGeneCombination(db: Executor, value: string, exceptId?: number) {
  const genes = geneCodesOrFail(value, 'GeneCombination');
  await ensureGenesFree(db, genes.key, 'GeneCombination', exceptId);
  return { valid: true as const, combinationGeneCode: joinGeneCodes(genes.codes), geneCodes: genes.codes };
}

const richOrKeep = (value: string | null | undefined, field: string, publicUrl: string | undefined) =>
  value === undefined ? undefined : sanitizeRichText(value ?? '', field, { publicUrl });

export async function editGeneCombination(
  db: Database,
  by: Principal,
  input: EditGeneCombinationInput,
  publicUrl: string | undefined,
) {
  const id = input.GeneCombinationId;
  const after = {
    phenotype: input.Phenotype,
    phenotypeEn: input.PhenotypeEn === undefined ? undefined : (input.PhenotypeEn ?? ''),
    description: richOrKeep(input.Description, 'Description', publicUrl),
    descriptionEn: richOrKeep(input.DescriptionEn, 'DescriptionEn', publicUrl),
    defaultTemplate: richOrKeep(input.DefaultTemplate, 'DefaultTemplate', publicUrl),
    defaultTemplateEn: richOrKeep(input.DefaultTemplateEn, 'DefaultTemplateEn', publicUrl),
    defaultTemplateRisk: input.Risk,
    gender: input.Gender,
    clinicalWeight: input.ClinicalWeight,
  };
  const genes = input.GeneCombination ? geneCodesOrFail(input.GeneCombination, 'GeneCombination') : undefined;
  await transaction(db, async (tx) => {
    const [before] = await tx
      .select()
      .from(geneCombinations)
      .where(eq(geneCombinations.id, id))
      .for('update');
    if (!before) throw notFound();
    const changes = diff(before, after, [
      'phenotype',
      'phenotypeEn',
      'description',
      'descriptionEn',
      'defaultTemplate',
      'defaultTemplateEn',
      'defaultTemplateRisk',
      'gender',
      'clinicalWeight',
    ]);
    let geneColumns = {};
    if (genes && joinGeneCodes(genes.codes) !== joinGeneCodes(before.geneCodes)) {
      if (genes.key !== before.geneKey) {
        // Other genes would leave every template's genotype combinations incomplete or foreign.
        const [used] = await tx
          .select({ id: templates.id })
          .from(templates)
          .where(eq(templates.geneCombinationId, id))
          .limit(1);
        if (used) throw unprocessable('geneCodesInUse', 'GeneCombination');
        await ensureGenesFree(tx, genes.key, 'GeneCombination', id);
      } else {
        // The same genes reordered or re-cased: the templates' rows take the new spelling.
        await respellGenotypeRows(tx, id, genes.codes);
      }
      geneColumns = { geneCodes: genes.codes, geneKey: genes.key };
      changes.push({
        field: 'combinationGeneCode',
        oldValue: joinGeneCodes(before.geneCodes),
        newValue: joinGeneCodes(genes.codes),
      });
    }
    await tx
      .update(geneCombinations)
      .set({ ...after, ...geneColumns, updatedAt: new Date() })
      .where(eq(geneCombinations.id, id))
      .catch(asGenesTaken('GeneCombination'));
    await audit(tx, { entity: 'geneCombination', entityId: id, changedBy: by.id, changes });
  });
  return getGeneCombination(db, id);
}

async function respellGenotypeRows(tx: Executor, geneCombinationId: number, codes: string[]) {
  const canonical = new Map(codes.map((code) => [code.toLowerCase(), code]));
  const rows = await tx
    .select({ id: templateGenotypeCombinations.id, genotypes: templateGenotypeCombinations.genotypes })
    .from(templateGenotypeCombinations)
    .where(eq(templateGenotypeCombinations.geneCombinationId, geneCombinationId));
  for (const row of rows) {
    const genotypes = Object.fromEntries(
      Object.entries(row.genotypes).map(([gene, genotype]) => [
        canonical.get(gene.toLowerCase()) ?? gene,
        genotype,
      ]),
    );
    await tx
      .update(templateGenotypeCombinations)
      .set({ genotypes, genotypeKey: genotypeCombinationKey(genotypes) })
      .where(eq(templateGenotypeCombinations.id, row.id));
  }
}

/** Deletes a gene combination together with ALL its templates, in one transaction. */
export async function deleteGeneCombination(db: Database, by: Principal, id: number) {
  return transaction(db, async (tx) => {
    const [before] = await tx
      .select()
      .from(geneCombinations)
      .where(eq(geneCombinations.id, id))
      .for('update');
    if (!before) throw notFound();
    const removed = await tx
      .delete(templates)
      .where(eq(templates.geneCombinationId, id))
      .returning({ id: templates.id });
    await tx.delete(geneCombinations).where(eq(geneCombinations.id, id));
    for (const template of removed)
      await audit(tx, {
        entity: 'template',
        entityId: template.id,
        changedBy: by.id,
        changes: [
          { field: 'deleted', oldValue: `${before.phenotype} (gene combination deleted)`, newValue: null },
        ],
      });
    await audit(tx, {
      entity: 'geneCombination',
      entityId: id,
      changedBy: by.id,
      changes: [
        {
          field: 'deleted',
          oldValue: `${before.phenotype}: ${joinGeneCodes(before.geneCodes)}`,
          newValue: `${removed.length} templates deleted`,
        },
      ],
    });
    return { id, deletedTemplates: removed.length };
  });
}
