import {
  isEmptyRichText,
  issuesNewPdfVersion,
  isUnderage,
  type Locale,
  type Permission,
  Permissions,
  type PhenotypeAssessmentRequest,
  type Product,
  type ProductEditRequest,
  type ProductListItem,
  type ProductListQuery,
  type ProductPage,
  ProductSection,
  ProductStatus,
  type PublicationOpenPoint,
  productMoves,
  productSectionLabels,
  publicationOpenPointsOf,
  ReanalysisStatus,
  type ReportCategory,
  reportNumberOf,
  SampleStatus,
} from '@genodesk/contract';
import { and, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Principal } from '../../auth/principal.js';
import { builtOnce, inlineValues, QueryValues } from '../../db/built-once.js';
import { type Database, type Executor, type Tx, transaction } from '../../db/client.js';
import { likePattern, listPage, orderBy, pageLimit, pageStart, pageTotal } from '../../db/listing.js';
import {
  barcodes,
  customerGenotypes,
  customers,
  products,
  productTypes,
  type ReportContent,
  type ReportPhenotype,
  reanalysisRuns,
  reservations,
  samples,
  templates,
  users,
} from '../../db/schema/index.js';
import type { Deps } from '../../http/app-types.js';
import { AppError, conflict, notFound, unprocessable } from '../../http/errors.js';
import { audit, type FieldChange } from '../audit/audit.js';
import { customerMatches } from '../customers/customer-search.js';
import { requireDnaConsent, validDnaConsentExists } from '../customers/dna-consent.js';
import { customerNameOrder } from '../customers/full-name.js';
import { formatPragueTime } from '../messaging/format.js';
import { queueTemplateEmail } from '../messaging/outbox.js';
import { fulfilledRules, reportContent } from '../results/generation.js';
import {
  loadCombinationRules,
  phenotypeChanges,
  recountTemplates,
  syncTemplates,
} from '../results/generation.service.js';
import { genotypeReading, markerNotationsOf, notationsOfRows } from '../templates/marker-notation.js';
import { sanitizeRichText } from '../templates/rich-text.js';
import { requirePhysician } from '../users/qualification.js';
import { changeLogEntries, changeLogOf } from './change-log.js';
import {
  latestReportDocument,
  newVerificationCode,
  nextVersion,
  type PublicationOverrides,
  type RenderedIssue,
  renderIssue,
  storeIssue,
} from './report-pdf/documents.service.js';
import { reportLanguageOf } from './report-pdf/labels.js';
import { lockReportPhenotype } from './report-phenotype.js';
import {
  categorySummary,
  contentCodesSql,
  contentNotations,
  notAssessedPhenotypes,
  notDeterminedPhenotypes,
  openCounts,
  readContent,
  summaryFindings,
} from './report-view.js';
import { callStatistics, sampleMarkersSql } from './technical-validation.js';

type ProductsDeps = Pick<Deps, 'db' | 'jobs' | 'config'>;

// The report's section, from its flags (an archived report keeps isInDoctorSection).

export function sectionOf(row: { isArchived: boolean; isInDoctorSection: boolean }): ProductSection {
  if (row.isArchived) return ProductSection.Archive;
  return row.isInDoctorSection ? ProductSection.DoctorSection : ProductSection.Results;
}

function sectionFilter(section: ProductSection): SQL {
  if (section === ProductSection.Archive) return eq(products.isArchived, true);
  return and(
    eq(products.isArchived, false),
    eq(products.isInDoctorSection, section === ProductSection.DoctorSection),
  ) as SQL;
}

/** The flags a section sets: back from the archive returns to the doctor section. */
const sectionFlags: Record<ProductSection, { isInDoctorSection: boolean; isArchived: boolean }> = {
  results: { isInDoctorSection: false, isArchived: false },
  doctorSection: { isInDoctorSection: true, isArchived: false },
  archive: { isInDoctorSection: true, isArchived: true },
};

// One select for lists and the detail: the report with its customer, barcode, type and doctor.

const listColumns = {
  id: products.id,
  status: products.status,
  customerId: products.customerId,
  customerFirstName: customers.name,
  customerSurname: customers.surname,
  customerGender: customers.gender,
  customerEmail: customers.email,
  customerDateOfBirth: customers.dateOfBirth,
  barcode: barcodes.code,
  productTypeId: productTypes.id,
  productTypeName: productTypes.name,
  productTypeNameEn: productTypes.nameEn,
  doctorId: users.id,
  doctorUserName: users.userName,
  pairedPhenotypesCount: products.pairedPhenotypesCount,
  requiresInspection: products.requiresInspection,
  isInDoctorSection: products.isInDoctorSection,
  isArchived: products.isArchived,
  pendingSection: products.pendingSection,
  generatedAt: products.generatedAt,
  publishedAt: products.publishedAt,
  lastChangeAt: products.lastChangeAt,
};

function selectProducts<T extends SelectedFields>(db: Executor, extra: T) {
  return db
    .select({ ...listColumns, ...extra })
    .from(products)
    .innerJoin(customers, eq(customers.id, products.customerId))
    .leftJoin(samples, eq(samples.id, products.sampleId))
    .leftJoin(barcodes, eq(barcodes.id, samples.barcodeId))
    .leftJoin(productTypes, eq(productTypes.id, products.productTypeId))
    .leftJoin(users, eq(users.id, products.doctorId));
}

type ListRow = {
  id: number;
  status: number;
  customerId: number;
  customerFirstName: string;
  customerSurname: string;
  customerGender: number;
  customerEmail: string;
  customerDateOfBirth: string | null;
  barcode: string | null;
  productTypeId: number | null;
  productTypeName: string | null;
  productTypeNameEn: string | null;
  doctorId: number | null;
  doctorUserName: string | null;
  pairedPhenotypesCount: number;
  requiresInspection: boolean;
  isInDoctorSection: boolean;
  isArchived: boolean;
  pendingSection: string | null;
  generatedAt: Date;
  publishedAt: Date | null;
  lastChangeAt: Date | null;
};

const toListItem = (row: ListRow): ProductListItem => ({
  id: row.id,
  status: row.status,
  customerId: row.customerId,
  customerName: `${row.customerFirstName} ${row.customerSurname}`,
  customerGender: row.customerGender,
  customerEmail: row.customerEmail,
  customerUnderage: isUnderage(row.customerDateOfBirth),
  barcode: row.barcode,
  productType:
    row.productTypeId !== null && row.productTypeName !== null
      ? { id: row.productTypeId, name: row.productTypeName, nameEn: row.productTypeNameEn }
      : null,
  doctor:
    row.doctorId !== null && row.doctorUserName !== null
      ? { id: row.doctorId, userName: row.doctorUserName }
      : null,
  pairedPhenotypesCount: row.pairedPhenotypesCount,
  requiresInspection: row.requiresInspection,
  section: sectionOf(row),
  pendingSection: row.pendingSection,
  generatedAt: row.generatedAt.toISOString(),
  publishedAt: row.publishedAt?.toISOString() ?? null,
  lastChangeAt: row.lastChangeAt?.toISOString() ?? null,
});

// Lists

export type ProductFilter = Pick<ProductListQuery, 'section'> &
  Partial<Pick<ProductListQuery, 'status' | 'requiresInspection' | 'customerId' | 'search'>>;

/**
 * The WHERE of a reports list; the dashboard counts with it too, so its numbers are the list's. Its
 * values go through `values` (placeholders for `listProducts`' query built once per shape).
 */
export function productFilter(query: ProductFilter, values = inlineValues()): SQL {
  const conditions: SQL[] = [sectionFilter(query.section as ProductSection)];
  if (query.status !== undefined) conditions.push(eq(products.status, values.of('status', query.status)));
  if (query.requiresInspection !== undefined)
    conditions.push(
      eq(products.requiresInspection, values.of('requiresInspection', query.requiresInspection)),
    );
  if (query.customerId !== undefined)
    conditions.push(eq(products.customerId, values.of('customerId', query.customerId)));
  if (query.search) {
    // The customers' generated search column holds "name surname e-mail phone …" folded (`customerMatches`).
    const pattern = values.of('pattern', likePattern(query.search));
    conditions.push(or(customerMatches(pattern), sql`lower(${barcodes.code}) like ${pattern}`) as SQL);
  }
  return and(...conditions) as SQL;
}

const productOrder = (sort: string | undefined) =>
  orderBy(
    sort,
    {
      id: sql`${products.id}`,
      // By surname, then first name, as every list of customers sorts them.
      customerName: customerNameOrder,
      status: sql`${products.status}`,
      generatedAt: sql`${products.generatedAt}`,
      publishedAt: sql`${products.publishedAt}`,
      lastChangeAt: sql`${products.lastChangeAt}`,
      pairedPhenotypesCount: sql`${products.pairedPhenotypesCount}`,
    },
    '-generatedAt',
    sql`${products.id}`,
  );

/** `GET admin/products`: one section's reports, filtered, searched, sorted and paged, with the total, in one query (`pageTotal`). */
export async function listProducts(db: Executor, query: ProductListQuery): Promise<ProductPage> {
  const matches = (where: SQL) =>
    db
      .select({ one: sql`1` })
      .from(products)
      .innerJoin(customers, eq(customers.id, products.customerId))
      .leftJoin(samples, eq(samples.id, products.sampleId))
      .leftJoin(barcodes, eq(barcodes.id, samples.barcodeId))
      .where(where);
  const values = new QueryValues('placeholders');
  const where = productFilter(query, values);
  const page = builtOnce(
    db,
    values.shape('reports', query.section, query.sort, query.page, query.pageSize),
    () =>
      selectProducts(db, { total: pageTotal(query, matches(where)) })
        .where(where)
        .orderBy(productOrder(query.sort))
        .limit(pageLimit(query))
        .offset(pageStart(query)),
  );
  const rows = await page.execute(values.values);
  return listPage(db, query, rows.map(toListItem), matches(productFilter(query)), {
    counted: rows[0]?.total,
  });
}

async function getListItem(db: Executor, id: number): Promise<ProductListItem> {
  const [row] = await selectProducts(db, {}).where(eq(products.id, id));
  if (!row) throw notFound();
  return toListItem(row);
}

// One report

/** What publishing would ask the doctor to confirm now. */
export const openPointsOf = (report: {
  requiresInspection: boolean;
  content: ReportContent;
  doctorIntro: string;
}) =>
  publicationOpenPointsOf({
    requiresInspection: report.requiresInspection,
    ...openCounts(report.content),
    doctorIntro: report.doctorIntro,
  });

/** The report with its category summary, gene table, change log and pending reanalysis. */
type GeneJson = {
  code: string;
  name: string;
  hgvsC: string;
  protein: string;
  transcript: string;
  genotype: string;
  noCallReason: string | null;
};

/**
 * The report screen's read in one statement (issue 38): the report with its customer, the genotypes
 * and notations of the genes its content reads, the change log, the validator, a pending reanalysis,
 * the consent and a held consultation — each a subquery, the lists as JSON arrays.
 */
const productQuery = (db: Executor) =>
  builtOnce(db, 'report', () => {
    const codes = contentCodesSql(products.content);
    return selectProducts(db, {
      content: products.content,
      approvedByLaboratory: products.approvedByLaboratory,
      doctorIntro: products.doctorIntro,
      doctorIntroReproductiveGenetics: products.doctorIntroReproductiveGenetics,
      doctorIntroReproductiveGeneticsEnabled: products.doctorIntroReproductiveGeneticsEnabled,
      doctorsIntroLastChange: products.doctorsIntroLastChange,
      legalGuardianName: products.legalGuardianName,
      legalGuardianEmail: products.legalGuardianEmail,
      customerGender: customers.gender,
      customerNotifyByEmail: customers.notifyByEmail,
      customerLanguage: customers.language,
      requestingPhysician: products.requestingPhysician,
      indication: products.indication,
      technicallyValidatedAt: products.technicallyValidatedAt,
      technicallyValidatedBy: products.technicallyValidatedBy,
      technicalValidation: products.technicalValidation,
      // The gene table holds the genes the report's phenotypes read, not every genotype the lab measured
      // (a code the catalogue does not know never reaches a report).
      genes: sql<GeneJson[]>`coalesce((
      select json_agg(json_build_object('code', g.gene_code, 'name', g.gene_name, 'hgvsC', g.hgvs_c,
        'protein', g.protein, 'transcript', g.transcript, 'genotype', g.genotype,
        'noCallReason', g.no_call_reason) order by lower(g.gene_code), g.id)
      from ${customerGenotypes} g
      where g.customer_id = ${products.customerId} and lower(g.gene_code) in ${codes}), '[]')`,
      notations: markerNotationsOf(codes),
      changeLog: changeLogEntries(products.id),
      validator: sql<{ id: number; userName: string } | null>`(
      select json_build_object('id', v.id, 'userName', v.user_name) from ${users} v
      where v.id = ${products.technicallyValidatedBy})`,
      reanalysisPending: sql<boolean>`exists (select 1 from ${reanalysisRuns} rr
      where rr.status in (${ReanalysisStatus.Queued}, ${ReanalysisStatus.Running})
        and (rr.product_id = ${products.id} or rr.product_id is null))`,
      hasValidDnaConsent: validDnaConsentExists(products.customerId),
      sampleMarkers: sampleMarkersSql(products.customerId),
      // A consultation with the customer was held about this report (issue 35): one not cancelled that
      // began after the report was generated and has ended (the reservations' 'held', SPEC §3).
      consultationHeld: sql<boolean>`exists (select 1 from ${reservations} r
      where r.customer_id = ${products.customerId} and r.cancelled_at is null
        and r.consultation_start >= ${products.generatedAt} and r.consultation_end <= now())`,
    }).where(eq(products.id, sql.placeholder('id')));
  });

export async function getProduct(db: Executor, id: number, fourEyes: boolean): Promise<Product> {
  const [row] = await productQuery(db).execute({ id });
  if (!row) throw notFound();
  const notations = notationsOfRows(row.notations);
  const read = readContent(row.content, notations);
  const genes = row.genes;
  const validator = row.validator;
  const item = toListItem(row);
  // A withheld phenotype (issue 35) is listed as withheld, not as an open point.
  const phenotypes = read.categories.flatMap((c) => c.subcategories.flatMap((s) => s.phenotypes));
  const withheldIds = new Set(phenotypes.filter((p) => p.withheld).map((p) => p.geneCombinationId));
  const ref = (p: { geneCombinationId: number; phenotype: string; phenotypeEn: string }) => ({
    geneCombinationId: p.geneCombinationId,
    phenotype: p.phenotype,
    phenotypeEn: p.phenotypeEn,
  });
  return {
    ...item,
    assignedCustomerId: row.customerId,
    assignedCustomer: {
      id: row.customerId,
      fullName: item.customerName,
      email: row.customerEmail,
      dateOfBirth: row.customerDateOfBirth,
      gender: row.customerGender,
      notifyByEmail: row.customerNotifyByEmail,
      language: reportLanguageOf(row.customerLanguage),
    },
    isInDoctorSection: row.isInDoctorSection,
    isArchived: row.isArchived,
    approvedByLaboratory: row.approvedByLaboratory,
    doctorIntro: row.doctorIntro,
    doctorIntroReproductiveGenetics: row.doctorIntroReproductiveGenetics,
    doctorIntroReproductiveGeneticsEnabled: row.doctorIntroReproductiveGeneticsEnabled,
    doctorsIntroLastChange: row.doctorsIntroLastChange?.toISOString() ?? null,
    legalGuardianName: row.legalGuardianName,
    legalGuardianEmail: row.legalGuardianEmail,
    categories: categorySummary(read),
    combinations: read.combinations,
    notAssessed: notAssessedPhenotypes(read).filter((p) => !withheldIds.has(p.geneCombinationId)),
    notDetermined: notDeterminedPhenotypes(read).filter((p) => !withheldIds.has(p.geneCombinationId)),
    summary: summaryFindings(read),
    openPoints: openPointsOf(row),
    genes: genes.map(({ noCallReason, ...gene }) => ({
      ...gene,
      ...genotypeReading(notations, { ...gene, noCallReason }),
    })),
    changeLog: await changeLogOf(db, row.changeLog, row.content),
    reanalysisPending: row.reanalysisPending,
    requestingPhysician: row.requestingPhysician,
    indication: row.indication,
    technicalValidation:
      row.technicallyValidatedAt && row.technicalValidation
        ? {
            at: row.technicallyValidatedAt.toISOString(),
            by: validator ?? null,
            ...row.technicalValidation,
          }
        : null,
    release: {
      hasValidDnaConsent: row.hasValidDnaConsent,
      fourEyes,
      ...callStatistics(row.sampleMarkers),
      consultationRequired: phenotypes.filter((p) => p.requiresConsultation && !p.withheld).map(ref),
      consultationHeld: row.consultationHeld,
      withheld: phenotypes.flatMap((p) =>
        p.withheld ? [{ ...ref(p), reason: p.withheld.reason, by: p.withheld.by, at: p.withheld.at }] : [],
      ),
    },
  };
}

/**
 * `GET admin/products/getcategory`: one top category of the report's content, and whose report it is
 * (the route records the read in the access log).
 */
export async function getProductCategory(
  db: Executor,
  productId: number,
  categoryId: number,
): Promise<{ category: ReportCategory; customerId: number }> {
  const [row] = await db
    .select({ content: products.content, customerId: products.customerId })
    .from(products)
    .where(eq(products.id, productId));
  const stored = row?.content.categories.find((c) => c.id === categoryId);
  if (!row || !stored) throw notFound();
  // The category alone is read: the notations of its genes only.
  const content: ReportContent = { categories: [stored], combinations: [] };
  const [category] = readContent(content, await contentNotations(db, content)).categories;
  if (!category) throw notFound();
  return { category, customerId: row.customerId };
}

// The editor: save, invite (2), publish (3), publish preliminarily (4)

const statusActions: readonly number[] = [
  ProductStatus.Unpublished,
  ProductStatus.Published,
  ProductStatus.PreliminarilyPublished,
];

const emptyToNull = (value: string | undefined) =>
  value === undefined ? undefined : value.trim() === '' ? null : value.trim();

type ProductRow = typeof products.$inferSelect;
type EditCustomer = {
  name: string;
  surname: string;
  email: string;
  dateOfBirth: string | null;
  gender: number;
  notifyByEmail: boolean;
  language: string;
};

/** The request asks to publish (3) or publish preliminarily (4), whatever the status was. */
const publishAsked = (input: ProductEditRequest) =>
  input.Status === ProductStatus.Published || input.Status === ProductStatus.PreliminarilyPublished;

type SanitizedIntros = { doctorIntro?: string; doctorIntroReproductiveGenetics?: string };

/** The report and its customer as an edit reads them: locked in the transaction, plain before it. */
async function readForEdit(db: Executor, id: number, lock: boolean) {
  const query = db.select().from(products).where(eq(products.id, id));
  const [before] = lock ? await query.for('update') : await query;
  if (!before) throw notFound();
  if (before.isArchived) throw unprocessable('productArchivedReadOnly');
  const [customer] = await db
    .select({
      name: customers.name,
      surname: customers.surname,
      email: customers.email,
      dateOfBirth: customers.dateOfBirth,
      gender: customers.gender,
      notifyByEmail: customers.notifyByEmail,
      language: customers.language,
    })
    .from(customers)
    .where(eq(customers.id, before.customerId));
  if (!customer) throw notFound();
  return { before, customer };
}

/**
 * What an edit does to the report, by the rules (a pure function of the report, its customer and the
 * request): the new values, the change log's changes, the status action. Throws the rules' refusals.
 */
function planEdit(
  before: ProductRow,
  customer: EditCustomer,
  input: ProductEditRequest,
  intros: SanitizedIntros,
  release: ReleaseRules,
) {
  const status = input.Status ?? before.status;
  const statusChanged = status !== before.status;
  if (statusChanged && !statusActions.includes(status))
    throw unprocessable('productStatusNotAllowed', 'Status');

  const legalGuardianName =
    emptyToNull(input.LegalGuardianName) !== undefined
      ? emptyToNull(input.LegalGuardianName)
      : before.legalGuardianName;
  const legalGuardianEmail =
    emptyToNull(input.LegalGuardianEmail) !== undefined
      ? emptyToNull(input.LegalGuardianEmail)
      : before.legalGuardianEmail;
  const inviting = statusChanged && status === ProductStatus.Unpublished;
  if (inviting && isUnderage(customer.dateOfBirth) && !legalGuardianName)
    throw unprocessable('legalGuardianRequired', 'LegalGuardianName');
  const publishing =
    statusChanged && (status === ProductStatus.Published || status === ProductStatus.PreliminarilyPublished);

  // Publication gates: each open point needs the doctor's confirmation, recorded with who and when.
  const open = openPointsOf({
    requiresInspection: before.requiresInspection,
    content: before.content,
    doctorIntro: intros.doctorIntro ?? before.doctorIntro,
  });
  const confirmed = open.filter((point) => input.Confirmations?.includes(point));
  // Every publication asks: a change of status, and the publication again of a published report.
  if (publishing || publishAsked(input)) {
    // The report identifies the person by name and date of birth (ISO 15189 §7.4.1.6): it is not
    // released while the second identifier is missing.
    // The gender picks "zákazník … nemá" or "zákaznice … nemá", as the other refusals naming them.
    if (!customer.dateOfBirth)
      throw unprocessable('releaseNeedsDateOfBirth', 'Status', { gender: customer.gender });
    // Release in two steps (issue 35): the current content technically validated, then signed off —
    // by someone else where the lab asks for four eyes.
    if (!before.technicallyValidatedAt || !before.technicalValidation)
      throw unprocessable('releaseNeedsTechnicalValidation', 'Status');
    if (release.fourEyes && before.technicallyValidatedBy === release.by)
      throw unprocessable('releaseFourEyes', 'Status');
    // No promises in a final report: a phenotype not assessed or not determined is assessed or
    // withheld by the physician (no tick lets it through); only a preliminary report may carry it.
    const counts = openCounts(before.content);
    if (status === ProductStatus.Published && counts.notAssessedCount + counts.notDeterminedCount > 0)
      throw unprocessable('finalReportOpenPhenotypes', 'Status', {
        count: counts.notAssessedCount + counts.notDeterminedCount,
      });
    const unconfirmed = open.filter((point) => !confirmed.includes(point));
    if (unconfirmed.length) throw publicationRefused(unconfirmed, openCounts(before.content));
  }

  const after = {
    status,
    doctorIntro: intros.doctorIntro ?? before.doctorIntro,
    doctorIntroReproductiveGenetics:
      intros.doctorIntroReproductiveGenetics ?? before.doctorIntroReproductiveGenetics,
    doctorIntroReproductiveGeneticsEnabled:
      input.DoctorIntroReproductiveGeneticsEnabled ?? before.doctorIntroReproductiveGeneticsEnabled,
    legalGuardianName: legalGuardianName ?? null,
    legalGuardianEmail: legalGuardianEmail ?? null,
    requestingPhysician:
      emptyToNull(input.RequestingPhysician) !== undefined
        ? (emptyToNull(input.RequestingPhysician) ?? null)
        : before.requestingPhysician,
    indication:
      emptyToNull(input.Indication) !== undefined
        ? (emptyToNull(input.Indication) ?? null)
        : before.indication,
    // Only the doctor's review clears the flag.
    requiresInspection: before.requiresInspection && !confirmed.includes('inspection'),
  };
  const fields = Object.keys(after) as (keyof typeof after)[];
  const changes: FieldChange[] = [
    ...confirmed.map((point) => ({ field: 'confirmed', oldValue: null, newValue: point })),
    ...fields
      .filter((field) => after[field] !== before[field])
      .map((field) => ({ field, oldValue: before[field], newValue: after[field] })),
  ];
  const introsChanged =
    after.doctorIntro !== before.doctorIntro ||
    after.doctorIntroReproductiveGenetics !== before.doctorIntroReproductiveGenetics;
  return { status, statusChanged, publishing, inviting, after, changes, introsChanged };
}

type EditPlan = ReturnType<typeof planEdit>;

/**
 * A consultation with the customer was held about this report (issue 35): one not cancelled that
 * began after the report was generated and has ended (the reservations' 'held', SPEC §3); the report
 * screen reads the same in its own query (`getProduct`).
 */
async function consultationHeldSince(db: Executor, customerId: number, generatedAt: Date) {
  const [held] = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.customerId, customerId),
        isNull(reservations.cancelledAt),
        gte(reservations.consultationStart, generatedAt),
        lte(reservations.consultationEnd, sql`now()`),
      ),
    )
    .limit(1);
  return held !== undefined;
}

/** Who publishes, and whether the lab asks for four eyes (`RELEASE_FOUR_EYES`). */
type ReleaseRules = { by: number; fourEyes: boolean };

/**
 * The release rules that read beyond the report row, checked in the publication's transaction: a
 * valid DNA consent (the one consent rule), and a consultation held since generation while a
 * consultation-bound phenotype is not withheld (issue 35). Final and preliminary publication alike.
 */
async function checkReleaseRecords(tx: Executor, before: ProductRow, locale: Locale) {
  await requireDnaConsent(tx, [before.customerId], 'publication', locale, 'Status');
  const bound = reportContent(before.content)
    .categories.flatMap((c) => c.subcategories.flatMap((s) => s.phenotypes))
    .filter((p) => p.requiresConsultation && !p.withheld);
  if (bound.length && !(await consultationHeldSince(tx, before.customerId, before.generatedAt)))
    throw unprocessable('releaseNeedsConsultation', 'Status', {
      phenotypes: bound.map((p) => (locale === 'en' ? p.phenotypeEn || p.phenotype : p.phenotype)).join(', '),
    });
}

/** Fields of the edit request that are the report's texts and details (Products.Edit), not a release. */
const detailFields = [
  'DoctorIntro',
  'DoctorIntroReproductiveGenetics',
  'DoctorIntroReproductiveGeneticsEnabled',
  'LegalGuardianName',
  'LegalGuardianEmail',
  'RequestingPhysician',
  'Indication',
] as const satisfies readonly (keyof ProductEditRequest)[];

/**
 * The edit's permissions (issue 35): publishing or preliminarily publishing is the medical sign-off
 * (Products.SignOff); saving texts and details and inviting stay Products.Edit. The route lets either
 * in; a request asking for both needs both.
 */
function ensureEditPermissions(by: Principal, input: ProductEditRequest) {
  const needed: Permission[] = [];
  if (publishAsked(input)) needed.push(Permissions.ProductsSignOff);
  if (
    (input.Status !== undefined && !publishAsked(input)) ||
    detailFields.some((field) => input[field] !== undefined)
  )
    needed.push(Permissions.ProductsEdit);
  if (needed.length === 0) needed.push(Permissions.ProductsEdit);
  if (!needed.every((permission) => by.permissions.has(permission)))
    throw new AppError(403, 'FORBIDDEN', 'forbidden');
}

/**
 * Whether this edit issues a PDF version: it asks to publish (Status 3 or 4) and the contract's rule
 * (`issuesNewPdfVersion`, shared with the publish dialog) says so — no version yet, the status
 * changes, or the report changed since the last version (this edit, a phenotype assessment, a
 * reanalysis). A version after the first needs the doctor's reason (422).
 */
function issueNeeded(
  before: ProductRow,
  input: ProductEditRequest,
  plan: EditPlan,
  latest: { version: number; createdAt: Date } | undefined,
): boolean {
  if (!publishAsked(input)) return false;
  const needed = issuesNewPdfVersion({
    issuedAt: latest?.createdAt,
    statusChanges: plan.statusChanged,
    // A confirmed open point that stays open (unassessed phenotypes, an empty introduction) changes
    // nothing printed; the inspection's confirmation does, through its flag.
    editChanges: plan.changes.some((change) => change.field !== 'confirmed'),
    lastChangeAt: before.lastChangeAt,
  });
  if (needed && latest !== undefined && !input.Reason)
    throw unprocessable('reportReasonRequired', 'Reason', { version: latest.version });
  return needed;
}

/** How many times an edit renders again when the report changed while its PDF was rendered. */
const issueAttempts = 3;

/**
 * `PATCH admin/products/`: saves the doctor's texts and, with a new status, invites (2), publishes (3)
 * or publishes preliminarily (4): the sample follows ([9] or [8]), the customer is e-mailed through
 * the outbox, every changed field goes to the change log. One transaction.
 *
 * A publication (Status 3 or 4 asked for, see `issueNeeded`) issues the report's PDF as its next
 * stored version: rendered first, off the event loop and without any lock, then stored in the same
 * transaction as the status change, which checks that the report would still render the same (else it
 * renders again). `origin` is where the printed verification link points.
 */
export async function editProduct(
  deps: ProductsDeps,
  by: Principal,
  input: ProductEditRequest,
  origin: string,
  locale: Locale,
) {
  ensureEditPermissions(by, input);
  const release: ReleaseRules = { by: by.id, fourEyes: deps.config.releaseFourEyes };
  const id = input.Id;
  // Sanitised before the transaction: a refused media URL is a 400 that changes nothing.
  const intros: SanitizedIntros = {
    doctorIntro:
      input.DoctorIntro !== undefined
        ? sanitizeRichText(input.DoctorIntro, 'DoctorIntro', { publicUrl: deps.config.publicUrl })
        : undefined,
    doctorIntroReproductiveGenetics:
      input.DoctorIntroReproductiveGenetics !== undefined
        ? sanitizeRichText(input.DoctorIntroReproductiveGenetics, 'DoctorIntroReproductiveGenetics', {
            publicUrl: deps.config.publicUrl,
          })
        : undefined,
  };

  // Medical sign-off (issue 35): publishing or preliminarily publishing is a physician's act.
  if (publishAsked(input)) await requirePhysician(deps.db, by, 'signOffPhysicianOnly', 'Status');

  for (let attempt = 1; ; attempt++) {
    const now = new Date();
    // Rendering first, outside the transaction: the same rules on the report as it is now (a refusal
    // costs no render), then the PDF of the version this edit would issue.
    let rendered: RenderedIssue | null = null;
    if (publishAsked(input)) {
      const { before, customer } = await readForEdit(deps.db, id, false);
      const plan = planEdit(before, customer, input, intros, release);
      await checkReleaseRecords(deps.db, before, locale);
      const latest = await latestReportDocument(deps.db, id);
      if (issueNeeded(before, input, plan, latest))
        rendered = await renderIssue(
          deps.db,
          {
            productId: id,
            ...nextVersion(latest, input.Reason ?? ''),
            code: newVerificationCode(),
            origin,
            company: deps.config.reportCompany,
            overrides: await publicationOverrides(deps.db, by, before, plan, now),
          },
          { timeoutMs: deps.config.reportPdfTimeoutMs },
        );
    }
    const stored = await transaction(deps.db, async (tx) => {
      const { before, customer } = await readForEdit(tx, id, true);
      const plan = planEdit(before, customer, input, intros, release);
      if (plan.publishing || publishAsked(input)) await checkReleaseRecords(tx, before, locale);
      // An invitation tells the customer the doctor has results to discuss: a physician's act, under the
      // one consent rule as a step of its own (refused in its own words), as the sample's move to
      // "results require consultation" in the status editor.
      else if (plan.inviting) {
        await requirePhysician(tx, by, 'invitePhysicianOnly', 'Status');
        await requireDnaConsent(tx, [before.customerId], 'invitation', locale, 'Status');
      }
      const latest = await latestReportDocument(tx, id);
      const issuing = issueNeeded(before, input, plan, latest);
      if (issuing !== (rendered !== null)) return false;
      const documentId = rendered ? await storeIssue(tx, by, rendered) : null;
      if (rendered && documentId === null) return false;
      await applyEdit(
        tx,
        deps,
        by,
        before,
        customer,
        plan,
        now,
        rendered && documentId !== null ? { ...rendered, documentId } : null,
      );
      return true;
    });
    if (stored) break;
    if (attempt >= issueAttempts) throw conflict('reportChangedWhilePublishing');
  }
  return getProduct(deps.db, id, deps.config.releaseFourEyes);
}

/** What the issued PDF prints from this edit: its texts, status, doctor and date. */
async function publicationOverrides(
  db: Executor,
  by: Principal,
  _before: ProductRow,
  plan: EditPlan,
  now: Date,
): Promise<PublicationOverrides> {
  // The report is approved by the physician who publishes it (issue 35), printed with their licence.
  const [signer] = await db
    .select({ userName: users.userName, licenceNumber: users.licenceNumber })
    .from(users)
    .where(eq(users.id, by.id));
  return {
    status: plan.status,
    doctorIntro: plan.after.doctorIntro,
    doctorIntroReproductiveGenetics: plan.after.doctorIntroReproductiveGenetics,
    doctorIntroReproductiveGeneticsEnabled: plan.after.doctorIntroReproductiveGeneticsEnabled,
    doctorName: signer?.userName ?? by.userName,
    doctorLicence: signer?.licenceNumber || null,
    publishedAt: now,
  };
}

/** The edit's writes, in its transaction: the report, its change log, the sample, the e-mails. */
async function applyEdit(
  tx: Tx,
  deps: ProductsDeps,
  by: Principal,
  before: ProductRow,
  customer: EditCustomer,
  plan: EditPlan,
  now: Date,
  issued: (RenderedIssue & { documentId: number }) | null,
) {
  const { after, status, publishing, inviting, introsChanged } = plan;
  const changes: FieldChange[] = [
    ...plan.changes,
    // The change log shows each issued PDF: its version (and the reason of a later one).
    ...(issued
      ? [
          {
            field: 'pdfVersion',
            oldValue: issued.plan.replaces?.version ?? null,
            newValue: issued.plan.version,
          },
          ...(issued.plan.replaces
            ? [{ field: 'pdfReason', oldValue: null, newValue: issued.plan.replaces.reason }]
            : []),
        ]
      : []),
  ];
  if (changes.length === 0) return;

  await tx
    .update(products)
    .set({
      ...after,
      ...(introsChanged ? { doctorsIntroLastChange: now } : {}),
      // The physician who publishes approves the report; so does one who edits the introduction.
      ...(introsChanged || publishing || issued ? { doctorId: by.id } : {}),
      ...(publishing || issued ? { publishedAt: now } : {}),
      lastChangeAt: now,
      updatedAt: now,
    })
    .where(eq(products.id, before.id));
  await audit(tx, { entity: 'product', entityId: before.id, changedBy: by.id, changes });

  if (before.sampleId !== null && (publishing || inviting))
    await setSampleStatus(
      tx,
      by,
      before.sampleId,
      inviting ? SampleStatus.ResultsRequireConsultation : SampleStatus.ResultsPublishedOnline,
    );

  const customerName = `${customer.name} ${customer.surname}`;
  // Every message to the customer (and their guardian) in the customer's language.
  const to = {
    email: customer.email,
    language: customer.language as Locale,
    customerId: before.customerId,
  };
  // The final report after a preliminary one is its publication, told as one; any other later version
  // amends the one before.
  const replaced = issued?.plan.replaces ?? null;
  const amended = replaced && !(replaced.preliminary && status === ProductStatus.Published) ? replaced : null;
  if (issued && amended) {
    // An amended report reaches the customer whatever their notification setting: it replaces one they
    // may have read. One e-mail, in their language, saying what changed (the physician's reason).
    const withPdf = deps.config.reportEmailAttachment === 'encrypted' && customer.dateOfBirth;
    await queueTemplateEmail(
      tx,
      deps.jobs,
      to,
      withPdf ? 'productAmendedWithPdf' : 'productAmended',
      {
        name: customerName,
        reportNumber: reportNumberOf(before.id),
        version: String(issued.plan.version),
        replacedVersion: String(amended.version),
        replacedDate: formatPragueTime(amended.issuedAt, to.language, 'medium'),
        reason: amended.reason,
      },
      withPdf
        ? [
            {
              filename: `${reportNumberOf(before.id)}-v${issued.plan.version}.pdf`,
              contentType: 'application/pdf',
              content: '',
              reportDocumentId: issued.documentId,
              encryption: 'dateOfBirth',
            },
          ]
        : undefined,
    );
  } else if (publishing && customer.notifyByEmail) {
    const preliminary = status === ProductStatus.PreliminarilyPublished;
    // The issued PDF goes along only when configured and the customer's password (the date of birth)
    // is known: by reference, encrypted when sent (modules/messaging reads it then).
    if (deps.config.reportEmailAttachment === 'encrypted' && issued && customer.dateOfBirth)
      await queueTemplateEmail(
        tx,
        deps.jobs,
        to,
        preliminary ? 'productPreliminarilyPublishedWithPdf' : 'productPublishedWithPdf',
        { name: customerName },
        [
          {
            filename: `${reportNumberOf(before.id)}-v${issued.plan.version}.pdf`,
            contentType: 'application/pdf',
            content: '',
            reportDocumentId: issued.documentId,
            encryption: 'dateOfBirth',
          },
        ],
      );
    else
      await queueTemplateEmail(
        tx,
        deps.jobs,
        to,
        preliminary ? 'productPreliminarilyPublished' : 'productPublished',
        { name: customerName },
      );
  }
  if (inviting) {
    // Consultation e-mails ignore the customer's notification settings.
    await queueTemplateEmail(tx, deps.jobs, to, 'productInvitation', { name: customerName });
    if (after.legalGuardianEmail)
      await queueTemplateEmail(
        tx,
        deps.jobs,
        { ...to, email: after.legalGuardianEmail },
        'productInvitationGuardian',
        { guardian: after.legalGuardianName ?? '', customer: customerName },
      );
  }
}

/** 422 naming each open point the doctor has not confirmed, in the caller's language. */
function publicationRefused(
  points: PublicationOpenPoint[],
  counts: { notAssessedCount: number; notDeterminedCount: number },
) {
  const reasons = {
    inspection: 'openPointInspection',
    notAssessed: { key: 'openPointNotAssessed', params: { count: counts.notAssessedCount } },
    notDetermined: { key: 'openPointNotDetermined', params: { count: counts.notDeterminedCount } },
    emptyIntro: 'openPointEmptyIntro',
  } as const;
  return new AppError(
    422,
    'RULE_BROKEN',
    'publicationNeedsConfirmation',
    Object.fromEntries(points.map((point) => [`Confirmations.${point}`, reasons[point]])),
  );
}

/**
 * `PATCH admin/products/phenotype`: the doctor assesses a phenotype of the report, with a template of
 * its gene combination (its risk and texts) or with an own text and risk. The report's templates and
 * combination findings follow; the change goes to the report's change log. One transaction.
 */
export async function assessPhenotype(deps: ProductsDeps, by: Principal, input: PhenotypeAssessmentRequest) {
  const richText = { publicUrl: deps.config.publicUrl };
  const text = input.Text !== undefined ? sanitizeRichText(input.Text, 'Text', richText) : undefined;
  const textEn = input.TextEn !== undefined ? sanitizeRichText(input.TextEn, 'TextEn', richText) : undefined;
  // The doctor's own text is their finding, printed for the customer: an empty one (or one the
  // sanitiser left empty) would publish a risk with nothing said about it.
  if (input.TemplateId === undefined && isEmptyRichText(text))
    throw unprocessable('assessmentTextRequired', 'Text');
  await transaction(deps.db, async (tx) => {
    const {
      content: before,
      phenotype,
      replaced,
    } = await lockReportPhenotype(tx, input.ProductId, input.GeneCombinationId);
    // A phenotype not determined has no genotype to assess: it needs a new sample, not a doctor's text.
    if (phenotype.notDetermined) throw unprocessable('phenotypeNotDetermined', 'GeneCombinationId');
    let assessment: Pick<ReportPhenotype, 'templateId' | 'risk' | 'text' | 'textEn' | 'requiresConsultation'>;
    if (input.TemplateId !== undefined) {
      const [template] = await tx
        .select({
          geneCombinationId: templates.geneCombinationId,
          risk: templates.risk,
          text: templates.templateText,
          textEn: templates.templateEnText,
          requiresConsultation: templates.requiresConsultation,
        })
        .from(templates)
        .where(eq(templates.id, input.TemplateId));
      if (!template) throw notFound();
      if (template.geneCombinationId !== input.GeneCombinationId)
        throw unprocessable('templateOfAnotherPhenotype', 'TemplateId');
      assessment = {
        templateId: input.TemplateId,
        risk: template.risk,
        text: template.text,
        textEn: template.textEn,
        // A template that asks for a consultation does so whoever chose it (issue 35).
        requiresConsultation: template.requiresConsultation,
      };
    } else {
      assessment = {
        templateId: null,
        risk: input.Risk ?? null,
        text: text ?? '',
        textEn: textEn ?? '',
        requiresConsultation: false,
      };
    }
    const now = new Date();
    const assessed: ReportPhenotype = {
      ...phenotype,
      ...assessment,
      notAssessed: false,
      assessedBy: { id: by.id, userName: by.userName, at: now.toISOString() },
      // Assessed, it is reported: a withholding for want of an assessment ends with it; one for a
      // consultation stays while the chosen template still asks for one.
      withheld: assessment.requiresConsultation ? (phenotype.withheld ?? null) : null,
    };
    const content = replaced(assessed);
    // The combination rules see the doctor's choice: regenerate only the combinations from the catalogue.
    const placed = new Map(
      content.categories.flatMap((c) =>
        c.subcategories.flatMap((s) => s.phenotypes.map((p) => [p.geneCombinationId, p] as const)),
      ),
    );
    content.combinations = fulfilledRules(await loadCombinationRules(tx), placed);
    const changes = phenotypeChanges(before, content);
    await tx
      .update(products)
      .set({ content, lastChangeAt: now, updatedAt: now })
      .where(eq(products.id, input.ProductId));
    // The report's templates, but none deleted since its generation.
    const used = [...placed.values()].map((p) => p.templateId).filter((id): id is number => id !== null);
    const templateIds = used.length
      ? (await tx.select({ id: templates.id }).from(templates).where(inArray(templates.id, used))).map(
          (row) => row.id,
        )
      : [];
    await recountTemplates(tx, await syncTemplates(tx, input.ProductId, templateIds));
    await audit(tx, {
      entity: 'product',
      entityId: input.ProductId,
      changedBy: by.id,
      changes: changes.map((change) => ({ ...change, newValue: `${change.newValue} · assessed` })),
    });
  });
  return getProduct(deps.db, input.ProductId, deps.config.releaseFourEyes);
}

/** The report's sample moves with it ([8] published, [9] consultation), audited like any sample change. */
async function setSampleStatus(tx: Tx, by: Principal, sampleId: number, status: SampleStatus) {
  const [sample] = await tx
    .select({ status: samples.status })
    .from(samples)
    .where(eq(samples.id, sampleId))
    .for('update');
  if (!sample || sample.status === status) return;
  await tx.update(samples).set({ status, updatedAt: new Date() }).where(eq(samples.id, sampleId));
  await audit(tx, {
    entity: 'sample',
    entityId: sampleId,
    changedBy: by.id,
    changes: [{ field: 'status', oldValue: sample.status, newValue: status }],
  });
}

// Moves between results, the doctor section and the archive

/**
 * `POST admin/products/move`: records the requested section and enqueues 'move-product' in the same
 * transaction. 409 while a move is pending; 422 for a move `productMoves` does not allow.
 */
export async function requestMove(
  deps: ProductsDeps,
  by: Principal,
  input: { ProductId: number; Section: string },
  locale: Locale,
): Promise<ProductListItem> {
  const id = input.ProductId;
  const to = input.Section as ProductSection;
  await transaction(deps.db, async (tx) => {
    const [row] = await tx
      .select({
        isArchived: products.isArchived,
        isInDoctorSection: products.isInDoctorSection,
        pendingSection: products.pendingSection,
      })
      .from(products)
      .where(eq(products.id, id))
      .for('update');
    if (!row) throw notFound();
    if (row.pendingSection) throw conflict('productMovePending', 'Section');
    const from = sectionOf(row);
    if (!productMoves[from].includes(to))
      throw unprocessable('productMoveNotAllowed', 'Section', {
        from: productSectionLabels[from][locale],
        to: productSectionLabels[to][locale],
      });
    await tx
      .update(products)
      .set({ pendingSection: to, moveRequestedAt: new Date(), moveRequestedBy: by.id })
      .where(eq(products.id, id));
    await deps.jobs.send(tx, 'move-product', { productId: id });
  });
  return getListItem(deps.db, id);
}

/**
 * The 'move-product' job: applies the pending section's flags, clears the request and logs the move
 * (field 'section', old → new, by the requester), in one transaction. Nothing pending: nothing to do
 * (a retried job after success).
 */
export async function moveProduct(db: Database, productId: number): Promise<void> {
  await transaction(db, async (tx) => {
    const [row] = await tx
      .select({
        isArchived: products.isArchived,
        isInDoctorSection: products.isInDoctorSection,
        pendingSection: products.pendingSection,
        moveRequestedBy: products.moveRequestedBy,
      })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!row?.pendingSection) return;
    const from = sectionOf(row);
    const to = row.pendingSection as ProductSection;
    const now = new Date();
    await tx
      .update(products)
      .set({
        ...sectionFlags[to],
        pendingSection: null,
        moveRequestedAt: null,
        moveRequestedBy: null,
        lastChangeAt: now,
        updatedAt: now,
      })
      .where(eq(products.id, productId));
    await audit(tx, {
      entity: 'product',
      entityId: productId,
      changedBy: row.moveRequestedBy,
      changes: [{ field: 'section', oldValue: from, newValue: to }],
    });
  });
}
