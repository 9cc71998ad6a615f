import { type GenotypeCombination, isReleasedStatus, ProductStatus } from '@genodesk/contract';
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import {
  auditLog,
  combinationRules,
  customerGenotypes,
  customers,
  geneCombinations,
  products,
  productTemplates,
  type ReportContent,
  type ReportPhenotype,
  templates,
} from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { customersWithoutConsent } from '../customers/dna-consent.js';
import { technicalValidationCleared } from '../products/technical-validation.js';
import { category, subcategory } from '../templates/catalogue.js';
import {
  type CatalogueCombinationRule,
  type CatalogueGeneCombination,
  type CatalogueTemplate,
  generateReport as generateContent,
  isNotAssessed,
  type PreparedCatalogue,
  prepareCatalogue,
} from './generation.js';

/**
 * The whole catalogue for generation in two queries (gene combinations with their categories;
 * templates with their genotype combinations), prepared once: load it once per batch of reports.
 */
export async function loadCatalogue(db: Executor): Promise<PreparedCatalogue> {
  const combinationRows = await db
    .select({
      id: geneCombinations.id,
      geneCodes: geneCombinations.geneCodes,
      phenotype: geneCombinations.phenotype,
      phenotypeEn: geneCombinations.phenotypeEn,
      gender: geneCombinations.gender,
      defaultText: geneCombinations.defaultTemplate,
      defaultTextEn: geneCombinations.defaultTemplateEn,
      defaultRisk: geneCombinations.defaultTemplateRisk,
      clinicalWeight: geneCombinations.clinicalWeight,
      categoryId: category.id,
      categoryName: category.name,
      categoryNameEn: category.nameEn,
      subcategoryId: subcategory.id,
      subcategoryName: subcategory.name,
      subcategoryNameEn: subcategory.nameEn,
    })
    .from(geneCombinations)
    .innerJoin(subcategory, eq(subcategory.id, geneCombinations.subcategoryId))
    .innerJoin(category, eq(category.id, subcategory.parentId));
  const templateRows = await db
    .select({
      id: templates.id,
      geneCombinationId: templates.geneCombinationId,
      risk: templates.risk,
      text: templates.templateText,
      textEn: templates.templateEnText,
      requiresConsultation: templates.requiresConsultation,
      // Qualified by hand: Drizzle leaves columns inside a select's sql unqualified.
      genotypes: sql<GenotypeCombination[]>`coalesce(
        (select json_agg(g.genotypes order by g.position)
           from template_genotype_combinations g
          where g.template_id = "templates"."id"), '[]'::json)`,
    })
    .from(templates);

  const templatesByCombination = new Map<number, CatalogueTemplate[]>();
  for (const row of templateRows) {
    const list = templatesByCombination.get(row.geneCombinationId) ?? [];
    list.push({
      id: row.id,
      risk: row.risk,
      text: row.text,
      textEn: row.textEn,
      genotypeCombinations: row.genotypes,
      requiresConsultation: row.requiresConsultation,
    });
    templatesByCombination.set(row.geneCombinationId, list);
  }
  const entries: CatalogueGeneCombination[] = combinationRows.map((row) => ({
    id: row.id,
    geneCodes: row.geneCodes,
    phenotype: row.phenotype,
    phenotypeEn: row.phenotypeEn,
    gender: row.gender,
    defaultText: row.defaultText,
    defaultTextEn: row.defaultTextEn,
    defaultRisk: row.defaultRisk,
    clinicalWeight: row.clinicalWeight,
    category: { id: row.categoryId, name: row.categoryName, nameEn: row.categoryNameEn },
    subcategory: { id: row.subcategoryId, name: row.subcategoryName, nameEn: row.subcategoryNameEn },
    templates: templatesByCombination.get(row.id) ?? [],
  }));
  return prepareCatalogue(entries, await loadCombinationRules(db));
}

/** The catalogue's combination rules, as generation evaluates them. */
export function loadCombinationRules(db: Executor): Promise<CatalogueCombinationRule[]> {
  return db
    .select({
      id: combinationRules.id,
      name: combinationRules.name,
      nameEn: combinationRules.nameEn,
      risk: combinationRules.risk,
      clinicalWeight: combinationRules.clinicalWeight,
      text: combinationRules.text,
      textEn: combinationRules.textEn,
      conditions: combinationRules.conditions,
    })
    .from(combinationRules);
}

/**
 * Only the genotypes of genes the catalogue uses (a results file may carry a thousand genes); no-calls
 * too: their phenotypes are "not determined", never matched or defaulted.
 */
const catalogueGenes = (catalogue: PreparedCatalogue) =>
  inArray(sql`lower(${customerGenotypes.geneCode})`, catalogue.geneCodes);

/** The customers' genotypes of the catalogue's genes (no-calls too), and the no-calls' reasons. */
async function loadGenotypes(tx: Tx, customerIds: number[], catalogue: PreparedCatalogue) {
  const rows = await tx
    .select({
      customerId: customerGenotypes.customerId,
      geneCode: customerGenotypes.geneCode,
      genotype: customerGenotypes.genotype,
      noCallReason: customerGenotypes.noCallReason,
    })
    .from(customerGenotypes)
    .where(and(inArray(customerGenotypes.customerId, customerIds), catalogueGenes(catalogue)));
  const genotypesByCustomer = new Map<number, GenotypeCombination>();
  const noCallsByCustomer = new Map<number, Record<string, string | null>>();
  for (const row of rows) {
    const genotypes = genotypesByCustomer.get(row.customerId) ?? {};
    genotypes[row.geneCode] = row.genotype;
    genotypesByCustomer.set(row.customerId, genotypes);
    if (row.noCallReason) {
      const reasons = noCallsByCustomer.get(row.customerId) ?? {};
      reasons[row.geneCode] = row.noCallReason;
      noCallsByCustomer.set(row.customerId, reasons);
    }
  }
  return { genotypesByCustomer, noCallsByCustomer };
}

export type GenerateReportInput = {
  customerId: number;
  sampleId?: number;
  productTypeId?: number;
  /** The report comes from a lab results upload. */
  approvedByLaboratory?: boolean;
  /** The status of a report created now (default 1); an existing report keeps its status. */
  status?: ProductStatus;
};

/**
 * Generates the customer's report from their stored genotypes, in the caller's transaction: creates
 * it (status 1, or `input.status`) or replaces the content of the customer's report of that product
 * type, keeping the doctor's texts and its status, unless it was released and its content changed
 * (`backToEvaluation`). Keeps `product_templates` and recounts
 * `templates.customer_count` of every template gained or lost. Pass `catalogue` when generating a batch.
 */
export async function generateReport(tx: Tx, input: GenerateReportInput, catalogue?: PreparedCatalogue) {
  const [result] = await generateReports(tx, [input], catalogue);
  if (!result) throw new Error('generation answered nothing');
  return result;
}

/**
 * The one consent rule (issue 35) guarding generation itself, whichever path asks. Callers hold or
 * refuse an unconsented customer in their own words first, under the same locks, so reaching a refusal
 * here is a path that forgot to ask: a fault, not an answer.
 */
async function requireConsentToGenerate(tx: Tx, customerIds: number[]) {
  const unconsented = await customersWithoutConsent(tx, customerIds);
  if (unconsented.length)
    throw new Error(
      `report generation asked for customers without a valid consent: ${unconsented.map((c) => c.id).join(', ')}`,
    );
}

/**
 * `generateReport` for many customers at once (a results upload's batch): customers and genotypes
 * read in one query each, the templates' counts recounted once.
 */
export async function generateReports(tx: Tx, inputs: GenerateReportInput[], catalogue?: PreparedCatalogue) {
  if (!inputs.length) return [];
  const customerIds = [...new Set(inputs.map((input) => input.customerId))];
  // Not erased, and locked FOR KEY SHARE so that an erasure running now is waited for and then seen
  // (`lockLiveCustomers`): no report is made for an erased customer.
  const customerRows = await tx
    .select({ id: customers.id, gender: customers.gender })
    .from(customers)
    .where(and(inArray(customers.id, customerIds), isNull(customers.erasedAt)))
    .orderBy(asc(customers.id))
    .for('key share');
  const genders = new Map(customerRows.map((row) => [row.id, row.gender]));
  if (customerIds.some((id) => !genders.has(id))) throw notFound();
  await requireConsentToGenerate(tx, customerIds);
  const prepared = catalogue ?? (await loadCatalogue(tx));
  const { genotypesByCustomer, noCallsByCustomer } = await loadGenotypes(tx, customerIds, prepared);

  // The customers' reports, locked, in one query, and new reports inserted together: three statements
  // per report cost ≈ 0.9 s of a 384-sample upload. An input updates the latest report of its
  // customer and product type.
  const reportKey = (customerId: number, productTypeId: number | null | undefined) =>
    `${customerId}:${productTypeId ?? ''}`;
  const latest = new Map<string, number>();
  const reportRows = await tx
    .select({
      id: products.id,
      customerId: products.customerId,
      productTypeId: products.productTypeId,
      content: products.content,
      status: products.status,
      requiresInspection: products.requiresInspection,
    })
    .from(products)
    .where(inArray(products.customerId, customerIds))
    .orderBy(asc(products.id))
    .for('update');
  for (const row of reportRows) latest.set(reportKey(row.customerId, row.productTypeId), row.id);
  const before = new Map(reportRows.map((row) => [row.id, row]));

  const now = new Date();
  const touched: number[] = [];
  const log: (typeof auditLog.$inferInsert)[] = [];
  const results: ({ productId: number; created: boolean } & ReturnType<typeof generateContent>)[] = [];
  // New reports are inserted together (with their product_templates), before any input that must find
  // one of them (the same customer and product type twice in a batch).
  const pending: {
    index: number;
    key: string;
    values: typeof products.$inferInsert;
    templateIds: number[];
  }[] = [];
  const createPending = async () => {
    if (!pending.length) return;
    // Matched by key (unique among the pending ones), not by the order of the returned rows.
    const created = await tx
      .insert(products)
      .values(pending.map((report) => report.values))
      .returning({ id: products.id, customerId: products.customerId, productTypeId: products.productTypeId });
    for (const row of created) latest.set(reportKey(row.customerId, row.productTypeId), row.id);
    const links: (typeof productTemplates.$inferInsert)[] = [];
    for (const report of pending) {
      const productId = latest.get(report.key);
      const result = results[report.index];
      if (productId === undefined || !result) throw new Error('product insert returned nothing');
      result.productId = productId;
      for (const templateId of report.templateIds) links.push({ productId, templateId });
      touched.push(...report.templateIds);
    }
    if (links.length) await tx.insert(productTemplates).values(links);
    pending.length = 0;
  };
  for (const input of inputs) {
    const key = reportKey(input.customerId, input.productTypeId);
    if (pending.some((report) => report.key === key)) await createPending();
    const existing = latest.get(key);
    const previous = existing !== undefined ? before.get(existing) : undefined;
    const generated = generateContent(prepared, {
      gender: genders.get(input.customerId) as number,
      genotypes: genotypesByCustomer.get(input.customerId) ?? {},
      noCallReasons: noCallsByCustomer.get(input.customerId),
      previous: previous?.content,
    });
    const fields = {
      content: generated.content,
      pairedPhenotypesCount: generated.pairedPhenotypesCount,
      // Only the doctor's review clears the flag (PATCH admin/products with the confirmation).
      requiresInspection: generated.requiresInspection || (previous?.requiresInspection ?? false),
      generatedAt: now,
      updatedAt: now,
      ...technicalValidationCleared,
      ...(input.approvedByLaboratory ? { approvedByLaboratory: true } : {}),
    };
    if (existing !== undefined) {
      const review = previous ? backToEvaluation(previous, generated.content, now, null) : {};
      if (review.log) log.push(review.log);
      await tx
        .update(products)
        .set({
          ...fields,
          ...(input.sampleId ? { sampleId: input.sampleId } : {}),
          ...(review.status ? { status: review.status } : {}),
          lastChangeAt: now,
        })
        .where(eq(products.id, existing));
      touched.push(...(await syncTemplates(tx, existing, generated.templateIds)));
      results.push({ productId: existing, created: false, ...generated });
    } else {
      pending.push({
        index: results.length,
        key,
        values: {
          ...fields,
          customerId: input.customerId,
          sampleId: input.sampleId ?? null,
          productTypeId: input.productTypeId ?? null,
          status: input.status ?? ProductStatus.Generated,
        },
        templateIds: generated.templateIds,
      });
      results.push({ productId: 0, created: true, ...generated });
    }
  }
  await createPending();
  await recountTemplates(tx, touched);
  if (log.length) await tx.insert(auditLog).values(log);
  return results;
}

/**
 * Makes `product_templates` of the report exactly `templateIds`; answers the templates gained or lost
 * (whose `customer_count` must be recounted).
 */
export async function syncTemplates(tx: Tx, productId: number, templateIds: number[]): Promise<number[]> {
  const removed = await tx
    .delete(productTemplates)
    .where(
      and(
        eq(productTemplates.productId, productId),
        templateIds.length ? notInArray(productTemplates.templateId, templateIds) : undefined,
      ),
    )
    .returning({ templateId: productTemplates.templateId });
  const added = templateIds.length
    ? await tx
        .insert(productTemplates)
        .values(templateIds.map((templateId) => ({ productId, templateId })))
        .onConflictDoNothing()
        .returning({ templateId: productTemplates.templateId })
    : [];
  return [...removed, ...added].map((row) => row.templateId);
}

/**
 * Sets `customer_count` of the templates to their number of reports. The rows are locked first (in id
 * order), so the count, a new statement, sees every concurrent generation that committed meanwhile.
 */
export async function recountTemplates(tx: Tx, templateIds: number[]) {
  const ids = [...new Set(templateIds)].sort((a, b) => a - b);
  if (!ids.length) return;
  await tx
    .select({ id: templates.id })
    .from(templates)
    .where(inArray(templates.id, ids))
    .orderBy(templates.id)
    .for('update');
  await tx
    .update(templates)
    .set({
      customerCount: sql`(select count(*)::int from product_templates pt where pt.template_id = "templates"."id")`,
    })
    .where(inArray(templates.id, ids));
}

/** A value with its object keys sorted, so two contents compare equal whatever jsonb did to key order. */
/**
 * A released report (published, or preliminarily) generated anew with another content — new results
 * from the lab, a paid order's regeneration — goes back to the physician: status 1, ready for
 * evaluation, as its sample goes back to "analysis finished". Its issued PDFs stay what was signed;
 * nothing of the new content reaches the customer (the e-mails about a changed template follow the
 * status and the issued version) until a physician releases it.
 */
function backToEvaluation(
  report: { id: number; status: number; content: unknown },
  content: unknown,
  changedAt: Date,
  changedBy: number | null,
): { status?: ProductStatus; log?: typeof auditLog.$inferInsert } {
  if (!isReleasedStatus(report.status) || canonical(report.content) === canonical(content)) return {};
  return {
    status: ProductStatus.Generated,
    log: {
      entity: 'product',
      entityId: report.id,
      changedBy,
      changedAt,
      field: 'status',
      oldValue: String(report.status),
      newValue: String(ProductStatus.Generated),
    },
  };
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

const phenotypesOf = (content: ReportContent) =>
  new Map(
    content.categories.flatMap((c) =>
      c.subcategories.flatMap((s) => s.phenotypes.map((p) => [p.geneCombinationId, p] as const)),
    ),
  );

/**
 * What of a phenotype the change log compares: its outcome, texts and genotypes — not its clinical
 * weight (the summary's order) nor flags older contents lack (absent reads as false / null).
 */
const asLogged = (phenotype: ReportPhenotype | undefined) =>
  phenotype && {
    ...phenotype,
    clinicalWeight: undefined,
    notDetermined: phenotype.notDetermined ?? false,
    genes: phenotype.genes.map((gene) => ({ ...gene, noCallReason: gene.noCallReason ?? null })),
  };

/**
 * A phenotype's outcome as a doctor reads it in the change log: risk and template, 'not assessed', or
 * '—' when absent.
 */
const outcome = (phenotype: ReportPhenotype | undefined) =>
  !phenotype
    ? '—'
    : phenotype.notDetermined
      ? 'not determined'
      : isNotAssessed(phenotype)
        ? 'not assessed · default text'
        : `risk ${phenotype.risk ?? '—'} · ${phenotype.templateId === null ? 'doctor text' : `template ${phenotype.templateId}`}`;

/**
 * The change log of a regenerated report: one row per phenotype that appeared, disappeared or changed
 * (`phenotype: <name>`, old and new outcome; a changed text of the same outcome is marked).
 */
export function phenotypeChanges(before: ReportContent, after: ReportContent) {
  const old = phenotypesOf(before);
  const now = phenotypesOf(after);
  const changes: { field: string; oldValue: string; newValue: string }[] = [];
  for (const id of new Set([...old.keys(), ...now.keys()])) {
    const a = old.get(id);
    const b = now.get(id);
    if (canonical(asLogged(a)) === canonical(asLogged(b))) continue;
    const oldValue = outcome(a);
    let newValue = outcome(b);
    if (oldValue === newValue) newValue = `${newValue} · new text`;
    changes.push({ field: `phenotype: ${(b ?? a)?.phenotype}`, oldValue, newValue });
  }
  const rulesBefore = new Map((before.combinations ?? []).map((rule) => [rule.ruleId, rule]));
  const rulesAfter = new Map((after.combinations ?? []).map((rule) => [rule.ruleId, rule]));
  for (const id of new Set([...rulesBefore.keys(), ...rulesAfter.keys()])) {
    const a = rulesBefore.get(id);
    const b = rulesAfter.get(id);
    if (
      canonical(a && { ...a, clinicalWeight: undefined }) ===
      canonical(b && { ...b, clinicalWeight: undefined })
    )
      continue;
    changes.push({
      field: `combination: ${(b ?? a)?.name}`,
      oldValue: a ? `risk ${a.risk}` : '—',
      newValue: b ? `risk ${b.risk}${a ? ' · new text' : ''}` : '—',
    });
  }
  return changes.sort((x, y) => x.field.localeCompare(y.field, 'cs'));
}

/**
 * Reanalysis (DOMAIN §2) of the given reports in the caller's transaction: each report's content is
 * recomputed from its customer's stored genotypes and the catalogue; only a report whose content
 * changed is written (content, counts, inspection flag, last change, its templates), and every changed
 * phenotype goes to its change log. Status and doctor texts stay: a catalogue edit reaches released
 * reports by design, and their customers are told (`notifyCustomers`). Answers how many reports changed.
 */
export async function reanalyseProducts(
  tx: Tx,
  productIds: number[],
  catalogue: PreparedCatalogue,
  changedBy: number | null,
): Promise<number> {
  if (!productIds.length) return 0;
  const reports = await tx
    .select({
      id: products.id,
      customerId: products.customerId,
      gender: customers.gender,
      content: products.content,
      pairedPhenotypesCount: products.pairedPhenotypesCount,
      requiresInspection: products.requiresInspection,
    })
    .from(products)
    .innerJoin(customers, eq(customers.id, products.customerId))
    .where(inArray(products.id, productIds))
    .orderBy(products.id)
    .for('update', { of: products });
  const customerIds = [...new Set(reports.map((report) => report.customerId))];
  await requireConsentToGenerate(tx, customerIds);
  const { genotypesByCustomer, noCallsByCustomer } = await loadGenotypes(tx, customerIds, catalogue);

  const now = new Date();
  const touched: number[] = [];
  const log: (typeof auditLog.$inferInsert)[] = [];
  let changed = 0;
  for (const report of reports) {
    const generated = generateContent(catalogue, {
      gender: report.gender,
      genotypes: genotypesByCustomer.get(report.customerId) ?? {},
      noCallReasons: noCallsByCustomer.get(report.customerId),
      previous: report.content,
    });
    const changes = phenotypeChanges(report.content, generated.content);
    // A report that stays as it was is left alone: an open point the doctor confirmed (a phenotype
    // withheld or released unassessed) does not raise the inspection again, nor clear the validation.
    if (
      !changes.length &&
      canonical(report.content) === canonical(generated.content) &&
      report.pairedPhenotypesCount === generated.pairedPhenotypesCount
    )
      continue;
    const requiresInspection = generated.requiresInspection || report.requiresInspection;
    changed++;
    await tx
      .update(products)
      .set({
        content: generated.content,
        pairedPhenotypesCount: generated.pairedPhenotypesCount,
        requiresInspection,
        lastChangeAt: now,
        updatedAt: now,
        ...technicalValidationCleared,
      })
      .where(eq(products.id, report.id));
    touched.push(...(await syncTemplates(tx, report.id, generated.templateIds)));
    for (const change of changes)
      log.push({ entity: 'product', entityId: report.id, changedBy, changedAt: now, ...change });
  }
  await recountTemplates(tx, touched);
  if (log.length) await tx.insert(auditLog).values(log);
  return changed;
}
