import {
  type AccessKind,
  type AccessLogEntry,
  type AccessLogExportQuery,
  type AccessLogQuery,
  accessKindLabels,
  accessKinds,
  type CustomerAccessLogQuery,
  type Locale,
  type Page,
} from '@genodesk/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  alphabetical,
  likePattern,
  listPage,
  orderBy,
  pageLimit,
  pageStart,
  withinPragueDays,
} from '../../db/listing.js';
import { accessLog, customers, users } from '../../db/schema/index.js';
import { type ExportColumn, type ExportTally, exportTable, pragueMomentCell } from '../../db/table-export.js';

type AccessLogFilter = Partial<
  Pick<AccessLogQuery, 'kind' | 'userId' | 'customerId' | 'from' | 'to' | 'search'>
>;

/**
 * The WHERE of the access log: only `access_log` columns, so the count needs no join. Each filter has
 * its index: kind and user (b-tree with the time), customer (GIN `customer_ids @> array[id]`), days
 * (the time).
 */
function accessLogFilter(query: AccessLogFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.kind) conditions.push(eq(accessLog.kind, query.kind));
  if (query.userId) conditions.push(eq(accessLog.userId, query.userId));
  if (query.customerId)
    conditions.push(sql`${accessLog.customerIds} @> array[${query.customerId}]::bigint[]`);
  conditions.push(...withinPragueDays(accessLog.occurredAt, query.from, query.to));
  const term = query.search?.trim();
  if (term) {
    const pattern = likePattern(term);
    // Staff are few: their ids matching the term, then the rows through the user index.
    conditions.push(
      sql`(${accessLog.userId} in (select ${users.id} from ${users} where lower(${users.email} || ' ' || ${users.userName}) like ${pattern}) or lower(${accessLog.address}) like ${pattern})`,
    );
  }
  return and(...conditions);
}

/** A kind's label in the reader's language, so sorting by kind follows what the column shows. */
function kindLabel(locale: Locale): SQL {
  const cases = accessKinds.map((kind) => sql`when ${kind} then ${accessKindLabels[kind][locale]}`);
  return sql`lower(case ${accessLog.kind} ${sql.join(cases, sql` `)} else ${accessLog.kind} end)`;
}

const accessLogOrder = (sort: string | undefined, locale: Locale) =>
  orderBy(
    sort,
    {
      occurredAt: sql`${accessLog.occurredAt}`,
      kind: kindLabel(locale),
      user: alphabetical(users.userName),
    },
    '-occurredAt',
    sql`${accessLog.id}`,
  );

/** The one customer of a read (none for an export of several): joined for the name. */
const onlyCustomer = sql`case when cardinality(${accessLog.customerIds}) = 1 then ${accessLog.customerIds}[1] end`;

const entryColumns = {
  id: accessLog.id,
  occurredAt: accessLog.occurredAt,
  kind: accessLog.kind,
  entityId: accessLog.entityId,
  customerIds: accessLog.customerIds,
  rows: accessLog.rows,
  detail: accessLog.detail,
  address: accessLog.address,
  screen: accessLog.screen,
  userId: users.id,
  userName: users.userName,
  email: users.email,
  customerId: customers.id,
  customerName: customers.name,
  customerSurname: customers.surname,
  customerErasedAt: customers.erasedAt,
};

type EntryRow = {
  id: number;
  occurredAt: Date;
  kind: string;
  entityId: number | null;
  customerIds: number[];
  rows: number | null;
  detail: string | null;
  address: string | null;
  screen: string | null;
  userId: number | null;
  userName: string | null;
  email: string | null;
  customerId: number | null;
  customerName: string | null;
  customerSurname: string | null;
  customerErasedAt: Date | null;
};

function toEntry(row: EntryRow): AccessLogEntry {
  const only = row.customerIds.length === 1 ? row.customerIds[0] : undefined;
  return {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    kind: row.kind as AccessKind,
    user:
      row.userId !== null ? { id: row.userId, userName: row.userName ?? '', email: row.email ?? '' } : null,
    entityId: row.entityId,
    // The name of a customer who is gone (deleted, or erased and anonymised) is not shown: the id stays.
    customer:
      only === undefined
        ? null
        : {
            id: only,
            fullName:
              row.customerId !== null && row.customerErasedAt === null
                ? `${row.customerName} ${row.customerSurname}`
                : null,
          },
    customerCount: row.customerIds.length,
    rows: row.rows,
    detail: row.detail,
    address: row.address,
    screen: row.screen,
  };
}

async function accessLogPage(
  db: Database,
  query: AccessLogFilter & { page: number; pageSize: number; sort?: string },
  locale: Locale,
): Promise<Page<AccessLogEntry>> {
  const where = accessLogFilter(query);
  const rows = await db
    .select(entryColumns)
    .from(accessLog)
    .leftJoin(users, eq(users.id, accessLog.userId))
    .leftJoin(customers, eq(customers.id, onlyCustomer))
    .where(where)
    .orderBy(accessLogOrder(query.sort, locale))
    .limit(pageLimit(query))
    .offset(pageStart(query));
  return listPage(db, query, rows.map(toEntry), db.select({ one: sql`1` }).from(accessLog).where(where));
}

/**
 * `GET admin/accesslog`: who read which customer's data, newest first; filtered by kind, user, customer
 * and Prague days, searched by the user's name or e-mail or the address; paged in SQL.
 */
export const listAccessLog = (db: Database, query: AccessLogQuery, locale: Locale) =>
  accessLogPage(db, query, locale);

/** `GET admin/customers/accesslog`: who read one customer's data (the customer's "who viewed" tab). */
export const customerAccessLog = (db: Database, query: CustomerAccessLogQuery, locale: Locale) =>
  accessLogPage(db, { ...query, customerId: query.CustomerId }, locale);

type ExportRow = {
  occurredAt: Date;
  kind: string;
  userName: string | null;
  email: string | null;
  entityId: number | null;
  customerIds: number[];
  rows: number | null;
  detail: string | null;
  address: string | null;
  screen: string | null;
};

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

const columns: ExportColumn<ExportRow>[] = [
  { header: { cs: 'Čas', en: 'Time' }, cell: (r) => pragueMomentCell(r.occurredAt) },
  { header: { cs: 'Uživatel', en: 'User' }, cell: (r) => text(r.userName) },
  { header: { cs: 'E-mail uživatele', en: "User's e-mail" }, cell: (r) => text(r.email) },
  {
    header: { cs: 'Co', en: 'What' },
    cell: (r, locale) => accessKindLabels[r.kind as AccessKind]?.[locale] ?? r.kind,
  },
  { header: { cs: 'ID záznamu', en: 'Record ID' }, cell: (r) => text(r.entityId) },
  // Ids only: an export of the log hands out no customer's name.
  { header: { cs: 'Zákazníci (ID)', en: 'Customers (IDs)' }, cell: (r) => r.customerIds.join(' ') },
  { header: { cs: 'Řádků', en: 'Rows' }, cell: (r) => text(r.rows) },
  { header: { cs: 'Podrobnosti', en: 'Detail' }, cell: (r) => text(r.detail) },
  { header: { cs: 'Adresa', en: 'Address' }, cell: (r) => text(r.address) },
  { header: { cs: 'Obrazovka', en: 'Screen' }, cell: (r) => text(r.screen) },
];

/** The cursor answers database column names; `customer_ids` arrives as text ids. */
function toExportRow(raw: Record<string, unknown>): ExportRow {
  return {
    occurredAt: raw.occurred_at as Date,
    kind: String(raw.kind),
    userName: (raw.user_name as string | null) ?? null,
    email: (raw.email as string | null) ?? null,
    entityId: raw.entity_id === null ? null : Number(raw.entity_id),
    customerIds: ((raw.customer_ids as unknown[] | null) ?? []).map(Number),
    rows: raw.rows === null ? null : Number(raw.rows),
    detail: (raw.detail as string | null) ?? null,
    address: (raw.address as string | null) ?? null,
    screen: (raw.screen as string | null) ?? null,
  };
}

/**
 * `GET admin/accesslog/export`: the log's filters and sort, every row, as CSV or XLSX; `recorded` is
 * told the rows and customers read (an export of the log is itself a read of whose data it lists).
 */
export async function exportAccessLog(
  db: Database,
  query: AccessLogExportQuery,
  locale: Locale,
  recorded?: ExportTally<ExportRow>['done'],
) {
  return exportTable<ExportRow>(db, {
    query: db
      .select({
        occurredAt: accessLog.occurredAt,
        kind: accessLog.kind,
        userName: sql<string | null>`${users.userName}`.as('user_name'),
        email: sql<string | null>`${users.email}`.as('email'),
        entityId: accessLog.entityId,
        customerIds: accessLog.customerIds,
        rows: accessLog.rows,
        detail: accessLog.detail,
        address: accessLog.address,
        screen: accessLog.screen,
      })
      .from(accessLog)
      .leftJoin(users, eq(users.id, accessLog.userId))
      .where(accessLogFilter(query))
      // A bad sort is refused (400) here, before the stream starts.
      .orderBy(accessLogOrder(query.sort, locale)),
    toRow: toExportRow,
    columns,
    sheet: { cs: 'Přístupy k údajům', en: 'Data access log' },
    fileStem: 'access-log',
    format: query.format,
    locale,
    tally: recorded && { customerIdsOf: (row) => row.customerIds, done: recorded },
  });
}
