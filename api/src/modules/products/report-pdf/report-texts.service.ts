import type { Locale, ReportTexts, ReportTextsEditRequest } from '@genodesk/contract';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../../auth/principal.js';
import { type Database, type Executor, transaction } from '../../../db/client.js';
import { reportTexts, users } from '../../../db/schema/index.js';
import { audit, diff } from '../../audit/audit.js';
import { defaultReportTexts } from './labels.js';

// The limitations and disclaimer every report PDF prints (issue 22), edited in the catalogue in Czech
// and English: one row (`report_texts`, id 1); until it is saved the defaults of labels.ts apply.

const rowId = 1;

const defaults = {
  limitations: defaultReportTexts.cs.limitations,
  limitationsEn: defaultReportTexts.en.limitations,
  disclaimer: defaultReportTexts.cs.disclaimer,
  disclaimerEn: defaultReportTexts.en.disclaimer,
};

/** `GET admin/products/reporttexts`: the saved texts with who saved them last, else the defaults. */
export async function getReportTexts(db: Executor): Promise<ReportTexts> {
  const [row] = await db
    .select({
      limitations: reportTexts.limitations,
      limitationsEn: reportTexts.limitationsEn,
      disclaimer: reportTexts.disclaimer,
      disclaimerEn: reportTexts.disclaimerEn,
      updatedAt: reportTexts.updatedAt,
      updatedById: users.id,
      updatedByName: users.userName,
    })
    .from(reportTexts)
    .leftJoin(users, eq(users.id, reportTexts.updatedBy))
    .where(eq(reportTexts.id, rowId));
  if (!row) return { ...defaults, isDefault: true, updatedAt: null, updatedBy: null };
  return {
    limitations: row.limitations,
    limitationsEn: row.limitationsEn,
    disclaimer: row.disclaimer,
    disclaimerEn: row.disclaimerEn,
    isDefault: false,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy:
      row.updatedById !== null && row.updatedByName !== null
        ? { id: row.updatedById, userName: row.updatedByName }
        : null,
  };
}

/**
 * The texts a report PDF prints in `locale`. Read with the executor the rendering reads the report
 * with, so a publication's transaction sees the same texts it rendered (or renders again).
 */
export async function reportTextsFor(
  db: Executor,
  locale: Locale,
): Promise<{ limitations: string; disclaimer: string }> {
  const [row] = await db.select().from(reportTexts).where(eq(reportTexts.id, rowId));
  if (!row) return defaultReportTexts[locale];
  return locale === 'en'
    ? { limitations: row.limitationsEn, disclaimer: row.disclaimerEn }
    : { limitations: row.limitations, disclaimer: row.disclaimer };
}

const normalized = (text: string) => text.replace(/\r\n?/g, '\n');

/**
 * `PUT admin/products/reporttexts`: saves all four texts; each changed one is audited
 * (`reportTexts`, id 1, old and new value; the first save compares with the defaults). Reports
 * issued before keep their PDFs; the next preview or publication prints the new texts.
 */
export async function saveReportTexts(
  db: Database,
  by: Principal,
  input: ReportTextsEditRequest,
): Promise<ReportTexts> {
  const after = {
    limitations: normalized(input.Limitations),
    limitationsEn: normalized(input.LimitationsEn),
    disclaimer: normalized(input.Disclaimer),
    disclaimerEn: normalized(input.DisclaimerEn),
  };
  await transaction(db, async (tx) => {
    // The row is made (with the defaults) before it is locked, so two first saves queue on its lock.
    await tx
      .insert(reportTexts)
      .values({ id: rowId, ...defaults })
      .onConflictDoNothing();
    const [before] = await tx.select().from(reportTexts).where(eq(reportTexts.id, rowId)).for('update');
    if (!before) throw new Error('report_texts has no row after its insert');
    const changes = diff(before, after, ['limitations', 'limitationsEn', 'disclaimer', 'disclaimerEn']);
    await tx
      .update(reportTexts)
      .set({ ...after, updatedAt: new Date(), updatedBy: by.id })
      .where(eq(reportTexts.id, rowId));
    await audit(tx, { entity: 'reportTexts', entityId: rowId, changedBy: by.id, changes });
  });
  return getReportTexts(db);
}
