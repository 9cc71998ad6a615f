import {
  type ConsentStep,
  type Locale,
  parsePragueTimestamp,
  type Sample,
  type SampleListQuery,
  type SamplePage,
  SampleStatus,
  type SampleType,
  type SampleWorkList,
  type SetSampleStatusRequest,
  sampleStatusLabels,
  sampleWorkLists,
} from '@genodesk/contract';
import { and, asc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { builtOnce, inlineValues, QueryValues } from '../../db/built-once.js';
import { type Database, type Executor, type Tx, transaction } from '../../db/client.js';
import { likePattern, listPage, orderBy, pageLimit, pageStart } from '../../db/listing.js';
import { barcodes, customers, samples, users } from '../../db/schema/index.js';
import { AppError, conflict, notFound, unprocessable } from '../../http/errors.js';
import { audit, type FieldChange } from '../audit/audit.js';
import { customerMatches } from '../customers/customer-search.js';
import { requireDnaConsent } from '../customers/dna-consent.js';
import { customerNameOrder } from '../customers/full-name.js';

const sampleColumns = {
  id: samples.id,
  status: samples.status,
  customerId: samples.customerId,
  name: customers.name,
  surname: customers.surname,
  email: customers.email,
  // Read from the consent records (issue 35), as the one rule reads them — not from the mirror flag.
  dnaConsent: sql<boolean>`exists (select 1 from dna_consents dc where dc.customer_id = ${samples.customerId} and dc.withdrawn_at is null)`,
  orderId: samples.orderId,
  orderNumber: sql<number | null>`(select o.order_number from orders o where o.id = ${samples.orderId})`,
  sampleType: samples.sampleType,
  collectedAt: samples.collectedAt,
  barcode: barcodes.code,
  sentAt: samples.sentAt,
  receivedAt: samples.receivedAt,
  receivedById: users.id,
  receivedByName: users.userName,
  analysisStartedAt: samples.analysisStartedAt,
  createdAt: samples.createdAt,
  updatedAt: samples.updatedAt,
};

type SampleRow = {
  id: number;
  status: number;
  customerId: number;
  name: string;
  surname: string;
  email: string;
  dnaConsent: boolean;
  orderId: number | null;
  orderNumber: number | string | null;
  sampleType: string;
  collectedAt: Date | null;
  barcode: string | null;
  sentAt: Date | null;
  receivedAt: Date | null;
  receivedById: number | null;
  receivedByName: string | null;
  analysisStartedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const toSample = (row: SampleRow): Sample => ({
  id: row.id,
  status: row.status,
  customerId: row.customerId,
  customerName: `${row.name} ${row.surname}`,
  customerEmail: row.email,
  dnaConsent: row.dnaConsent,
  orderId: row.orderId,
  orderNumber: row.orderNumber === null ? null : Number(row.orderNumber),
  sampleType: row.sampleType as SampleType,
  collectedAt: row.collectedAt?.toISOString() ?? null,
  hasBarcode: row.barcode !== null,
  barcode: row.barcode,
  sentAt: row.sentAt?.toISOString() ?? null,
  receivedAt: row.receivedAt?.toISOString() ?? null,
  receivedByUser:
    row.receivedById !== null && row.receivedByName !== null
      ? { id: row.receivedById, userName: row.receivedByName }
      : null,
  analysisStartedAt: row.analysisStartedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const selectSamples = (db: Executor) =>
  db
    .select(sampleColumns)
    .from(samples)
    .innerJoin(customers, eq(customers.id, samples.customerId))
    .leftJoin(barcodes, eq(barcodes.id, samples.barcodeId))
    .leftJoin(users, eq(users.id, samples.receivedBy));

/** A search matching at most this many customers and barcodes finds its samples through their ids. */
const searchCandidateLimit = 2_000;

/**
 * The samples whose customer (its search column) or barcode contains `term`. A selective term reads
 * both trigram indexes first and the samples by their customer and barcode indexes; a broad one
 * (more candidates) filters the list's own order walk, which finds a page of matches soon, and is
 * counted through the samples of the customers already found first (`subset`).
 */
async function sampleSearch(db: Executor, term: string): Promise<{ where: SQL; subset?: SQL }> {
  const pattern = likePattern(term);
  const byCustomer = customerMatches(pattern);
  const customerIds = await db
    .select({ id: customers.id })
    .from(customers)
    .where(byCustomer)
    .limit(searchCandidateLimit + 1);
  const barcodeIds =
    customerIds.length > searchCandidateLimit
      ? []
      : await db
          .select({ id: barcodes.id })
          .from(barcodes)
          .where(sql`lower(${barcodes.code}) like ${pattern}`)
          .limit(searchCandidateLimit + 1);
  if (customerIds.length > searchCandidateLimit || barcodeIds.length > searchCandidateLimit)
    return {
      where: sql`(${byCustomer} or lower(${barcodes.code}) like ${pattern})`,
      subset: inArray(
        samples.customerId,
        customerIds.map((c) => c.id),
      ),
    };
  return {
    where: or(
      inArray(
        samples.customerId,
        customerIds.map((c) => c.id),
      ),
      inArray(
        samples.barcodeId,
        barcodeIds.map((b) => b.id),
      ),
    ) as SQL,
  };
}

/** Samples, paged; `list` is one of the work lists of DOMAIN §1, `status` any statuses. */
export async function listSamples(db: Executor, query: SampleListQuery): Promise<SamplePage> {
  const search = query.search ? await sampleSearch(db, query.search) : undefined;
  const conditionsWith = (values: QueryValues) => {
    const conditions: SQL[] = [];
    if (query.status?.length) conditions.push(inArray(samples.status, query.status));
    if (query.list)
      conditions.push(inArray(samples.status, [...sampleWorkLists[query.list as SampleWorkList]]));
    if (query.customerId) conditions.push(eq(samples.customerId, values.of('customerId', query.customerId)));
    if (query.hasBarcode !== undefined)
      conditions.push(query.hasBarcode ? isNotNull(samples.barcodeId) : isNull(samples.barcodeId));
    return conditions;
  };
  const conditions = conditionsWith(inlineValues());
  const where = and(...conditions, search?.where);
  const order = orderBy(
    query.sort,
    {
      id: sql`${samples.id}`,
      status: sql`${samples.status}`,
      customerName: customerNameOrder,
      barcode: sql`${barcodes.code}`,
      receivedAt: sql`${samples.receivedAt}`,
      updatedAt: sql`${samples.updatedAt}`,
      createdAt: sql`${samples.createdAt}`,
    },
    '-updatedAt',
    sql`${samples.id}`,
  );
  const page = (where: SQL | undefined) =>
    selectSamples(db).where(where).orderBy(order).limit(pageLimit(query)).offset(pageStart(query));
  // A search or a choice of statuses is built for the call; the work lists are built once per shape.
  const values = new QueryValues('placeholders');
  const withPlaceholders = and(...conditionsWith(values));
  const rows =
    search || query.status?.length
      ? await page(where)
      : await builtOnce(
          db,
          values.shape('samples', query.list, query.hasBarcode, query.sort, query.page, query.pageSize),
          () => page(withPlaceholders),
        ).execute(values.values);
  return listPage(
    db,
    query,
    rows.map(toSample),
    db
      .select({ one: sql`1` })
      .from(samples)
      .innerJoin(customers, eq(customers.id, samples.customerId))
      .leftJoin(barcodes, eq(barcodes.id, samples.barcodeId))
      .where(where),
    search?.subset && {
      subset: db
        .select({ one: sql`1` })
        .from(samples)
        .where(and(...conditions, search.subset)),
    },
  );
}

async function samplesByIds(db: Executor, ids: number[]): Promise<Sample[]> {
  const rows = await selectSamples(db).where(inArray(samples.id, ids)).orderBy(asc(samples.id));
  return rows.map(toSample);
}

export async function getSample(db: Executor, id: number): Promise<Sample> {
  const [sample] = await samplesByIds(db, [id]);
  if (!sample) throw notFound();
  return sample;
}

/**
 * `GET admin/samples/bybarcode`: the sample a scanned barcode names, through the barcodes' unique index.
 * A scanner types what the label says; a person may type it in lower case or with spaces.
 */
export async function sampleByBarcode(
  db: Executor,
  scanned: string,
): Promise<{ id: number; status: number }> {
  const code = scanned.replace(/\s+/g, '').toUpperCase();
  const [row] = await db
    .select({ id: samples.id, status: samples.status })
    .from(barcodes)
    .innerJoin(samples, eq(samples.barcodeId, barcodes.id))
    .where(eq(barcodes.code, code));
  if (!row)
    throw new AppError(
      404,
      'NOT_FOUND',
      'unknownBarcode',
      { barcode: { key: 'unknownBarcode', params: { barcode: scanned } } },
      { barcode: scanned },
    );
  return row;
}

/**
 * The step of the consent rule a status stands for (issue 35): a sample moved by hand into one of them
 * needs the customer's valid consent as the work-list action would. The statuses before anything is
 * done with the DNA (1, 2, 7) need none, so a sample can always be set back.
 */
const consentStepOfStatus: Partial<Record<SampleStatus, ConsentStep>> = {
  [SampleStatus.SentToCustomer]: 'kitSending',
  [SampleStatus.ReceivedBack]: 'receipt',
  [SampleStatus.TakenAtEntryConsultation]: 'sampling',
  [SampleStatus.TakenAtCentreWithoutConsultation]: 'sampling',
  [SampleStatus.InAnalysis]: 'analysis',
  [SampleStatus.LabAnalysisFinished]: 'pairing',
  [SampleStatus.ResultsPublishedOnline]: 'publication',
  [SampleStatus.ResultsRequireConsultation]: 'invitation',
};

/**
 * `POST admin/samples/`: staff set any status 1–11 directly (and the sample's type and collection
 * time); audited. A move into a status the consent rule gates asks the rule first.
 */
export async function setSampleStatus(
  db: Database,
  by: Principal,
  input: SetSampleStatusRequest,
  locale: Locale = 'cs',
) {
  await transaction(db, async (tx) => {
    const [before] = await tx
      .select({
        status: samples.status,
        customerId: samples.customerId,
        sampleType: samples.sampleType,
        collectedAt: samples.collectedAt,
      })
      .from(samples)
      .where(eq(samples.id, input.SampleId))
      .for('update');
    if (!before) throw notFound();
    const step = consentStepOfStatus[input.Status as SampleStatus];
    if (step && input.Status !== before.status)
      await requireDnaConsent(tx, [before.customerId], step, locale, 'Status');
    const collectedAt =
      input.CollectedAt === undefined
        ? before.collectedAt
        : input.CollectedAt
          ? (parsePragueTimestamp(input.CollectedAt) ?? null)
          : null;
    const sampleType = input.SampleType ?? before.sampleType;
    await tx
      .update(samples)
      .set({ status: input.Status, sampleType, collectedAt, updatedAt: new Date() })
      .where(eq(samples.id, input.SampleId));
    await audit(tx, {
      entity: 'sample',
      entityId: input.SampleId,
      changedBy: by.id,
      changes: [
        { field: 'status', oldValue: before.status, newValue: input.Status },
        { field: 'sampleType', oldValue: before.sampleType, newValue: sampleType },
        {
          field: 'collectedAt',
          oldValue: before.collectedAt?.toISOString() ?? null,
          newValue: collectedAt?.toISOString() ?? null,
        },
      ],
    });
  });
  return getSample(db, input.SampleId);
}

// Work-list actions (DOMAIN §1): single or bulk, all or nothing, each one transaction.

export type SampleAction = 'send' | 'receive' | 'startAnalysis' | 'samplingAtCentre';

const S = SampleStatus;
const actions: Record<
  SampleAction,
  { from: SampleStatus[]; to: SampleStatus; label: Record<Locale, string>; consentStep: ConsentStep }
> = {
  send: {
    from: [S.WaitingToBeSent],
    to: S.SentToCustomer,
    label: { cs: 'odeslat', en: 'send' },
    consentStep: 'kitSending',
  },
  receive: {
    from: [S.SentToCustomer],
    to: S.ReceivedBack,
    label: { cs: 'přijmout', en: 'receive' },
    consentStep: 'receipt',
  },
  startAnalysis: {
    from: [S.ReceivedBack, S.TakenAtEntryConsultation, S.TakenAtCentreWithoutConsultation],
    to: S.InAnalysis,
    label: { cs: 'zahájit analýzu', en: 'start the analysis' },
    consentStep: 'analysis',
  },
  samplingAtCentre: {
    from: [
      S.ToBeTakenAtEntryConsultation,
      S.WaitingToBeSent,
      S.SentToCustomer,
      S.ConsultationForSamplingReserved,
    ],
    to: S.TakenAtCentreWithoutConsultation,
    label: { cs: 'odebrat v centru', en: 'sample at the centre' },
    consentStep: 'sampling',
  },
};

/** Takes the lowest free barcode; a concurrent sender skips it rather than waiting for it. */
async function takeFreeBarcode(tx: Tx): Promise<{ id: number; code: string }> {
  const result = await tx.execute<{ id: number; code: string }>(sql`
    update ${barcodes} set assigned_at = now()
    where id = (select id from ${barcodes} where assigned_at is null order by id limit 1 for update skip locked)
    returning id, code`);
  const row = result.rows[0];
  if (!row) throw conflict('noFreeBarcode');
  return { id: Number(row.id), code: row.code };
}

export async function runSampleAction(
  db: Database,
  by: Principal,
  action: SampleAction,
  ids: number[],
  locale: Locale,
  /** The status each sample had on the caller's screen (`Expected`); checked before anything is done. */
  expected: { SampleId: number; Status: number }[] = [],
  /** At receipt: the sample's type and when it was taken, as the kit's form says (issue 35). */
  details: { SampleType?: SampleType; CollectedAt?: string | null } = {},
): Promise<{ items: Sample[] }> {
  const rule = actions[action];
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await transaction(db, async (tx) => {
    const locked = await tx
      .select({
        id: samples.id,
        status: samples.status,
        barcodeId: samples.barcodeId,
        customerId: samples.customerId,
      })
      .from(samples)
      .innerJoin(customers, eq(customers.id, samples.customerId))
      .where(inArray(samples.id, sorted))
      .orderBy(asc(samples.id))
      .for('update', { of: samples });
    if (locked.length !== sorted.length) throw notFound();
    const shown = new Map(expected.map((e) => [e.SampleId, e.Status]));
    const changed = locked.find((s) => shown.has(s.id) && shown.get(s.id) !== s.status);
    if (changed)
      throw conflict('sampleStateChanged', 'SampleIds', {
        id: changed.id,
        status: sampleStatusLabels[changed.status as SampleStatus][locale],
      });
    // Genetic testing only with the person's valid consent (the one rule, issue 35): no kit goes out,
    // no sample is taken, taken in or analysed without it.
    await requireDnaConsent(
      tx,
      locked.map((s) => s.customerId),
      rule.consentStep,
      locale,
      'SampleIds',
    );
    const wrong = locked.find((s) => !rule.from.includes(s.status as SampleStatus));
    if (wrong)
      throw unprocessable('sampleWrongStatus', 'SampleIds', {
        id: wrong.id,
        status: sampleStatusLabels[wrong.status as SampleStatus][locale],
        action: rule.label[locale],
      });
    const now = new Date();
    for (const sample of locked) {
      const changes: FieldChange[] = [{ field: 'status', oldValue: sample.status, newValue: rule.to }];
      const set: Partial<typeof samples.$inferInsert> = { status: rule.to, updatedAt: now };
      if (action === 'send') {
        set.sentAt = now;
        set.sentBy = by.id;
        if (sample.barcodeId === null) {
          const barcode = await takeFreeBarcode(tx);
          set.barcodeId = barcode.id;
          changes.push({ field: 'barcode', oldValue: null, newValue: barcode.code });
          await tx
            .update(customers)
            .set({ extId: barcode.code, updatedAt: now })
            .where(eq(customers.id, sample.customerId));
        }
      } else if (action === 'receive') {
        set.receivedAt = now;
        set.receivedBy = by.id;
        if (details.SampleType) set.sampleType = details.SampleType;
        if (details.CollectedAt !== undefined)
          set.collectedAt = details.CollectedAt ? (parsePragueTimestamp(details.CollectedAt) ?? null) : null;
      } else if (action === 'startAnalysis') {
        set.analysisStartedAt = now;
      }
      await tx.update(samples).set(set).where(eq(samples.id, sample.id));
      await audit(tx, { entity: 'sample', entityId: sample.id, changedBy: by.id, changes });
    }
  });
  return { items: await samplesByIds(db, sorted) };
}
