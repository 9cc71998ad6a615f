import { type ReanalysisRun, ReanalysisStatus } from '@genodesk/contract';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { type Database, type Executor, transaction } from '../../db/client.js';
import { products, reanalysisRuns, users } from '../../db/schema/index.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Jobs } from '../../jobs/queue.js';
import { customersWithoutConsent } from '../customers/dna-consent.js';
import type { PreparedCatalogue } from './generation.js';
import { loadCatalogue, reanalyseProducts } from './generation.service.js';

/** Reports per transaction of a reanalysis of all. */
export const reanalysisBatch = 200;

const runColumns = {
  id: reanalysisRuns.id,
  productId: reanalysisRuns.productId,
  status: reanalysisRuns.status,
  total: reanalysisRuns.total,
  done: reanalysisRuns.done,
  changed: reanalysisRuns.changed,
  requestedAt: reanalysisRuns.requestedAt,
  requestedById: users.id,
  requestedByName: users.userName,
  finishedAt: reanalysisRuns.finishedAt,
  error: reanalysisRuns.error,
};

async function findRun(db: Executor, where: ReturnType<typeof eq>): Promise<ReanalysisRun | undefined> {
  const [row] = await db
    .select(runColumns)
    .from(reanalysisRuns)
    .leftJoin(users, eq(users.id, reanalysisRuns.requestedBy))
    .where(where)
    .orderBy(desc(reanalysisRuns.requestedAt), desc(reanalysisRuns.id))
    .limit(1);
  if (!row) return undefined;
  return {
    id: row.id,
    productId: row.productId,
    status: row.status,
    total: row.total,
    done: row.done,
    changed: row.changed,
    requestedAt: row.requestedAt.toISOString(),
    requestedBy:
      row.requestedById !== null && row.requestedByName !== null
        ? { id: row.requestedById, userName: row.requestedByName }
        : null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    error: row.error,
  };
}

/** `GET admin/products/reanalysis ?Id`. */
export async function getReanalysis(db: Executor, id: number): Promise<ReanalysisRun> {
  const run = await findRun(db, eq(reanalysisRuns.id, id));
  if (!run) throw notFound();
  return run;
}

/** `GET admin/products/reanalysis/current`: the latest reanalysis of all, if any. */
export async function currentReanalysis(db: Executor): Promise<{ run: ReanalysisRun | null }> {
  return { run: (await findRun(db, isNull(reanalysisRuns.productId) as ReturnType<typeof eq>)) ?? null };
}

const isUniqueViolation = (error: unknown) => {
  const cause = ((error as { cause?: unknown })?.cause ?? error) as { code?: string; constraint?: string };
  return cause?.code === '23505' && cause.constraint === 'reanalysis_runs_one_all_active_key';
};

/**
 * `POST admin/products/reanalyse { ProductId? }`: a run (of one report, or of all) and its job in one
 * transaction. One reanalysis of all at a time (409, decided by the partial unique index).
 */
export async function requestReanalysis(
  db: Database,
  jobs: Jobs,
  by: Principal,
  productId: number | undefined,
): Promise<ReanalysisRun> {
  let runId: number;
  try {
    runId = await transaction(db, async (tx) => {
      if (productId !== undefined) {
        const [product] = await tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.id, productId));
        if (!product) throw notFound();
      }
      const [run] = await tx
        .insert(reanalysisRuns)
        .values({ productId: productId ?? null, requestedBy: by.id, total: productId === undefined ? 0 : 1 })
        .returning({ id: reanalysisRuns.id });
      if (!run) throw new Error('reanalysis insert returned nothing');
      await jobs.send(tx, 'reanalyse', { runId: run.id });
      return run.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'CONFLICT', 'reanalysisRunning');
    throw error;
  }
  return getReanalysis(db, runId);
}

/**
 * The 'reanalyse' job: running [2] with `total` counted, then batches of reports in id order after
 * `last_product_id` (so a retried job resumes), one transaction each, the catalogue loaded once;
 * complete [3] at the end.
 */
export async function runReanalysis(
  db: Database,
  runId: number,
  options: { catalogue?: PreparedCatalogue; batchSize?: number } = {},
): Promise<void> {
  const started = await transaction(db, async (tx) => {
    const [run] = await tx.select().from(reanalysisRuns).where(eq(reanalysisRuns.id, runId)).for('update');
    if (!run) return false;
    if (run.status === ReanalysisStatus.Running) return true;
    if (run.status !== ReanalysisStatus.Queued) return false;
    const [count] = run.productId
      ? [{ total: 1 }]
      : await tx.select({ total: sql<number>`count(*)::int` }).from(products);
    await tx
      .update(reanalysisRuns)
      .set({ status: ReanalysisStatus.Running, total: count?.total ?? 0 })
      .where(eq(reanalysisRuns.id, runId));
    return true;
  });
  if (!started) return;
  const catalogue = options.catalogue ?? (await loadCatalogue(db));
  const batchSize = options.batchSize ?? reanalysisBatch;
  for (;;) {
    const finished = await transaction(db, async (tx) => {
      const [run] = await tx.select().from(reanalysisRuns).where(eq(reanalysisRuns.id, runId)).for('update');
      if (run?.status !== ReanalysisStatus.Running) return true;
      const batch = await tx
        .select({ id: products.id, customerId: products.customerId })
        .from(products)
        .where(
          and(gt(products.id, run.lastProductId), run.productId ? eq(products.id, run.productId) : undefined),
        )
        .orderBy(asc(products.id))
        .limit(batchSize);
      if (!batch.length) {
        await tx
          .update(reanalysisRuns)
          .set({ status: ReanalysisStatus.Complete, finishedAt: new Date() })
          .where(eq(reanalysisRuns.id, runId));
        return true;
      }
      const ids = batch.map((row) => row.id);
      // The one consent rule (issue 35): a report of a customer without a valid consent is not
      // regenerated; it stays as it was (withheld from release by the same rule) and is counted done.
      const withoutConsent = new Set(
        (await customersWithoutConsent(tx, [...new Set(batch.map((row) => row.customerId))])).map(
          (customer) => customer.id,
        ),
      );
      const changed = await reanalyseProducts(
        tx,
        batch.filter((row) => !withoutConsent.has(row.customerId)).map((row) => row.id),
        catalogue,
        run.requestedBy,
      );
      await tx
        .update(reanalysisRuns)
        .set({
          done: sql`${reanalysisRuns.done} + ${ids.length}`,
          changed: sql`${reanalysisRuns.changed} + ${changed}`,
          lastProductId: ids[ids.length - 1] as number,
        })
        .where(eq(reanalysisRuns.id, runId));
      return false;
    });
    if (finished) return;
  }
}

/**
 * The worker's handling of one 'reanalyse' job: a failure is retried by the queue; on the last attempt
 * the run becomes failed [4] with the error, so the screen stops waiting and a new run may start.
 */
export async function reanalyseJob(
  db: Database,
  job: { data: { runId: number }; retryCount: number; retryLimit: number },
  options: { catalogue?: PreparedCatalogue } = {},
): Promise<void> {
  try {
    await runReanalysis(db, job.data.runId, options);
  } catch (error) {
    if (job.retryCount >= job.retryLimit)
      await db
        .update(reanalysisRuns)
        .set({
          status: ReanalysisStatus.Failed,
          error: error instanceof Error ? error.message : String(error),
          finishedAt: new Date(),
        })
        .where(eq(reanalysisRuns.id, job.data.runId));
    throw error;
  }
}
