import { mayDo, type PhenotypeWithholdRequest, type ProductValidationRequest } from '@genodesk/contract';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { transaction } from '../../db/client.js';
import { products, type ReportPhenotype } from '../../db/schema/index.js';
import type { Deps } from '../../http/app-types.js';
import { AppError, notFound, unprocessable } from '../../http/errors.js';
import { audit } from '../audit/audit.js';
import { reportContent } from '../results/generation.js';
import { qualificationOf, requirePhysician } from '../users/qualification.js';
import { lockReportPhenotype } from './report-phenotype.js';
import { sampleCallStatistics } from './technical-validation.js';

type ReleaseDeps = Pick<Deps, 'db'>;

/**
 * The release steps before the sign-off (issue 35, ISO 15189 §7.4: review and release by authorised
 * persons). The sign-off itself is the publication (`editProduct`), which checks these records.
 */

/**
 * `POST admin/products/validate`: the technical validation of the report's current content — the call
 * rate and no-calls computed here from the report's markers, the controls confirmed by the specialist,
 * a note — recorded with who and when, audited. Validating again replaces the record (and is audited).
 */
export async function validateProduct(deps: ReleaseDeps, by: Principal, input: ProductValidationRequest) {
  if (!mayDo('validate', await qualificationOf(deps.db, by)))
    throw new AppError(403, 'QUALIFICATION_REQUIRED', 'validationQualificationRequired', {
      ProductId: 'validationQualificationRequired',
    });
  await transaction(deps.db, async (tx) => {
    const [report] = await tx
      .select({
        customerId: products.customerId,
        isArchived: products.isArchived,
        technicalValidation: products.technicalValidation,
      })
      .from(products)
      .where(eq(products.id, input.ProductId))
      .for('update');
    if (!report) throw notFound();
    if (report.isArchived) throw unprocessable('productArchivedReadOnly');
    const { callRate, noCalls } = await sampleCallStatistics(tx, report.customerId);
    const validation = { callRate, noCalls, controlsPassed: true, note: input.Note ?? '' };
    const now = new Date();
    await tx
      .update(products)
      .set({
        technicallyValidatedAt: now,
        technicallyValidatedBy: by.id,
        technicalValidation: validation,
        updatedAt: now,
      })
      .where(eq(products.id, input.ProductId));
    await audit(tx, {
      entity: 'product',
      entityId: input.ProductId,
      changedBy: by.id,
      changes: [
        {
          field: 'technicalValidation',
          oldValue: report.technicalValidation ? describe(report.technicalValidation) : null,
          newValue: describe(validation),
        },
      ],
    });
  });
}

const describe = (v: { callRate: number; noCalls: number; note: string }) =>
  `call rate ${(v.callRate * 100).toFixed(1)} % · no-calls ${v.noCalls} · controls passed${v.note ? ` · ${v.note}` : ''}`;

/**
 * `POST admin/products/withhold`: the signing physician withholds a phenotype from the released report
 * (the report prints "Not reported: <reason>") or reports it again. Only a phenotype the report would
 * otherwise release unfinished — not assessed, not determined, or consultation-bound — can be withheld.
 * Changes the printed report (its last change), not the genotypes, so the technical validation stays.
 */
export async function withholdPhenotype(deps: ReleaseDeps, by: Principal, input: PhenotypeWithholdRequest) {
  await requirePhysician(deps.db, by, 'withholdPhysicianOnly', 'GeneCombinationId');
  await transaction(deps.db, async (tx) => {
    const { phenotype: stored, replaced } = await lockReportPhenotype(
      tx,
      input.ProductId,
      input.GeneCombinationId,
    );
    const state = readState(stored);
    const now = new Date();
    let withheld: ReportPhenotype['withheld'];
    if (input.Withhold) {
      if (!state.notAssessed && !state.notDetermined && !state.requiresConsultation)
        throw unprocessable('phenotypeNotWithholdable', 'GeneCombinationId');
      withheld = {
        by: { id: by.id, userName: by.userName },
        at: now.toISOString(),
        reason: input.Reason ?? '',
      };
    } else {
      if (!stored.withheld) throw unprocessable('phenotypeNotWithheld', 'GeneCombinationId');
      withheld = null;
    }
    const content = replaced({ ...stored, withheld });
    await tx
      .update(products)
      .set({ content, lastChangeAt: now, updatedAt: now })
      .where(eq(products.id, input.ProductId));
    await audit(tx, {
      entity: 'product',
      entityId: input.ProductId,
      changedBy: by.id,
      changes: [
        {
          field: `withheld: ${stored.phenotype}`,
          oldValue: stored.withheld ? stored.withheld.reason : null,
          newValue: withheld ? withheld.reason : null,
        },
      ],
    });
  });
}

/** A stored phenotype's release state, with older contents' missing flags read as the screens do. */
function readState(phenotype: ReportPhenotype) {
  const [read] = reportContent({
    categories: [
      {
        id: 0,
        name: '',
        nameEn: '',
        subcategories: [{ id: 0, name: '', nameEn: '', phenotypes: [phenotype] }],
      },
    ],
    combinations: [],
  }).categories.flatMap((c) => c.subcategories.flatMap((s) => s.phenotypes));
  return {
    notAssessed: read?.notAssessed ?? false,
    notDetermined: read?.notDetermined ?? false,
    requiresConsultation: read?.requiresConsultation ?? false,
  };
}
