import {
  type ConsentWithdrawalOutcome,
  consentWithdrawalOutcomeLabels,
  type DnaSampleUsage,
  dnaSampleUsageLabels,
  genderLabels,
  type Locale,
  labelIn,
  type RegistrationSource,
  registrationSourceLabels,
  relationshipStatusLabels,
} from '@genodesk/contract';
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  customerRelationships,
  customers,
  dnaConsents,
  questionnaires,
  users,
} from '../../db/schema/index.js';
import type { ExportedChange, HistoryOf } from '../audit/data-export.js';

export type CustomersExport = {
  customer: {
    id: number;
    name: string;
    surname: string;
    email: string;
    phonePrefix: string;
    phone: string;
    gender: number;
    genderName: string;
    dateOfBirth: string | null;
    street: string;
    streetNumber: string;
    city: string;
    zipCode: string;
    barcode: string | null;
    openLimsId: string | null;
    registrationSource: number;
    registrationSourceName: string;
    registeredAt: string;
    language: string;
    notifyByEmail: boolean;
    notifyBySms: boolean;
    /** Whether a customer-app password is set (its hash is a credential, never exported). */
    hasPassword: boolean;
    createdAt: string;
    updatedAt: string;
    history: ExportedChange[];
  };
  agreements: {
    agreedToTermsOfService: boolean;
    agreedToDataProcessing: boolean;
    agreedToDnaAnalysis: boolean;
    dnaConsentAt: string | null;
    /** The consent records (issue 35), valid and withdrawn; a scan is the file `scanFile` in the ZIP. */
    dnaConsents: {
      id: number;
      formVersion: string;
      signedOn: string;
      recordedAt: string;
      recordedBy: string | null;
      scanFile: string | null;
      withdrawnOn: string | null;
      withdrawnBy: string | null;
      withdrawalOutcome: string | null;
      withdrawalOutcomeName: string | null;
      withdrawalNote: string | null;
    }[];
    dnaSampleUsageStatus: number | null;
    dnaSampleUsageName: string | null;
    agreedToScientificUse: boolean;
    agreedToSampleExamination: boolean;
    dnaAgreementWasDigital: boolean;
  };
  relationship: {
    status: string;
    statusName: string;
    enabled: boolean;
    requestedPartnerFullName: string | null;
    requestedPartnerEmail: string | null;
    partnerId: number | null;
    partnerFullName: string | null;
    requestedAt: string | null;
    acceptedAt: string | null;
    acceptedBy: string | null;
  } | null;
  questionnaires: {
    id: number;
    /** Section key → question key → answer (the questions are in `summary.html`, in words). */
    answers: Record<string, Record<string, string | number | boolean | null>>;
    filledAt: string | null;
    createdAt: string;
    updatedAt: string;
    history: ExportedChange[];
  }[];
};

/**
 * The customers area's part of the customer's data export (`privacy/data-export.ts`): their profile,
 * agreements and consent records (each scanned form a file beside the reports), relationship and
 * questionnaires.
 */
export async function customersDataExport(
  tx: Executor,
  {
    customer: c,
    locale,
    historyOf,
  }: { customer: typeof customers.$inferSelect; locale: Locale; historyOf: HistoryOf },
) {
  const partner = alias(customers, 'partner');
  const acceptedBy = alias(users, 'accepted_by_user');
  const [relationship] = await tx
    .select({
      row: customerRelationships,
      partnerName: partner.name,
      partnerSurname: partner.surname,
      acceptedBy: acceptedBy.userName,
    })
    .from(customerRelationships)
    .leftJoin(partner, eq(partner.id, customerRelationships.partnerId))
    .leftJoin(acceptedBy, eq(acceptedBy.id, customerRelationships.acceptedBy))
    .where(eq(customerRelationships.customerId, c.id));

  const questionnaireRows = await tx
    .select()
    .from(questionnaires)
    .where(eq(questionnaires.customerId, c.id))
    .orderBy(asc(questionnaires.id));

  const recordedBy = alias(users, 'consent_recorder');
  const withdrawnBy = alias(users, 'consent_withdrawer');
  const consentRows = await tx
    .select({ consent: dnaConsents, recordedBy: recordedBy.userName, withdrawnBy: withdrawnBy.userName })
    .from(dnaConsents)
    .leftJoin(recordedBy, eq(recordedBy.id, dnaConsents.recordedBy))
    .leftJoin(withdrawnBy, eq(withdrawnBy.id, dnaConsents.withdrawnBy))
    .where(eq(dnaConsents.customerId, c.id))
    .orderBy(asc(dnaConsents.recordedAt), asc(dnaConsents.id));

  const files: { file: string; content: Buffer; stored: boolean }[] = [];
  const dnaConsentRecords = consentRows.map(
    ({ consent: k, recordedBy: recorder, withdrawnBy: withdrawer }) => {
      const scanFile =
        k.scan && k.scanFileName
          ? `consents/${k.id}-${k.scanFileName.replace(/[^\p{L}\p{N}._ -]/gu, '_')}`
          : null;
      // A scan is compressed already: stored as it is, byte for byte.
      if (scanFile && k.scan) files.push({ file: scanFile, content: k.scan, stored: true });
      return {
        id: k.id,
        formVersion: k.formVersion,
        signedOn: k.signedOn,
        recordedAt: k.recordedAt.toISOString(),
        recordedBy: recorder,
        scanFile,
        withdrawnOn: k.withdrawnOn,
        withdrawnBy: withdrawer,
        withdrawalOutcome: k.withdrawalOutcome,
        withdrawalOutcomeName: k.withdrawalOutcome
          ? labelIn(consentWithdrawalOutcomeLabels, k.withdrawalOutcome as ConsentWithdrawalOutcome, locale)
          : null,
        withdrawalNote: k.withdrawalNote,
      };
    },
  );

  const sections: CustomersExport = {
    customer: {
      id: c.id,
      name: c.name,
      surname: c.surname,
      email: c.email,
      phonePrefix: c.phonePrefix,
      phone: c.phone,
      gender: c.gender,
      genderName: labelIn(genderLabels, c.gender, locale),
      dateOfBirth: c.dateOfBirth,
      street: c.street,
      streetNumber: c.streetNumber,
      city: c.city,
      zipCode: c.zipCode,
      barcode: c.extId,
      openLimsId: c.openLimsId,
      registrationSource: c.registrationSource,
      registrationSourceName: labelIn(
        registrationSourceLabels,
        c.registrationSource as RegistrationSource,
        locale,
      ),
      registeredAt: c.dateRegistration.toISOString(),
      language: c.language,
      notifyByEmail: c.notifyByEmail,
      notifyBySms: c.notifyBySms,
      hasPassword: c.passwordHash !== null,
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
      history: historyOf('customer', c.id),
    },
    agreements: {
      agreedToTermsOfService: c.agreedToTermsOfService,
      agreedToDataProcessing: c.agreedToDataProcessing,
      agreedToDnaAnalysis: c.agreedToDnaAnalysis,
      dnaConsentAt: c.dnaConsentAt?.toISOString() ?? null,
      dnaConsents: dnaConsentRecords,
      dnaSampleUsageStatus: c.dnaSampleUsageStatus,
      dnaSampleUsageName:
        c.dnaSampleUsageStatus === null
          ? null
          : labelIn(dnaSampleUsageLabels, c.dnaSampleUsageStatus as DnaSampleUsage, locale),
      agreedToScientificUse: c.agreedToScientificUse,
      agreedToSampleExamination: c.agreedToSampleExamination,
      dnaAgreementWasDigital: c.dnaAgreementWasDigital,
    },
    relationship: relationship
      ? {
          status: relationship.row.status,
          statusName: labelIn(relationshipStatusLabels, relationship.row.status, locale),
          enabled: relationship.row.enabled,
          requestedPartnerFullName: relationship.row.requestedPartnerFullName,
          requestedPartnerEmail: relationship.row.requestedPartnerEmail,
          partnerId: relationship.row.partnerId,
          partnerFullName:
            relationship.partnerName === null
              ? null
              : `${relationship.partnerName} ${relationship.partnerSurname ?? ''}`.trim(),
          requestedAt: relationship.row.requestedAt?.toISOString() ?? null,
          acceptedAt: relationship.row.acceptedAt?.toISOString() ?? null,
          acceptedBy: relationship.acceptedBy,
        }
      : null,
    questionnaires: questionnaireRows.map((q) => ({
      id: q.id,
      answers: q.answers,
      filledAt: q.filledAt?.toISOString() ?? null,
      createdAt: q.createdAt.toISOString(),
      updatedAt: q.updatedAt.toISOString(),
      history: historyOf('questionnaire', q.id),
    })),
  };
  return { sections, files };
}
