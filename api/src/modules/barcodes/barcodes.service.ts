import type { Barcode, BarcodeBatch, BarcodeListQuery, ListQuery, Page } from '@genodesk/contract';
import { and, asc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { type Database, type Executor, transaction } from '../../db/client.js';
import { likePattern, listPage, orderBy, pageLimit, pageStart } from '../../db/listing.js';
import { barcodeBatches, barcodes, customers, samples, users } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';

/** The pool: every barcode, free or assigned (and to which sample). */
export async function listBarcodes(db: Executor, query: BarcodeListQuery): Promise<Page<Barcode>> {
  const conditions: SQL[] = [];
  if (query.search) conditions.push(sql`lower(${barcodes.code}) like ${likePattern(query.search)}`);
  if (query.state === 'free') conditions.push(isNull(barcodes.assignedAt));
  if (query.state === 'assigned') conditions.push(isNotNull(barcodes.assignedAt));
  if (query.batchId) conditions.push(eq(barcodes.batchId, query.batchId));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = orderBy(
    query.sort,
    {
      code: sql`${barcodes.code}`,
      batchId: sql`${barcodes.batchId}`,
      assignedAt: sql`${barcodes.assignedAt}`,
      createdAt: sql`${barcodes.createdAt}`,
    },
    'code',
    sql`${barcodes.id}`,
  );
  const rows = await db
    .select({
      barcode: barcodes,
      sampleId: samples.id,
      sampleStatus: samples.status,
      customerId: customers.id,
      name: customers.name,
      surname: customers.surname,
    })
    .from(barcodes)
    .leftJoin(samples, eq(samples.barcodeId, barcodes.id))
    .leftJoin(customers, eq(customers.id, samples.customerId))
    .where(where)
    .orderBy(order)
    .limit(pageLimit(query))
    .offset(pageStart(query));
  return listPage(
    db,
    query,
    rows.map((r) => ({
      id: r.barcode.id,
      code: r.barcode.code,
      batchId: r.barcode.batchId,
      free: r.barcode.assignedAt === null,
      assignedAt: r.barcode.assignedAt?.toISOString() ?? null,
      sample:
        r.sampleId !== null && r.sampleStatus !== null && r.customerId !== null
          ? {
              id: r.sampleId,
              status: r.sampleStatus,
              customerId: r.customerId,
              customerName: `${r.name} ${r.surname}`,
            }
          : null,
      createdAt: r.barcode.createdAt.toISOString(),
    })),
    db.select({ one: sql`1` }).from(barcodes).where(where),
  );
}

const batchColumns = {
  id: barcodeBatches.id,
  count: barcodeBatches.count,
  createdAt: barcodeBatches.createdAt,
  createdById: users.id,
  createdByName: users.userName,
  freeCount: sql<number>`(select count(*)::int from ${barcodes} where ${barcodes.batchId} = ${barcodeBatches.id} and ${barcodes.assignedAt} is null)`,
};

type BatchRow = {
  id: number;
  count: number;
  createdAt: Date;
  createdById: number | null;
  createdByName: string | null;
  freeCount: number;
};

const toBatchSummary = (row: BatchRow) => ({
  id: row.id,
  count: row.count,
  createdAt: row.createdAt.toISOString(),
  createdBy:
    row.createdById !== null && row.createdByName !== null
      ? { id: row.createdById, userName: row.createdByName }
      : null,
  freeCount: row.freeCount,
});

export async function listBatches(db: Executor, query: ListQuery) {
  const rows = await db
    .select(batchColumns)
    .from(barcodeBatches)
    .leftJoin(users, eq(users.id, barcodeBatches.createdBy))
    .orderBy(
      orderBy(
        query.sort,
        { id: sql`${barcodeBatches.id}`, createdAt: sql`${barcodeBatches.createdAt}` },
        '-createdAt',
        sql`${barcodeBatches.id}`,
      ),
    )
    .limit(pageLimit(query))
    .offset(pageStart(query));
  return listPage(db, query, rows.map(toBatchSummary), db.select({ one: sql`1` }).from(barcodeBatches));
}

/** A batch with its codes in order: the data of its printable Code 128 labels. */
export async function getBatch(db: Executor, id: number): Promise<BarcodeBatch> {
  const [row] = await db
    .select(batchColumns)
    .from(barcodeBatches)
    .leftJoin(users, eq(users.id, barcodeBatches.createdBy))
    .where(eq(barcodeBatches.id, id));
  if (!row) throw notFound();
  const codes = await db
    .select({ code: barcodes.code, assignedAt: barcodes.assignedAt })
    .from(barcodes)
    .where(eq(barcodes.batchId, id))
    .orderBy(asc(barcodes.id));
  return { ...toBatchSummary(row), codes: codes.map((c) => ({ code: c.code, free: c.assignedAt === null })) };
}

/**
 * Generates `count` new barcodes as one batch: 'GD' and the next numbers of a sequence in 8 digits,
 * unique by the sequence and, in the end, by the unique index on the code.
 */
export async function createBatch(db: Database, by: Principal, count: number): Promise<BarcodeBatch> {
  const id = await transaction(db, async (tx) => {
    const [batch] = await tx
      .insert(barcodeBatches)
      .values({ count, createdBy: by.id })
      .returning({ id: barcodeBatches.id });
    if (!batch) throw new Error('batch insert returned nothing');
    await tx.execute(sql`
      insert into ${barcodes} (code, batch_id)
      select 'GD' || lpad(nextval('barcode_number_seq')::text, 8, '0'), ${batch.id}
      from generate_series(1, ${count})`);
    return batch.id;
  });
  return getBatch(db, id);
}
