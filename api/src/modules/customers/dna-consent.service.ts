import {
  type ConsentScanContentType,
  currentDnaConsentFormVersion,
  type DnaConsent,
  type DnaConsentAudit,
  type DnaConsentWithdrawalAudit,
  maxConsentScanBytes,
  pragueToday,
  type RecordDnaConsentRequest,
  type SampleDestroyAudit,
  SampleStatus,
  type WithdrawDnaConsentRequest,
} from '@genodesk/contract';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Principal } from '../../auth/principal.js';
import { type Database, type Executor, type Tx, transaction } from '../../db/client.js';
import { customers, dnaConsents, samples, users } from '../../db/schema/index.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import { audit, auditMany } from '../audit/audit.js';
import { holdPendingUploadRows, releaseHeldResults } from '../results/held.js';

/**
 * Consent to DNA analysis as a record (issue 35): recorded with the signed form's version and date
 * (and its scan), listed with its history, withdrawn as its own action. Whether a step may go on is
 * the one rule's (`dna-consent.ts`); this module writes what that rule reads, and keeps the spec's
 * `agreedToDNAAnalysis` / `dnaConsentAt` as a mirror of the valid consent.
 *
 * Lock order, the same as every step the rule gates: the customer's samples (FOR UPDATE, id order),
 * then the consent rows. A step holds its samples and reads the consent `for share`, so a withdrawal
 * waits for a step under way and a step waits for a withdrawal under way — never a deadlock.
 */

const recorder = alias(users, 'recorder');
const withdrawer = alias(users, 'withdrawer');

/** A customer's consents, the valid one (if any) first, then the withdrawn ones newest first. */
export async function listDnaConsents(db: Executor, customerId: number): Promise<DnaConsent[]> {
  await liveCustomer(db, customerId);
  const rows = await db
    .select({
      consent: {
        id: dnaConsents.id,
        formVersion: dnaConsents.formVersion,
        signedOn: dnaConsents.signedOn,
        recordedAt: dnaConsents.recordedAt,
        scanFileName: dnaConsents.scanFileName,
        scanContentType: dnaConsents.scanContentType,
        withdrawnOn: dnaConsents.withdrawnOn,
        withdrawnAt: dnaConsents.withdrawnAt,
        withdrawalOutcome: dnaConsents.withdrawalOutcome,
        withdrawalNote: dnaConsents.withdrawalNote,
      },
      recordedBy: recorder.userName,
      withdrawnBy: withdrawer.userName,
    })
    .from(dnaConsents)
    .leftJoin(recorder, eq(recorder.id, dnaConsents.recordedBy))
    .leftJoin(withdrawer, eq(withdrawer.id, dnaConsents.withdrawnBy))
    .where(eq(dnaConsents.customerId, customerId))
    .orderBy(desc(isNull(dnaConsents.withdrawnAt)), desc(dnaConsents.recordedAt), desc(dnaConsents.id));
  return rows.map(({ consent: c, recordedBy, withdrawnBy }) => ({
    id: c.id,
    formVersion: c.formVersion,
    signedOn: c.signedOn,
    recordedAt: c.recordedAt.toISOString(),
    recordedBy,
    scan:
      c.scanFileName && c.scanContentType
        ? { fileName: c.scanFileName, contentType: c.scanContentType }
        : null,
    withdrawal:
      c.withdrawnAt && c.withdrawnOn && c.withdrawalOutcome
        ? {
            withdrawnOn: c.withdrawnOn,
            withdrawnAt: c.withdrawnAt.toISOString(),
            withdrawnBy,
            outcome: c.withdrawalOutcome as 'destroySample' | 'keepForCustomer',
            note: c.withdrawalNote ?? '',
          }
        : null,
  }));
}

async function liveCustomer(db: Executor, id: number) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.erasedAt)));
  if (!row) throw notFound();
}

/**
 * The customer's row (not erased; FOR NO KEY UPDATE: consent writes of one customer take turns, while
 * steps holding it FOR KEY SHARE go on) and their samples (FOR UPDATE, in id order, as every step).
 */
async function lockCustomer(tx: Tx, customerId: number) {
  const [row] = await tx
    .select({ id: customers.id, agreed: customers.agreedToDnaAnalysis, dateOfBirth: customers.dateOfBirth })
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.erasedAt)))
    .for('no key update');
  if (!row) throw notFound();
  const customerSamples = await tx
    .select({ id: samples.id, status: samples.status })
    .from(samples)
    .where(eq(samples.customerId, customerId))
    .orderBy(asc(samples.id))
    .for('update');
  return { agreed: row.agreed, dateOfBirth: row.dateOfBirth, samples: customerSamples };
}

const signatures: Record<ConsentScanContentType, number[]> = {
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
};

/** The scan's bytes; a file whose content is not what its type says, or too large, is refused (422). */
function scanBytes(scan: NonNullable<RecordDnaConsentRequest['Scan']>): Buffer {
  const bytes = Buffer.from(scan.Content, 'base64');
  if (bytes.length > maxConsentScanBytes)
    throw unprocessable('consentScanTooLarge', 'Scan', { max: maxConsentScanBytes / 1024 / 1024 });
  const signature = signatures[scan.ContentType];
  if (bytes.length < signature.length || signature.some((byte, i) => bytes[i] !== byte))
    throw unprocessable('consentScanType', 'Scan');
  return bytes;
}

const isOneValidViolation = (error: unknown) => {
  const cause = ((error as { cause?: unknown })?.cause ?? error) as { code?: string; constraint?: string };
  return cause?.code === '23505' && cause.constraint === 'dna_consents_one_valid_key';
};

type NewConsent = {
  formVersion: string;
  signedOn: string;
  scan?: { bytes: Buffer; fileName: string; contentType: string } | null;
};

/**
 * Records a valid consent in the caller's transaction (the customer locked by `lockCustomer`): 409 when
 * one is valid already. Mirrors it on the customer, audits it, and lets results held for want of it go
 * on (`releaseHeldResults`): nothing waiting is lost.
 */
export async function insertDnaConsent(
  tx: Tx,
  by: Principal,
  customerId: number,
  wasAgreed: boolean,
  consent: NewConsent,
): Promise<number> {
  const [valid] = await tx
    .select({ formVersion: dnaConsents.formVersion, signedOn: dnaConsents.signedOn })
    .from(dnaConsents)
    .where(and(eq(dnaConsents.customerId, customerId), isNull(dnaConsents.withdrawnAt)));
  if (valid)
    throw conflict('consentAlreadyValid', 'FormVersion', {
      version: valid.formVersion,
      signedOn: { day: valid.signedOn },
    });
  const now = new Date();
  const [row] = await tx
    .insert(dnaConsents)
    .values({
      customerId,
      formVersion: consent.formVersion,
      signedOn: consent.signedOn,
      recordedAt: now,
      recordedBy: by.id,
      scan: consent.scan?.bytes ?? null,
      scanFileName: consent.scan?.fileName ?? null,
      scanContentType: consent.scan?.contentType ?? null,
    })
    .returning({ id: dnaConsents.id })
    .catch((error: unknown) => {
      // Two records racing: the partial unique index decides, answered like the check above.
      if (isOneValidViolation(error))
        throw conflict('consentAlreadyValid', 'FormVersion', { version: '—', signedOn: '—' });
      throw error;
    });
  if (!row) throw new Error('consent insert returned nothing');
  await tx
    .update(customers)
    .set({ agreedToDnaAnalysis: true, dnaConsentAt: now, updatedAt: now })
    .where(eq(customers.id, customerId));
  await audit(tx, {
    entity: 'customer',
    entityId: customerId,
    changedBy: by.id,
    changes: [
      { field: 'agreedToDNAAnalysis', oldValue: wasAgreed, newValue: true },
      {
        field: 'dnaConsent',
        oldValue: null,
        newValue: consentAuditValue({
          id: row.id,
          formVersion: consent.formVersion,
          signedOn: consent.signedOn,
          scanFileName: consent.scan?.fileName ?? null,
        }),
      },
    ],
  });
  await releaseHeldResults(tx, customerId, by.id);
  return row.id;
}

/**
 * A consent as the customer's history keeps it: its facts (`DnaConsentAudit`), which the history
 * words in the reader's language.
 */
const consentAuditValue = (consent: DnaConsentAudit) =>
  JSON.stringify({
    id: consent.id,
    formVersion: consent.formVersion,
    signedOn: consent.signedOn,
    scanFileName: consent.scanFileName,
  } satisfies DnaConsentAudit);

/** A consent ticked at a registration or an edit: the lab's current form, signed today. */
export const tickedConsent = (): NewConsent => ({
  formVersion: currentDnaConsentFormVersion,
  signedOn: pragueToday(),
});

/** `PUT admin/customers/dnaconsent`: record a signed consent (with its scan); one transaction. */
export async function recordDnaConsent(
  db: Database,
  by: Principal,
  input: RecordDnaConsentRequest,
): Promise<DnaConsent[]> {
  const scan = input.Scan
    ? { bytes: scanBytes(input.Scan), fileName: input.Scan.FileName, contentType: input.Scan.ContentType }
    : null;
  await transaction(db, async (tx) => {
    const { agreed, dateOfBirth } = await lockCustomer(tx, input.CustomerId);
    // No one signs before they are born: a slip in the year (the schema keeps the day after 2000 and not ahead).
    if (dateOfBirth !== null && input.SignedOn < dateOfBirth)
      throw unprocessable('consentSignedBeforeBirth', 'SignedOn', { dateOfBirth: { day: dateOfBirth } });
    await insertDnaConsent(tx, by, input.CustomerId, agreed, {
      formVersion: input.FormVersion,
      signedOn: input.SignedOn,
      scan,
    });
  });
  return listDnaConsents(db, input.CustomerId);
}

/** The statuses after which nothing more is done with a sample's DNA (its results exist). */
const finishedStatuses: number[] = [
  SampleStatus.LabAnalysisFinished,
  SampleStatus.ResultsPublishedOnline,
  SampleStatus.ResultsRequireConsultation,
];

/**
 * `POST admin/customers/dnaconsent/withdraw`: the valid consent withdrawn (date, what happens next,
 * note), in one transaction with its effects: every gated step stops at once (the rule finds no valid
 * consent), results waiting in uploads are held, unpublished reports stay unpublished (publication asks
 * the rule). 'destroySample' records, on each sample not finished, that it is to be destroyed (SPEC §4
 * has no status for a destroyed sample, so its status stays, and every step refuses it);
 * 'keepForCustomer' keeps what exists and nothing proceeds. Audited on the customer and the samples.
 */
export async function withdrawDnaConsent(
  db: Database,
  by: Principal,
  input: WithdrawDnaConsentRequest,
): Promise<DnaConsent[]> {
  await transaction(db, async (tx) => {
    const { agreed, samples: customerSamples } = await lockCustomer(tx, input.CustomerId);
    const [valid] = await tx
      .select({
        id: dnaConsents.id,
        formVersion: dnaConsents.formVersion,
        signedOn: dnaConsents.signedOn,
        scanFileName: dnaConsents.scanFileName,
      })
      .from(dnaConsents)
      .where(and(eq(dnaConsents.customerId, input.CustomerId), isNull(dnaConsents.withdrawnAt)))
      .for('update');
    if (!valid) throw conflict('consentNoneToWithdraw');
    if (input.WithdrawnOn < valid.signedOn)
      throw unprocessable('consentWithdrawnBeforeSigned', 'WithdrawnOn', {
        signedOn: { day: valid.signedOn },
      });
    const now = new Date();
    await tx
      .update(dnaConsents)
      .set({
        withdrawnOn: input.WithdrawnOn,
        withdrawnAt: now,
        withdrawnBy: by.id,
        withdrawalOutcome: input.Outcome,
        withdrawalNote: input.Note,
      })
      .where(eq(dnaConsents.id, valid.id));
    await tx
      .update(customers)
      .set({ agreedToDnaAnalysis: false, dnaConsentAt: null, updatedAt: now })
      .where(eq(customers.id, input.CustomerId));
    const held = await holdPendingUploadRows(tx, input.CustomerId);
    await audit(tx, {
      entity: 'customer',
      entityId: input.CustomerId,
      changedBy: by.id,
      changes: [
        { field: 'agreedToDNAAnalysis', oldValue: agreed, newValue: false },
        {
          field: 'dnaConsentWithdrawn',
          oldValue: consentAuditValue(valid),
          newValue: JSON.stringify({
            id: valid.id,
            withdrawnOn: input.WithdrawnOn,
            outcome: input.Outcome,
            note: input.Note,
            heldResults: held,
          } satisfies DnaConsentWithdrawalAudit),
        },
      ],
    });
    if (input.Outcome === 'destroySample') {
      const open = customerSamples.filter((sample) => !finishedStatuses.includes(sample.status));
      await auditMany(
        tx,
        open.map((sample) => ({
          entity: 'sample',
          entityId: sample.id,
          changedBy: by.id,
          changes: [
            {
              field: 'destroy',
              oldValue: null,
              newValue: JSON.stringify({
                consentWithdrawnOn: input.WithdrawnOn,
              } satisfies SampleDestroyAudit),
            },
          ],
        })),
      );
    }
  });
  return listDnaConsents(db, input.CustomerId);
}

/** `GET admin/customers/dnaconsent/scan ?Id`: the scanned form's bytes (404 without one). */
export async function getDnaConsentScan(db: Executor, id: number) {
  const [row] = await db
    .select({
      customerId: dnaConsents.customerId,
      scan: dnaConsents.scan,
      fileName: dnaConsents.scanFileName,
      contentType: dnaConsents.scanContentType,
    })
    .from(dnaConsents)
    .innerJoin(customers, eq(customers.id, dnaConsents.customerId))
    .where(and(eq(dnaConsents.id, id), isNull(customers.erasedAt)));
  if (!row?.scan || !row.fileName || !row.contentType) throw notFound();
  return {
    customerId: row.customerId,
    bytes: row.scan,
    fileName: row.fileName,
    contentType: row.contentType,
  };
}
