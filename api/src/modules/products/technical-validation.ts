import { noCallGenotype } from '@genodesk/contract';
import { type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { customerGenotypes } from '../../db/schema/index.js';

/**
 * The columns of a report's technical validation set empty (issue 35): whatever writes the content
 * anew (generation from an upload, reanalysis) spreads this, because a validation stands for the
 * genotypes it reviewed, not for whatever replaces them. A doctor's assessment or withholding changes
 * no genotype and keeps it.
 */
export const technicalValidationCleared = {
  technicallyValidatedAt: null,
  technicallyValidatedBy: null,
  technicalValidation: null,
} as const;

/**
 * The markers as the technical validation records them (issue 35): every marker tested in the
 * customer's sample — the same set the report's method line and appendix list — a `--` genotype a
 * no-call; the call rate is called / tested (1 when nothing was tested, so it is never "0 %").
 */
export function callStatistics(marked: { tested: number; noCalls: number }) {
  const { tested: testedMarkers, noCalls } = marked;
  const callRate =
    testedMarkers === 0 ? 1 : Math.round(((testedMarkers - noCalls) / testedMarkers) * 10_000) / 10_000;
  return { testedMarkers, noCalls, callRate };
}

/** How many markers the customer's sample was tested for, and how many of them are no-calls: SQL. */
export const sampleMarkersSql = (customerId: SQLWrapper) =>
  sql<{ tested: number; noCalls: number }>`(
    select json_build_object('tested', count(*)::int,
      'noCalls', (count(*) filter (where g.genotype = ${noCallGenotype}))::int)
    from ${customerGenotypes} g where g.customer_id = ${customerId})`;

/** The statistics of a customer's sample (the validation's own read, in its transaction). */
export async function sampleCallStatistics(tx: Executor, customerId: number) {
  const { rows } = await tx.execute<{ marked: { tested: number; noCalls: number } }>(
    sql`select ${sampleMarkersSql(sql`${customerId}`)} as marked`,
  );
  return callStatistics(rows[0]?.marked ?? { tested: 0, noCalls: 0 });
}
