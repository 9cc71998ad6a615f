import {
  type CategoryRef,
  checkGenotypeCombinations,
  type GeneCodes,
  type GenotypeCombination,
  type Locale,
  parseGeneCodes,
} from '@genodesk/contract';
import { and, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { alphabetical, likePattern } from '../../db/listing.js';
import { geneCombinations, templateCategories, templateGenotypeCombinations } from '../../db/schema/index.js';
import { AppError, conflict, type FieldMessage, invalid, unprocessable } from '../../http/errors.js';

/** The two levels of the category tree, for joins: `category` is the parent of `subcategory`. */
export const category = alias(templateCategories, 'category');
export const subcategory = alias(templateCategories, 'subcategory');

/**
 * The genotype combinations of the `templates` row of the outer query, in their order, as one JSON
 * array. Correlated subqueries name their tables explicitly: Drizzle leaves columns unqualified in
 * single-table selects, where an inner table's column of the same name would be taken instead.
 */
export const genotypeRows = sql<GenotypeCombination[]>`coalesce((
  select jsonb_agg(g.genotypes order by g.position) from template_genotype_combinations g
  where g.template_id = templates.id
), '[]'::jsonb)`;

/** A category's name in the caller's language (the Czech one when no English is given). */
export const localName = (table: { name: AnyPgColumn; nameEn: AnyPgColumn }, locale: Locale): SQL =>
  locale === 'en'
    ? alphabetical(sql`coalesce(nullif(${table.nameEn}, ''), ${table.name})`, 'en')
    : alphabetical(table.name);

export const refOf = (id: number, name: string, nameEn: string): CategoryRef => ({ id, name, nameEn });

/** The PostgreSQL error behind a Drizzle error, when it is a unique violation. */
export function uniqueViolation(error: unknown): { constraint?: string; detail?: string } | undefined {
  const cause =
    (error as { cause?: { code?: string; constraint?: string; detail?: string } }).cause ??
    (error as { code?: string; constraint?: string; detail?: string });
  return cause?.code === '23505' ? cause : undefined;
}

/** Comma-separated gene codes, or 400 on `field`. */
export function geneCodesOrFail(value: string, field: string): GeneCodes {
  const parsed = parseGeneCodes(value);
  if (!parsed.ok) throw invalid(parsed.error, field);
  return parsed.value;
}

/** 409 when another gene combination has the same genes (any order or case). */
export async function ensureGenesFree(db: Executor, key: string, field: string, exceptId?: number) {
  const [existing] = await db
    .select({ id: geneCombinations.id })
    .from(geneCombinations)
    .where(and(eq(geneCombinations.geneKey, key), exceptId ? ne(geneCombinations.id, exceptId) : undefined));
  if (existing) throw conflict('geneCombinationExists', field);
}

/** A unique violation on the genes (two creations racing) answers like the check before it. */
export function asGenesTaken(field: string) {
  return (error: unknown): never => {
    if (uniqueViolation(error)?.constraint === 'gene_combinations_gene_key')
      throw conflict('geneCombinationExists', field);
    throw error;
  };
}

/**
 * Checks genotype combinations against gene codes (400 with every row's first problem, the first
 * one as the message) and answers the clean rows with their keys.
 */
export function genotypeRowsOrFail(geneCodes: readonly string[], rows: readonly GenotypeCombination[]) {
  const checked = checkGenotypeCombinations(geneCodes, rows);
  const [first] = checked.issues;
  if (first) {
    const fields: Record<string, FieldMessage> = {};
    for (const issue of checked.issues)
      fields[`genotypeCombinations.${issue.index}`] ??= { key: issue.key, params: issue.params };
    throw new AppError(400, 'VALIDATION', first.key, fields, first.params);
  }
  return checked;
}

/**
 * 409 'Combination {1} is already used by another template of this gene combination!' when a row
 * equals one of another template of the gene combination (generation must stay deterministic).
 */
export async function ensureGenotypesFree(
  db: Executor,
  geneCombinationId: number,
  keys: readonly string[],
  exceptTemplateId?: number,
) {
  if (keys.length === 0) return;
  const taken = await db
    .select({ key: templateGenotypeCombinations.genotypeKey })
    .from(templateGenotypeCombinations)
    .where(
      and(
        eq(templateGenotypeCombinations.geneCombinationId, geneCombinationId),
        inArray(templateGenotypeCombinations.genotypeKey, [...keys]),
        exceptTemplateId ? ne(templateGenotypeCombinations.templateId, exceptTemplateId) : undefined,
      ),
    );
  const takenKeys = new Set(taken.map((row) => row.key));
  const index = keys.findIndex((key) => takenKeys.has(key));
  if (index >= 0) throw genotypeTaken(index);
}

const genotypeTaken = (index: number) =>
  conflict('genotypeCombinationTaken', `genotypeCombinations.${index}`, { 1: index + 1 });

/** The unique key on genotype combinations, hit by a concurrent write, answers like the check before it. */
export function asGenotypesTaken(keys: readonly string[]) {
  return (error: unknown): never => {
    const violation = uniqueViolation(error);
    if (violation?.constraint !== 'template_genotype_combinations_key') throw error;
    const key = /=\(\d+, (.*)\) already exists/.exec(violation.detail ?? '')?.[1];
    throw genotypeTaken(Math.max(0, key ? keys.indexOf(key) : 0));
  };
}

/** The genotype combinations as one line each, genes in the gene combination's order (audit values). */
export const describeRows = (geneCodes: readonly string[], rows: readonly GenotypeCombination[]) =>
  rows.map((row) => geneCodes.map((code) => `${code} ${row[code] ?? '?'}`).join(', ')).join('; ');

/** A top-level category by id, or 422 on `field`. */
export async function topCategoryOrFail(db: Executor, id: number, field: string) {
  const [row] = await db
    .select()
    .from(templateCategories)
    .where(and(eq(templateCategories.id, id), isNull(templateCategories.parentId)));
  if (!row) throw unprocessable('invalidValue', field);
  return row;
}

/** A subcategory by id (of `categoryId` when given), or 422 on `field`. */
export async function subcategoryOrFail(db: Executor, id: number, field: string, categoryId?: number) {
  const [row] = await db.select().from(templateCategories).where(eq(templateCategories.id, id));
  if (!row?.parentId || (categoryId && row.parentId !== categoryId))
    throw unprocessable('invalidValue', field);
  return row;
}

/**
 * The category (or, with a parent, subcategory) of that name, matched ignoring case, created when
 * there is none. The unique name index makes concurrent creations of one name meet on one row.
 */
export async function findOrCreateCategory(
  db: Executor,
  name: string,
  parentId: number | null,
  nameEn?: string,
) {
  const [created] = await db
    .insert(templateCategories)
    .values({ name, nameEn: nameEn ?? name, parentId })
    .onConflictDoNothing()
    .returning();
  if (created) return { row: created, created: true };
  const [row] = await db
    .select()
    .from(templateCategories)
    .where(
      and(
        sql`coalesce(${templateCategories.parentId}, 0) = ${parentId ?? 0}`,
        sql`lower(${templateCategories.name}) = ${name.toLowerCase()}`,
      ),
    );
  if (!row) throw new Error(`category ${name} vanished`);
  return { row, created: false };
}

/**
 * The filters the template and gene combination lists share: search over phenotype, gene codes and
 * category names, category, subcategory and gender (rows joined to `category` and `subcategory`).
 */
export function phenotypeListConditions(query: {
  search?: string;
  categoryId?: number;
  subCategoryId?: number;
  gender?: number;
}): SQL[] {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      sql`(lower(${geneCombinations.phenotype} || ' ' || ${geneCombinations.phenotypeEn} || ' ' || ${geneCombinations.geneKey}) like ${pattern}
        or lower(${category.name} || ' ' || ${category.nameEn}) like ${pattern}
        or lower(${subcategory.name} || ' ' || ${subcategory.nameEn}) like ${pattern})`,
    );
  }
  if (query.categoryId) conditions.push(eq(category.id, query.categoryId));
  if (query.subCategoryId) conditions.push(eq(subcategory.id, query.subCategoryId));
  if (query.gender) conditions.push(eq(geneCombinations.gender, query.gender));
  return conditions;
}
