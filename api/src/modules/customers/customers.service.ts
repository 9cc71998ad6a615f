import {
  type CreateCustomerRequest,
  type CustomerAuditEntry,
  type CustomerDetail,
  type CustomerExportQuery,
  type CustomerListQuery,
  type CustomerSummary,
  type EditCustomerRequest,
  fromMinorUnits,
  isUnderage,
  type Locale,
  type Page,
  Permissions,
  RegistrationSource,
  RelationshipStatus,
} from '@genodesk/contract';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords.js';
import type { Principal } from '../../auth/principal.js';
import { builtOnce, inlineValues, QueryValues } from '../../db/built-once.js';
import { type Database, type Executor, transaction } from '../../db/client.js';
import {
  alphabetical,
  listPage,
  orderBy,
  pageLimit,
  pageStart,
  pageTotal,
  withinPragueDays,
} from '../../db/listing.js';
import {
  auditLog,
  barcodes,
  customerGenotypes,
  customerRelationships,
  customers,
  orders,
  productTypes,
  questionnaires,
  samples,
  users,
} from '../../db/schema/index.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import type { Jobs } from '../../jobs/queue.js';
import { audit, diff, type FieldChange } from '../audit/audit.js';
import { createOrder, finalizeOrder, payInCash } from '../finances/orders.service.js';
import { reservationStatusOf } from '../reservations/reservation-status.js';
import { customerMatches, customerSearchPattern } from './customer-search.js';
import { validDnaConsentId } from './dna-consent.js';
import { insertDnaConsent, tickedConsent } from './dna-consent.service.js';
import { customerAdult, customerNameOrder } from './full-name.js';

// Listing: one WHERE and ORDER BY for the paged list and the export.

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The list's WHERE. The search and the registration source go through `values` (placeholders for
 * `listCustomers`' query built once per shape); the registration days are always inline.
 */
export function customerFilter(
  query: Omit<CustomerListQuery, 'page' | 'pageSize'>,
  values = inlineValues(),
): SQL | undefined {
  // An erased customer (issue 24) is kept only for their orders and payments: never listed.
  const conditions: SQL[] = [isNull(customers.erasedAt)];
  if (query.search)
    conditions.push(customerMatches(values.of('pattern', customerSearchPattern(query.search))));
  if (query.registrationSource)
    conditions.push(
      eq(customers.registrationSource, values.of('registrationSource', query.registrationSource)),
    );
  // A day is the lab's day (Europe/Prague); a timestamp is taken as it is.
  const { registeredFrom: from, registeredTo: to } = query;
  conditions.push(
    ...withinPragueDays(
      customers.dateRegistration,
      from && isoDate.test(from) ? from : undefined,
      to && isoDate.test(to) ? to : undefined,
    ),
  );
  if (from && !isoDate.test(from))
    conditions.push(sql`${customers.dateRegistration} >= ${from}::timestamptz`);
  if (to && !isoDate.test(to)) conditions.push(sql`${customers.dateRegistration} < ${to}::timestamptz`);
  if (query.underage !== undefined) conditions.push(query.underage ? not(customerAdult) : customerAdult);
  return conditions.length ? and(...conditions) : undefined;
}

export function customerOrder(sort: string | undefined): SQL {
  return orderBy(
    sort,
    {
      id: sql`${customers.id}`,
      // A person's name sorts by both its parts (equal surnames by first name, and the other way round).
      name: [alphabetical(customers.name), alphabetical(customers.surname)],
      surname: customerNameOrder,
      email: sql`lower(${customers.email})`,
      phone: sql`${customers.phone}`,
      city: alphabetical(customers.city),
      extID: sql`${customers.extId}`,
      openLimsID: sql`${customers.openLimsId}`,
      registrationSource: sql`${customers.registrationSource}`,
      dateRegistration: sql`${customers.dateRegistration}`,
      dateOfBirth: sql`${customers.dateOfBirth}`,
    },
    '-dateRegistration',
    sql`${customers.id}`,
  );
}

export const customerSummaryColumns = {
  id: customers.id,
  name: customers.name,
  surname: customers.surname,
  email: customers.email,
  phonePrefix: customers.phonePrefix,
  phone: customers.phone,
  gender: customers.gender,
  dateOfBirth: customers.dateOfBirth,
  city: customers.city,
  extId: customers.extId,
  openLimsId: customers.openLimsId,
  registrationSource: customers.registrationSource,
  dateRegistration: customers.dateRegistration,
};

export type CustomerSummaryRow = {
  id: number;
  name: string;
  surname: string;
  email: string;
  phonePrefix: string;
  phone: string;
  gender: number;
  dateOfBirth: string | null;
  city: string;
  extId: string | null;
  openLimsId: string | null;
  registrationSource: number;
  dateRegistration: Date;
};

export const toCustomerSummary = (row: CustomerSummaryRow): CustomerSummary => ({
  id: row.id,
  name: row.name,
  surname: row.surname,
  fullName: `${row.name} ${row.surname}`,
  email: row.email,
  phonePrefix: row.phonePrefix,
  phone: row.phone,
  gender: row.gender,
  dateOfBirth: row.dateOfBirth,
  isUnderage: isUnderage(row.dateOfBirth),
  city: row.city,
  extID: row.extId,
  openLimsID: row.openLimsId,
  registrationSource: row.registrationSource,
  dateRegistration: row.dateRegistration.toISOString(),
});

/** The page with its total in one query (`pageTotal`: exact up to `exactCountLimit` matches, else estimated). */
export async function listCustomers(db: Executor, query: CustomerListQuery): Promise<Page<CustomerSummary>> {
  const matches = (where: SQL | undefined) => db.select({ one: sql`1` }).from(customers).where(where);
  const page = (where: SQL | undefined) =>
    db
      .select({ ...customerSummaryColumns, total: pageTotal(query, matches(where)) })
      .from(customers)
      .where(where)
      .orderBy(customerOrder(query.sort))
      .limit(pageLimit(query))
      .offset(pageStart(query));
  const values = new QueryValues('placeholders');
  const where = customerFilter(query, values);
  // Registration days are many shapes, each seldom asked for again: built for the call.
  const rows =
    query.registeredFrom || query.registeredTo
      ? await page(customerFilter(query))
      : await builtOnce(
          db,
          values.shape('customers', query.underage, query.sort, query.page, query.pageSize),
          () => page(where),
        ).execute(values.values);
  return listPage(db, query, rows.map(toCustomerSummary), matches(customerFilter(query)), {
    counted: rows[0]?.total,
  });
}

export type CustomerExportFilter = Omit<CustomerExportQuery, 'format' | 'locale'>;

// One customer

type RelationshipJson = {
  status: number;
  partnerId: number | null;
  partnerName: string | null;
  partnerSurname: string | null;
};
type SampleJson = { id: number; status: number; barcode: string | null };
type OrderJson = {
  id: number;
  orderNumber: number;
  productTypeId: number;
  productTypeName: string;
  productTypeNameEn: string | null;
  amount: number;
  currency: string;
  complete: boolean;
  paidBy: number;
  dateOrderPaid: string | null;
  createdAt: string;
};

/**
 * The customer with their relationship, samples, orders, questionnaire and consultations in one
 * statement (issue 38): the detail is among the calls staff make most, and each further query was a
 * round trip of its own. The lists come as JSON arrays built in PostgreSQL. Orders and samples a
 * reader may not see are not read at all (an empty list): one statement per combination, each built
 * once.
 */
const customerQuery = (db: Executor, reads: { orders: boolean; samples: boolean }) =>
  builtOnce(
    db,
    `customer${reads.orders ? '' : ' without orders'}${reads.samples ? '' : ' without samples'}`,
    () => {
      // Qualified: a one-table select names its columns bare, which the subqueries' own tables would shadow.
      const customerId = sql`${customers}.id`;
      return db
        .select({
          ...getTableColumns(customers),
          relationship: sql<RelationshipJson | null>`(
        select json_build_object('status', cr.status, 'partnerId', cr.partner_id,
                                 'partnerName', partner.name, 'partnerSurname', partner.surname)
        from ${customerRelationships} cr left join ${customers} partner on partner.id = cr.partner_id
        where cr.customer_id = ${customerId} limit 1)`,
          samples: reads.samples
            ? sql<SampleJson[]>`coalesce((
        select json_agg(json_build_object('id', s.id, 'status', s.status, 'barcode', b.code) order by s.id)
        from ${samples} s left join ${barcodes} b on b.id = s.barcode_id
        where s.customer_id = ${customerId}), '[]')`
            : sql<SampleJson[]>`'[]'::json`,
          orders: reads.orders
            ? sql<OrderJson[]>`coalesce((
        select json_agg(json_build_object(
          'id', o.id, 'orderNumber', o.order_number, 'productTypeId', o.product_type_id,
          'productTypeName', t.name, 'productTypeNameEn', t.name_en, 'amount', o.amount,
          'currency', o.currency, 'complete', o.complete, 'paidBy', o.paid_by,
          'dateOrderPaid', o.date_order_paid, 'createdAt', o.created_at) order by o.id)
        from ${orders} o join ${productTypes} t on t.id = o.product_type_id
        where o.customer_id = ${customerId}), '[]')`
            : sql<OrderJson[]>`'[]'::json`,
          hasQuestionnaire: sql<boolean>`exists (select 1 from ${questionnaires} q where q.customer_id = ${customerId})`,
          hasResults: sql<boolean>`exists (select 1 from ${customerGenotypes} g where g.customer_id = ${customerId})`,
          reservationStatus: reservationStatusOf(customerId),
        })
        .from(customers)
        .where(and(eq(customers.id, sql.placeholder('id')), isNull(customers.erasedAt)));
    },
  );

/**
 * Who reads a customer's detail: their orders are finance data (SPEC §6, `Orders.View`) and their
 * samples the lab's (`Samples.View`), each answered to a reader who holds its permission and left out
 * (an empty list) for anyone else — as the audit trail masks the questionnaire's answers and the
 * report categories ask for `Products.View`.
 */
export type CustomerReader = Pick<Principal, 'permissions'>;

export async function getCustomer(db: Executor, id: number, reader: CustomerReader): Promise<CustomerDetail> {
  const [row] = await customerQuery(db, {
    orders: reader.permissions.has(Permissions.OrdersView),
    samples: reader.permissions.has(Permissions.SamplesView),
  }).execute({ id });
  if (!row) throw notFound();
  const relationship = row.relationship;
  const sampleRows = row.samples;
  const underage = isUnderage(row.dateOfBirth);
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    fullName: `${row.name} ${row.surname}`,
    email: row.email,
    gender: row.gender,
    dateOfBirth: row.dateOfBirth,
    isUnderage: underage,
    customerUnderage: underage,
    phonePrefix: row.phonePrefix,
    phone: row.phone,
    street: row.street,
    streetNumber: row.streetNumber,
    city: row.city,
    zipCode: row.zipCode,
    extID: row.extId,
    openLimsID: row.openLimsId,
    registrationSource: row.registrationSource,
    dateRegistration: row.dateRegistration.toISOString(),
    agreedToDataProcessing: row.agreedToDataProcessing,
    agreedToTermsOfService: row.agreedToTermsOfService,
    agreedToDNAAnalysis: row.agreedToDnaAnalysis,
    dnaConsentAt: row.dnaConsentAt?.toISOString() ?? null,
    legalHold:
      row.legalHoldReason !== null && row.legalHoldAt !== null
        ? { reason: row.legalHoldReason, at: row.legalHoldAt.toISOString() }
        : null,
    DNASampleUsageStatus: row.dnaSampleUsageStatus,
    agreedToSampleBeingUsedForScientificPurposes: row.agreedToScientificUse,
    agreedToSampleExamination: row.agreedToSampleExamination,
    dnaAgreementWasDigital: row.dnaAgreementWasDigital,
    notifyByEmail: row.notifyByEmail,
    notifyBySms: row.notifyBySms,
    language: row.language as Locale,
    relationship: {
      status: (relationship?.status ??
        RelationshipStatus.NotRequested) as CustomerDetail['relationship']['status'],
      partnerId: relationship?.partnerId ?? null,
      partnerFullName: relationship?.partnerName
        ? `${relationship.partnerName} ${relationship.partnerSurname}`
        : null,
    },
    samples: sampleRows.map((s) => ({ id: s.id, status: s.status, barcode: s.barcode })),
    orders: row.orders.map((order) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      productTypeId: order.productTypeId,
      productTypeName: order.productTypeName,
      productTypeNameEn: order.productTypeNameEn,
      // CZK at the API (as `getorder` answers), haléře as stored beside it.
      amount: fromMinorUnits(order.amount),
      amountMinor: order.amount,
      currency: order.currency,
      complete: order.complete,
      paidBy: order.paidBy,
      // JSON carries PostgreSQL's text of a timestamp; the API answers ISO strings in UTC.
      dateOrderPaid: order.dateOrderPaid === null ? null : new Date(order.dateOrderPaid).toISOString(),
      created: new Date(order.createdAt).toISOString(),
    })),
    hasQuestionnaire: row.hasQuestionnaire,
    hasResults: row.hasResults,
    reservationStatus: row.reservationStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// Writes

async function ensureEmailFree(db: Executor, email: string, exceptId?: number) {
  const [existing] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.email}) = ${email.toLowerCase()}`);
  if (existing && existing.id !== exceptId) throw conflict('duplicateCustomerEmail', 'Email');
}

/** A unique violation on the e-mail (two registrations racing) answers like the check before it. */
function asDuplicateEmail(error: unknown): never {
  const cause =
    (error as { cause?: { code?: string; constraint?: string } }).cause ??
    (error as { code?: string; constraint?: string });
  if (cause?.code === '23505' && cause.constraint === 'customers_email_lower_key')
    throw conflict('duplicateCustomerEmail', 'Email');
  throw error;
}

const normalisePhone = (phone: string) => phone.replace(/\s+/g, '');
const normalisePrefix = (prefix: string) => (prefix.startsWith('+') ? prefix : `+${prefix}`);

/** Audit field names: the spec's names of the customer's fields. */
const auditNames: Record<string, string> = {
  agreedToDnaAnalysis: 'agreedToDNAAnalysis',
  dnaSampleUsageStatus: 'DNASampleUsageStatus',
  agreedToScientificUse: 'agreedToSampleBeingUsedForScientificPurposes',
  openLimsId: 'openLimsID',
  extId: 'extID',
};
const named = (changes: FieldChange[]) =>
  changes.map((c) => ({ ...c, field: auditNames[c.field] ?? c.field }));

/**
 * Registration at the reception (`PUT admin/customers`): the customer; with a product type its order;
 * paid in cash, a completed cash payment, the order finalized and the sample waiting to be sent [2].
 * One transaction.
 */
export async function createCustomer(
  { db, jobs }: { db: Database; jobs: Jobs },
  by: Principal,
  input: CreateCustomerRequest,
) {
  const email = input.Email.trim();
  await ensureEmailFree(db, email);
  const passwordHash = await hashPassword(input.Password);
  const id = await transaction(db, async (tx) => {
    const [row] = await tx
      .insert(customers)
      .values({
        name: input.Name,
        surname: input.Surname,
        email,
        passwordHash,
        gender: input.Gender,
        dateOfBirth: input.DateOfBirth || null,
        phonePrefix: normalisePrefix(input.PhonePrefix),
        phone: normalisePhone(input.Phone),
        street: input.Street,
        streetNumber: input.StreetNumber,
        city: input.City,
        zipCode: input.Zipcode,
        registrationSource: RegistrationSource.Reception,
        agreedToTermsOfService: input.AgreeTerms,
        agreedToDataProcessing: input.AgreeProcessingData,
        agreedToSampleExamination: input.AgreedToSampleExamination,
        dnaSampleUsageStatus: input.DNASampleUsageStatus ?? null,
        agreedToScientificUse: input.AgreedToSampleBeingUsedForScientificPurposes,
        language: input.Language,
      })
      .returning({ id: customers.id })
      .catch(asDuplicateEmail);
    if (!row) throw new Error('customer insert returned nothing');
    const changes: FieldChange[] = [
      { field: 'created', oldValue: null, newValue: `${input.Name} ${input.Surname}` },
    ];
    // Ticked at the reception: the consent is recorded as the lab's current form, signed today.
    if (input.AgreedToDNAAnalysis) await insertDnaConsent(tx, by, row.id, false, tickedConsent());
    if (input.ProductTypeId) {
      const order = await createOrder(tx, row.id, input.ProductTypeId);
      changes.push({ field: 'order', oldValue: null, newValue: order.orderNumber });
      if (input.PaidInCash) {
        await payInCash(tx, jobs, by.id, order.id);
        // A new customer has no stored genotypes: finalizing creates their sample.
        const { sampleId } = await finalizeOrder(tx, order.id);
        changes.push({ field: 'payment', oldValue: null, newValue: 'cash' });
        changes.push({ field: 'sample', oldValue: null, newValue: sampleId });
      }
    }
    await audit(tx, { entity: 'customer', entityId: row.id, changedBy: by.id, changes });
    return row.id;
  });
  return getCustomer(db, id, by);
}

/** The edit (`POST admin/customers`); every changed field is audited. */
export async function editCustomer(db: Database, by: Principal, input: EditCustomerRequest) {
  const id = input.CustomerId;
  const email = input.Email.trim();
  await ensureEmailFree(db, email, id);
  await transaction(db, async (tx) => {
    // A consent recorded here may release held results, which lock the samples: they are locked
    // first, as every step the consent rule gates locks them (before the customer's row).
    if (input.AgreedToDNAAnalysis)
      await tx
        .select({ id: samples.id })
        .from(samples)
        .where(eq(samples.customerId, id))
        .orderBy(asc(samples.id))
        .for('update');
    const [before] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.id, id), isNull(customers.erasedAt)))
      .for('update');
    if (!before) throw notFound();
    // The consent is a record (issue 35): ticked without a valid one, the lab's current form is
    // recorded; unticking a valid one is refused — a withdrawal is its own action, with its date and
    // what happens next. A mirror left ticked without a valid record (data from before) is cleared.
    const validConsent = await validDnaConsentId(tx, id);
    if (input.AgreedToDNAAnalysis === false && validConsent !== null)
      throw unprocessable('consentUntickRefused', 'AgreedToDNAAnalysis');
    const recordConsent = input.AgreedToDNAAnalysis === true && validConsent === null;
    const after: Partial<typeof before> = {
      name: input.Name,
      surname: input.Surname,
      email,
      gender: input.Gender,
      phonePrefix: normalisePrefix(input.PhonePrefix),
      phone: normalisePhone(input.Phone),
      street: input.Street,
      streetNumber: input.StreetNumber,
      city: input.City,
      zipCode: input.Zipcode,
      ...(input.DateOfBirth !== undefined ? { dateOfBirth: input.DateOfBirth || null } : {}),
      ...(input.OpenLimsID !== undefined ? { openLimsId: input.OpenLimsID || null } : {}),
      ...(input.DNASampleUsageStatus !== undefined
        ? { dnaSampleUsageStatus: input.DNASampleUsageStatus }
        : {}),
      ...(input.AgreedToSampleBeingUsedForScientificPurposes !== undefined
        ? { agreedToScientificUse: input.AgreedToSampleBeingUsedForScientificPurposes }
        : {}),
      ...(input.AgreedToSampleExamination !== undefined
        ? { agreedToSampleExamination: input.AgreedToSampleExamination }
        : {}),
      ...(input.AgreedToDNAAnalysis === false && before.agreedToDnaAnalysis
        ? { agreedToDnaAnalysis: false, dnaConsentAt: null }
        : {}),
      ...(input.NotifyByEmail !== undefined ? { notifyByEmail: input.NotifyByEmail } : {}),
      ...(input.NotifyBySms !== undefined ? { notifyBySms: input.NotifyBySms } : {}),
      ...(input.Language !== undefined ? { language: input.Language } : {}),
    };
    await tx
      .update(customers)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(customers.id, id))
      .catch(asDuplicateEmail);
    await audit(tx, {
      entity: 'customer',
      entityId: id,
      changedBy: by.id,
      changes: named(
        diff(before, after, [
          'name',
          'surname',
          'email',
          'gender',
          'dateOfBirth',
          'phonePrefix',
          'phone',
          'street',
          'streetNumber',
          'city',
          'zipCode',
          'openLimsId',
          'dnaSampleUsageStatus',
          'agreedToScientificUse',
          'agreedToSampleExamination',
          'agreedToDnaAnalysis',
          'notifyByEmail',
          'notifyBySms',
          'language',
        ]),
      ),
    });
    if (recordConsent) await insertDnaConsent(tx, by, id, before.agreedToDnaAnalysis, tickedConsent());
  });
  return getCustomer(db, id, by);
}

// Reads around a customer

async function ensureCustomer(db: Executor, id: number) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.erasedAt)));
  if (!row) throw notFound();
}

/** The customer's audit trail, with its samples' and questionnaire's, newest first. */
/**
 * `readsAnswers`: the reader holds Questionnaires.View — else a questionnaire correction shows who
 * changed which question when, not the answers (health data).
 */
export async function customerAudit(
  db: Executor,
  id: number,
  readsAnswers: boolean,
): Promise<CustomerAuditEntry[]> {
  await ensureCustomer(db, id);
  const rows = await db
    .select({ entry: auditLog, userId: users.id, userName: users.userName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.changedBy))
    .where(
      or(
        and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, id)),
        and(
          eq(auditLog.entity, 'sample'),
          inArray(
            auditLog.entityId,
            db.select({ id: samples.id }).from(samples).where(eq(samples.customerId, id)),
          ),
        ),
        and(
          eq(auditLog.entity, 'questionnaire'),
          inArray(
            auditLog.entityId,
            db
              .select({ id: questionnaires.id })
              .from(questionnaires)
              .where(eq(questionnaires.customerId, id)),
          ),
        ),
      ),
    )
    .orderBy(desc(auditLog.changedAt), desc(auditLog.id));
  return rows.map(({ entry, userId, userName }) => {
    const masked = entry.entity === 'questionnaire' && !readsAnswers;
    return {
      id: entry.id,
      entity: entry.entity,
      entityId: entry.entityId,
      field: entry.field,
      oldValue: masked ? null : entry.oldValue,
      newValue: masked ? null : entry.newValue,
      changedAt: entry.changedAt.toISOString(),
      changedBy: userId !== null && userName !== null ? { id: userId, userName } : null,
      masked,
    };
  });
}

/**
 * The report categories of the customer: the categories of their reports' content, each with the
 * number of distinct phenotypes placed in it, in catalogue order. None before a report exists.
 */
export async function customerCategories(db: Executor, id: number) {
  await ensureCustomer(db, id);
  const result = await db.execute<{ id: number; name: string; nameEn: string; phenotypeCount: number }>(sql`
    select (category->>'id')::bigint as "id",
           min(category->>'name') as "name",
           min(category->>'nameEn') as "nameEn",
           count(distinct phenotype->>'geneCombinationId')::int as "phenotypeCount"
    from products p
    cross join lateral jsonb_array_elements(p.content->'categories') as category
    cross join lateral jsonb_array_elements(category->'subcategories') as subcategory
    cross join lateral jsonb_array_elements(subcategory->'phenotypes') as phenotype
    where p.customer_id = ${id}
    group by (category->>'id')::bigint
    order by min(category->>'name'), 1`);
  return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
}
