import {
  type AccessKind,
  accessKindLabels,
  type CardPaymentStatus,
  type ConsentWithdrawalOutcome,
  cardPaymentStatusLabels,
  consentWithdrawalOutcomeLabels,
  type DnaSampleUsage,
  dnaSampleUsageLabels,
  type Locale,
  type PaymentMethod,
  type ProductSection,
  type ProductStatus,
  paymentMethodLabels,
  pragueDay,
  productSectionLabels,
  productStatusLabels,
  type RegistrationSource,
  type ReservationType,
  registrationSourceLabels,
  relationshipStatusLabels,
  reportNumberOf,
  reservationTypeLabels,
  type SampleStatus,
  sampleStatusLabels,
  type VoucherKind,
  type VoucherType,
  voucherKindLabels,
  voucherTypeLabels,
} from '@genodesk/contract';
import { and, arrayContains, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import JSZip from 'jszip';
import type { ReportCompany } from '../config.js';
import type { Database, Executor } from '../db/client.js';
import {
  accessLog,
  auditLog,
  bankStatementLines,
  bankStatements,
  barcodes,
  consultingRooms,
  customerGenotypes,
  customerRelationships,
  customers,
  dnaConsents,
  orders,
  orderVouchers,
  outboxMessages,
  payments,
  products,
  productTypes,
  questionnaires,
  reportDocuments,
  reservations,
  resultUploadSamples,
  resultUploads,
  samples,
  users,
  vouchers,
} from '../db/schema/index.js';
import type { ReportContent } from '../db/schema/products.js';
import { AppError, notFound } from '../http/errors.js';
import { recordAccess } from '../modules/audit/access-log.js';
import { customerStatementLines, statementLineOrder } from '../modules/finances/customer-statement-lines.js';
import { customerMessages } from '../modules/messaging/customer-messages.js';
import { renderDataExportSummary } from './data-export.html.js';

// The customer's data export (GDPR Art. 15 and 20, issue 24): everything held about one customer as a
// ZIP — `data.json` (machine-readable, every section), `summary.html` (readable, in the customer's
// language) and `reports/<number>-v<version>.pdf` (every issued report PDF, byte for byte), and what
// the other areas add through their `DataExportPart` (the reports as FHIR bundles, `fhir/…json`).

/** The layout of `data.json`; raised when a field changes meaning or goes away (adding one does not). */
export const dataExportFormatVersion = 1;
export const dataExportFormat = 'genodesk-customer-data-export';

/** An amount in haléře as CZK with two decimals: 199050 → "1990.50" (exact, no floating point). */
export function czk(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** A change recorded in the audit trail: who changed which field from what to what, and when. */
export type ExportedChange = {
  at: string;
  by: string | null;
  field: string;
  oldValue: string | null;
  newValue: string | null;
};

export type ExportedDocument = {
  /** The file in the ZIP, e.g. `reports/GD-000123-v1.pdf`. */
  file: string;
  reportId: number;
  reportNumber: string;
  version: number;
  language: string;
  preliminary: boolean;
  sha256: string;
  bytes: number;
  verificationCode: string;
  replacesVersion: number | null;
  reason: string | null;
  issuedAt: string;
  issuedBy: string | null;
};

/** `data.json`. */
export type CustomerDataExport = {
  format: typeof dataExportFormat;
  formatVersion: number;
  generatedAt: string;
  /** The language of the names beside the codes (and of `summary.html`): the customer's. */
  language: Locale;
  controller: ReportCompany;
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
  orders: {
    id: number;
    orderNumber: number;
    productType: string | null;
    amount: string;
    currency: string;
    complete: boolean;
    paidBy: number;
    paidByName: string;
    paidAt: string | null;
    samplingAtCentre: boolean;
    createdAt: string;
    history: ExportedChange[];
  }[];
  payments: {
    id: number;
    orderNumber: number;
    method: number;
    methodName: string;
    amount: string;
    currency: string;
    cardStatus: number | null;
    cardStatusName: string | null;
    transactionId: string | null;
    refId: string | null;
    variableSymbol: string | null;
    account: string | null;
    completedAt: string | null;
    completedBy: string | null;
    createdAt: string;
    history: ExportedChange[];
  }[];
  vouchersUsed: {
    code: string;
    kind: number;
    kindName: string;
    type: number;
    typeName: string;
    orderNumber: number;
    /** What it took off the order (a product voucher: what it paid). */
    amount: string;
    currency: string;
    forWho: string | null;
    fromWho: string | null;
    validTo: string;
    appliedAt: string;
  }[];
  /** Lines of imported bank statements that paid (or tried to pay) the customer's orders. */
  bankStatementLines: {
    statementDate: string | null;
    valueDate: string | null;
    counterAccount: string;
    counterName: string;
    amount: string;
    currency: string;
    variableSymbol: string;
    outcome: string;
    orderNumber: number;
  }[];
  samples: {
    id: number;
    barcode: string | null;
    status: number;
    statusName: string;
    orderNumber: number | null;
    sentAt: string | null;
    sentBy: string | null;
    receivedAt: string | null;
    receivedBy: string | null;
    analysisStartedAt: string | null;
    createdAt: string;
    updatedAt: string;
    /** The lab results files that brought this sample's genotypes. */
    labResults: { fileName: string; uploadedAt: string; reportGeneratedAt: string | null }[];
    history: ExportedChange[];
  }[];
  genotypes: {
    geneCode: string;
    geneName: string;
    genotype: string;
    hgvsC: string;
    protein: string;
    transcript: string;
    storedAt: string;
    updatedAt: string;
  }[];
  reports: {
    id: number;
    reportNumber: string;
    productType: string | null;
    status: number;
    statusName: string;
    section: ProductSection;
    sectionName: string;
    generatedAt: string;
    publishedAt: string | null;
    lastChangeAt: string | null;
    phenotypeCount: number;
    requiresInspection: boolean;
    approvedByLaboratory: boolean;
    doctor: string | null;
    doctorIntro: string;
    doctorIntroReproductiveGenetics: string;
    doctorIntroReproductiveGeneticsEnabled: boolean;
    doctorsIntroLastChange: string | null;
    legalGuardianName: string | null;
    legalGuardianEmail: string | null;
    /** The report as generated: category → subcategory → phenotypes, texts in cs and en, risk, genes. */
    content: ReportContent;
    documents: ExportedDocument[];
    changeLog: ExportedChange[];
    /** Reads recorded with the report before the access log (opened, previewed, downloaded). */
    readLog: ExportedChange[];
  }[];
  questionnaires: {
    id: number;
    /** Section key → question key → answer (the questions are in `summary.html`, in words). */
    answers: Record<string, Record<string, string | number | boolean | null>>;
    filledAt: string | null;
    createdAt: string;
    updatedAt: string;
    history: ExportedChange[];
  }[];
  reservations: {
    id: number;
    type: number;
    typeName: string;
    room: string;
    doctor: string | null;
    start: string;
    end: string;
    cancelledAt: string | null;
    seriesId: number | null;
    createdAt: string;
    history: ExportedChange[];
  }[];
  /** E-mails and text messages written to the customer (the outbox), with their bodies. */
  messages: {
    id: number;
    channel: string;
    kind: string;
    recipient: string;
    subject: string | null;
    status: string;
    createdAt: string;
    sentAt: string | null;
    language: string | null;
    bodyText: string;
    bodyHtml: string | null;
    attachments: { filename: string; contentType: string }[];
  }[];
  /** Who read the customer's data, and when (the access log, issue 24). */
  accessLog: { at: string; by: string | null; kind: string; kindName: string; entityId: number | null }[];
};

/** A file of the export ZIP: its path in the ZIP and its bytes. */
export type ExportFile = { file: string; content: Buffer };

/**
 * What another area adds to the customer's export: its files of the customer, read by the export's own
 * transaction (one snapshot for the whole ZIP). Areas register theirs at the composition root
 * (`areas.ts`), so the export does not know who they are.
 */
export type DataExportPart = (
  tx: Executor,
  customer: { id: number; language: Locale },
) => Promise<ExportFile[]>;

const dataExportParts: DataExportPart[] = [];

/** Adds the areas' parts to every export (called once, by the composition root). */
export function registerDataExportParts(parts: readonly DataExportPart[]) {
  for (const part of parts) if (!dataExportParts.includes(part)) dataExportParts.push(part);
}

/** The export as files: `data.json`'s object, the PDFs (and consent scans), and the areas' files. */
export type CollectedExport = {
  data: CustomerDataExport;
  pdfs: ExportFile[];
  parts: ExportFile[];
};

const genderNames: Record<Locale, Record<number, string>> = {
  cs: { 1: 'Muž', 2: 'Žena' },
  en: { 1: 'Male', 2: 'Female' },
};

const sectionOf = (row: { isArchived: boolean; isInDoctorSection: boolean }): ProductSection =>
  row.isArchived ? 'archive' : row.isInDoctorSection ? 'doctorSection' : 'results';

const phenotypeCount = (content: ReportContent) =>
  (content?.categories ?? []).reduce(
    (sum, category) =>
      sum + category.subcategories.reduce((inner, subcategory) => inner + subcategory.phenotypes.length, 0),
    0,
  );

/** The customer's data is gone (Art. 17): nothing personal is left to export. */
export const customerErased = () => new AppError(409, 'CUSTOMER_ERASED', 'customerErasedNoExport');

/**
 * Reads everything held about the customer, one query per section, in one read-only transaction at
 * one snapshot (repeatable read), so the sections agree with each other.
 */
export async function collectCustomerData(
  db: Database,
  customerId: number,
  controller: ReportCompany,
  now = new Date(),
): Promise<CollectedExport> {
  return db.transaction(
    async (tx) => {
      const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId));
      if (!customer) throw notFound();
      if (customer.erasedAt) throw customerErased();
      const locale: Locale = customer.language === 'en' ? 'en' : 'cs';
      const named = <K extends string | number>(labels: Record<K, Record<Locale, string>>, key: K) =>
        labels[key]?.[locale] ?? String(key);

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
        .where(eq(customerRelationships.customerId, customerId));

      const orderRows = await tx
        .select({ order: orders, typeName: productTypes.name, typeNameEn: productTypes.nameEn })
        .from(orders)
        .leftJoin(productTypes, eq(productTypes.id, orders.productTypeId))
        .where(eq(orders.customerId, customerId))
        .orderBy(asc(orders.createdAt), asc(orders.id));

      const completedBy = alias(users, 'completed_by_user');
      const paymentRows = await tx
        .select({ payment: payments, orderNumber: orders.orderNumber, completedBy: completedBy.userName })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .leftJoin(completedBy, eq(completedBy.id, payments.completedBy))
        .where(eq(orders.customerId, customerId))
        .orderBy(asc(payments.createdAt), asc(payments.id));

      const voucherRows = await tx
        .select({
          code: vouchers.code,
          kind: vouchers.kind,
          type: vouchers.voucherType,
          forWho: vouchers.forWho,
          fromWho: vouchers.fromWho,
          validTo: vouchers.validTo,
          amount: orderVouchers.amount,
          appliedAt: orderVouchers.appliedAt,
          orderNumber: orders.orderNumber,
        })
        .from(orderVouchers)
        .innerJoin(orders, eq(orders.id, orderVouchers.orderId))
        .innerJoin(vouchers, eq(vouchers.id, orderVouchers.voucherId))
        .where(eq(orders.customerId, customerId))
        .orderBy(asc(orderVouchers.appliedAt), asc(orderVouchers.id));

      const statementRows = await tx
        .select({
          line: bankStatementLines,
          statementDate: bankStatements.statementDate,
          orderNumber: orders.orderNumber,
        })
        .from(bankStatementLines)
        .innerJoin(bankStatements, eq(bankStatements.id, bankStatementLines.statementId))
        .innerJoin(orders, statementLineOrder(customerId))
        // The lines the erasure blanks: those paying their orders and those naming one unpaid.
        .where(customerStatementLines(customerId))
        .orderBy(asc(bankStatementLines.id));

      const sentBy = alias(users, 'sent_by_user');
      const receivedBy = alias(users, 'received_by_user');
      const sampleRows = await tx
        .select({
          sample: samples,
          barcode: barcodes.code,
          orderNumber: orders.orderNumber,
          sentBy: sentBy.userName,
          receivedBy: receivedBy.userName,
        })
        .from(samples)
        .leftJoin(barcodes, eq(barcodes.id, samples.barcodeId))
        .leftJoin(orders, eq(orders.id, samples.orderId))
        .leftJoin(sentBy, eq(sentBy.id, samples.sentBy))
        .leftJoin(receivedBy, eq(receivedBy.id, samples.receivedBy))
        .where(eq(samples.customerId, customerId))
        .orderBy(asc(samples.createdAt), asc(samples.id));

      const labRows = await tx
        .select({
          sampleId: resultUploadSamples.sampleId,
          fileName: resultUploads.fileName,
          uploadedAt: resultUploads.uploadedAt,
          generatedAt: resultUploadSamples.generatedAt,
        })
        .from(resultUploadSamples)
        .innerJoin(resultUploads, eq(resultUploads.id, resultUploadSamples.uploadId))
        .where(eq(resultUploadSamples.customerId, customerId))
        .orderBy(asc(resultUploads.uploadedAt), asc(resultUploads.id));

      const genotypeRows = await tx
        .select()
        .from(customerGenotypes)
        .where(eq(customerGenotypes.customerId, customerId))
        .orderBy(sql`lower(${customerGenotypes.geneCode})`, asc(customerGenotypes.id));

      const doctor = alias(users, 'doctor_user');
      const reportRows = await tx
        .select({
          report: products,
          typeName: productTypes.name,
          typeNameEn: productTypes.nameEn,
          doctor: doctor.userName,
        })
        .from(products)
        .leftJoin(productTypes, eq(productTypes.id, products.productTypeId))
        .leftJoin(doctor, eq(doctor.id, products.doctorId))
        .where(eq(products.customerId, customerId))
        .orderBy(asc(products.id));

      const issuedBy = alias(users, 'issued_by_user');
      const documentRows = await tx
        .select({ document: reportDocuments, issuedBy: issuedBy.userName })
        .from(reportDocuments)
        .innerJoin(products, eq(products.id, reportDocuments.productId))
        .leftJoin(issuedBy, eq(issuedBy.id, reportDocuments.createdBy))
        .where(eq(products.customerId, customerId))
        .orderBy(asc(reportDocuments.productId), asc(reportDocuments.version));

      const questionnaireRows = await tx
        .select()
        .from(questionnaires)
        .where(eq(questionnaires.customerId, customerId))
        .orderBy(asc(questionnaires.id));

      const roomDoctor = alias(users, 'room_doctor');
      const reservationRows = await tx
        .select({ reservation: reservations, room: consultingRooms.name, doctor: roomDoctor.userName })
        .from(reservations)
        .innerJoin(consultingRooms, eq(consultingRooms.id, reservations.consultingRoomId))
        .leftJoin(roomDoctor, eq(roomDoctor.id, consultingRooms.doctorId))
        .where(eq(reservations.customerId, customerId))
        .orderBy(asc(reservations.consultationStart), asc(reservations.id));

      // Messages of the customer, and those written to their address or number without naming anyone
      // (an e-mail from the e-mail screen to one address).
      const messageRows = await tx
        .select({
          id: outboxMessages.id,
          channel: outboxMessages.channel,
          kind: outboxMessages.kind,
          recipient: outboxMessages.recipient,
          subject: outboxMessages.subject,
          status: outboxMessages.status,
          createdAt: outboxMessages.createdAt,
          sentAt: outboxMessages.sentAt,
          language: outboxMessages.language,
          bodyText: outboxMessages.bodyText,
          bodyHtml: outboxMessages.bodyHtml,
          attachments: outboxMessages.attachments,
        })
        .from(outboxMessages)
        // The messages the erasure deletes.
        .where(customerMessages(customerId, customer))
        .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.id));

      // The audit trail of everything of theirs, in one query; each row goes to its record below.
      const idsOf = {
        sample: tx.select({ id: samples.id }).from(samples).where(eq(samples.customerId, customerId)),
        questionnaire: tx
          .select({ id: questionnaires.id })
          .from(questionnaires)
          .where(eq(questionnaires.customerId, customerId)),
        order: tx.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customerId)),
        payment: tx
          .select({ id: payments.id })
          .from(payments)
          .innerJoin(orders, eq(orders.id, payments.orderId))
          .where(eq(orders.customerId, customerId)),
        product: tx.select({ id: products.id }).from(products).where(eq(products.customerId, customerId)),
        reservation: tx
          .select({ id: reservations.id })
          .from(reservations)
          .where(eq(reservations.customerId, customerId)),
      };
      const changer = alias(users, 'changer');
      const auditRows = await tx
        .select({ entry: auditLog, by: changer.userName })
        .from(auditLog)
        .leftJoin(changer, eq(changer.id, auditLog.changedBy))
        .where(
          or(
            and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, customerId)),
            and(eq(auditLog.entity, 'sample'), inArray(auditLog.entityId, idsOf.sample)),
            and(eq(auditLog.entity, 'questionnaire'), inArray(auditLog.entityId, idsOf.questionnaire)),
            and(eq(auditLog.entity, 'order'), inArray(auditLog.entityId, idsOf.order)),
            and(eq(auditLog.entity, 'payment'), inArray(auditLog.entityId, idsOf.payment)),
            and(
              inArray(auditLog.entity, ['product', 'productRead']),
              inArray(auditLog.entityId, idsOf.product),
            ),
            and(eq(auditLog.entity, 'reservation'), inArray(auditLog.entityId, idsOf.reservation)),
          ),
        )
        .orderBy(asc(auditLog.changedAt), asc(auditLog.id));

      const reader = alias(users, 'reader');
      const accessRows = await tx
        .select({
          at: accessLog.occurredAt,
          by: reader.userName,
          kind: accessLog.kind,
          entityId: accessLog.entityId,
        })
        .from(accessLog)
        .leftJoin(reader, eq(reader.id, accessLog.userId))
        .where(arrayContains(accessLog.customerIds, [customerId]))
        .orderBy(asc(accessLog.occurredAt), asc(accessLog.id));

      // --- assembling, no more queries ---
      const history = new Map<string, ExportedChange[]>();
      for (const { entry, by } of auditRows) {
        const key = `${entry.entity}:${entry.entityId}`;
        const list = history.get(key) ?? [];
        list.push({
          at: entry.changedAt.toISOString(),
          by,
          field: entry.field,
          oldValue: entry.oldValue,
          newValue: entry.newValue,
        });
        history.set(key, list);
      }
      const historyOf = (entity: string, id: number) => history.get(`${entity}:${id}`) ?? [];
      const typeName = (cs: string | null, en: string | null) => (locale === 'en' ? en || cs : cs);

      const pdfs: CollectedExport['pdfs'] = [];
      const consentRecorder = alias(users, 'consent_recorder');
      const consentWithdrawer = alias(users, 'consent_withdrawer');
      // The consent records with their scanned forms, as files beside the reports (issue 35).
      const consentRows = await tx
        .select({
          consent: dnaConsents,
          recordedBy: consentRecorder.userName,
          withdrawnBy: consentWithdrawer.userName,
        })
        .from(dnaConsents)
        .leftJoin(consentRecorder, eq(consentRecorder.id, dnaConsents.recordedBy))
        .leftJoin(consentWithdrawer, eq(consentWithdrawer.id, dnaConsents.withdrawnBy))
        .where(eq(dnaConsents.customerId, customerId))
        .orderBy(asc(dnaConsents.recordedAt), asc(dnaConsents.id));
      const dnaConsentRecords = consentRows.map(({ consent: k, recordedBy, withdrawnBy }) => {
        const scanFile =
          k.scan && k.scanFileName
            ? `consents/${k.id}-${k.scanFileName.replace(/[^\p{L}\p{N}._ -]/gu, '_')}`
            : null;
        if (scanFile && k.scan) pdfs.push({ file: scanFile, content: k.scan });
        return {
          id: k.id,
          formVersion: k.formVersion,
          signedOn: k.signedOn,
          recordedAt: k.recordedAt.toISOString(),
          recordedBy,
          scanFile,
          withdrawnOn: k.withdrawnOn,
          withdrawnBy,
          withdrawalOutcome: k.withdrawalOutcome,
          withdrawalOutcomeName: k.withdrawalOutcome
            ? (consentWithdrawalOutcomeLabels[k.withdrawalOutcome as ConsentWithdrawalOutcome]?.[locale] ??
              k.withdrawalOutcome)
            : null,
          withdrawalNote: k.withdrawalNote,
        };
      });
      const documentsOf = new Map<number, ExportedDocument[]>();
      for (const { document, issuedBy: by } of documentRows) {
        const reportNumber = reportNumberOf(document.productId);
        const file = `reports/${reportNumber}-v${document.version}.pdf`;
        pdfs.push({ file, content: document.content });
        const list = documentsOf.get(document.productId) ?? [];
        list.push({
          file,
          reportId: document.productId,
          reportNumber,
          version: document.version,
          language: document.language,
          preliminary: document.preliminary,
          sha256: document.sha256,
          bytes: document.content.length,
          verificationCode: document.verificationCode,
          replacesVersion: document.replacesVersion,
          reason: document.reason,
          issuedAt: document.createdAt.toISOString(),
          issuedBy: by,
        });
        documentsOf.set(document.productId, list);
      }

      const labResultsOf = new Map<number, CustomerDataExport['samples'][number]['labResults']>();
      for (const row of labRows) {
        const list = labResultsOf.get(row.sampleId) ?? [];
        list.push({
          fileName: row.fileName,
          uploadedAt: row.uploadedAt.toISOString(),
          reportGeneratedAt: iso(row.generatedAt),
        });
        labResultsOf.set(row.sampleId, list);
      }

      const c = customer;
      const data: CustomerDataExport = {
        format: dataExportFormat,
        formatVersion: dataExportFormatVersion,
        generatedAt: now.toISOString(),
        language: locale,
        controller,
        customer: {
          id: c.id,
          name: c.name,
          surname: c.surname,
          email: c.email,
          phonePrefix: c.phonePrefix,
          phone: c.phone,
          gender: c.gender,
          genderName: genderNames[locale][c.gender] ?? String(c.gender),
          dateOfBirth: c.dateOfBirth,
          street: c.street,
          streetNumber: c.streetNumber,
          city: c.city,
          zipCode: c.zipCode,
          barcode: c.extId,
          openLimsId: c.openLimsId,
          registrationSource: c.registrationSource,
          registrationSourceName: named(registrationSourceLabels, c.registrationSource as RegistrationSource),
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
          dnaConsentAt: iso(c.dnaConsentAt),
          dnaConsents: dnaConsentRecords,
          dnaSampleUsageStatus: c.dnaSampleUsageStatus,
          dnaSampleUsageName:
            c.dnaSampleUsageStatus === null
              ? null
              : named(dnaSampleUsageLabels, c.dnaSampleUsageStatus as DnaSampleUsage),
          agreedToScientificUse: c.agreedToScientificUse,
          agreedToSampleExamination: c.agreedToSampleExamination,
          dnaAgreementWasDigital: c.dnaAgreementWasDigital,
        },
        relationship: relationship
          ? {
              status: relationship.row.status,
              statusName:
                relationshipStatusLabels[relationship.row.status as keyof typeof relationshipStatusLabels]?.[
                  locale
                ] ?? relationship.row.status,
              enabled: relationship.row.enabled,
              requestedPartnerFullName: relationship.row.requestedPartnerFullName,
              requestedPartnerEmail: relationship.row.requestedPartnerEmail,
              partnerId: relationship.row.partnerId,
              partnerFullName:
                relationship.partnerName === null
                  ? null
                  : `${relationship.partnerName} ${relationship.partnerSurname ?? ''}`.trim(),
              requestedAt: iso(relationship.row.requestedAt),
              acceptedAt: iso(relationship.row.acceptedAt),
              acceptedBy: relationship.acceptedBy,
            }
          : null,
        orders: orderRows.map(({ order, typeName: cs, typeNameEn: en }) => ({
          id: order.id,
          orderNumber: order.orderNumber,
          productType: typeName(cs, en),
          amount: czk(order.amount),
          currency: order.currency,
          complete: order.complete,
          paidBy: order.paidBy,
          paidByName: named(paymentMethodLabels, order.paidBy as PaymentMethod),
          paidAt: iso(order.dateOrderPaid),
          samplingAtCentre: order.samplingAtCentre,
          createdAt: order.createdAt.toISOString(),
          history: historyOf('order', order.id),
        })),
        payments: paymentRows.map(({ payment: p, orderNumber, completedBy: by }) => ({
          id: p.id,
          orderNumber,
          method: p.method,
          methodName: named(paymentMethodLabels, p.method as PaymentMethod),
          amount: czk(p.amount),
          currency: p.currency,
          cardStatus: p.cardStatus,
          cardStatusName:
            p.cardStatus === null ? null : named(cardPaymentStatusLabels, p.cardStatus as CardPaymentStatus),
          transactionId: p.transactionId,
          refId: p.refId,
          variableSymbol: p.variableSymbol,
          account: p.account,
          completedAt: iso(p.completedAt),
          completedBy: by,
          createdAt: p.createdAt.toISOString(),
          history: historyOf('payment', p.id),
        })),
        vouchersUsed: voucherRows.map((v) => ({
          code: v.code,
          kind: v.kind,
          kindName: named(voucherKindLabels, v.kind as VoucherKind),
          type: v.type,
          typeName: named(voucherTypeLabels, v.type as VoucherType),
          orderNumber: v.orderNumber,
          amount: czk(v.amount),
          currency: 'CZK',
          forWho: v.forWho,
          fromWho: v.fromWho,
          validTo: v.validTo,
          appliedAt: v.appliedAt.toISOString(),
        })),
        bankStatementLines: statementRows.map(({ line, statementDate, orderNumber }) => ({
          statementDate,
          valueDate: line.valueDate,
          counterAccount: line.counterAccount,
          counterName: line.counterName,
          amount: czk(line.amount),
          currency: 'CZK',
          variableSymbol: line.variableSymbol,
          outcome: line.outcome,
          orderNumber,
        })),
        samples: sampleRows.map(
          ({ sample: s, barcode, orderNumber, sentBy: sent, receivedBy: received }) => ({
            id: s.id,
            barcode,
            status: s.status,
            statusName: named(sampleStatusLabels, s.status as SampleStatus),
            orderNumber,
            sentAt: iso(s.sentAt),
            sentBy: sent,
            receivedAt: iso(s.receivedAt),
            receivedBy: received,
            analysisStartedAt: iso(s.analysisStartedAt),
            createdAt: s.createdAt.toISOString(),
            updatedAt: s.updatedAt.toISOString(),
            labResults: labResultsOf.get(s.id) ?? [],
            history: historyOf('sample', s.id),
          }),
        ),
        genotypes: genotypeRows.map((g) => ({
          geneCode: g.geneCode,
          geneName: g.geneName,
          genotype: g.genotype,
          hgvsC: g.hgvsC,
          protein: g.protein,
          transcript: g.transcript,
          storedAt: g.createdAt.toISOString(),
          updatedAt: g.updatedAt.toISOString(),
        })),
        reports: reportRows.map(({ report: r, typeName: cs, typeNameEn: en, doctor: doctorName }) => {
          const section = sectionOf(r);
          return {
            id: r.id,
            reportNumber: reportNumberOf(r.id),
            productType: typeName(cs, en),
            status: r.status,
            statusName: named(productStatusLabels, r.status as ProductStatus),
            section,
            sectionName: productSectionLabels[section][locale],
            generatedAt: r.generatedAt.toISOString(),
            publishedAt: iso(r.publishedAt),
            lastChangeAt: iso(r.lastChangeAt),
            phenotypeCount: phenotypeCount(r.content),
            requiresInspection: r.requiresInspection,
            approvedByLaboratory: r.approvedByLaboratory,
            doctor: doctorName,
            doctorIntro: r.doctorIntro,
            doctorIntroReproductiveGenetics: r.doctorIntroReproductiveGenetics,
            doctorIntroReproductiveGeneticsEnabled: r.doctorIntroReproductiveGeneticsEnabled,
            doctorsIntroLastChange: iso(r.doctorsIntroLastChange),
            legalGuardianName: r.legalGuardianName,
            legalGuardianEmail: r.legalGuardianEmail,
            content: r.content,
            documents: documentsOf.get(r.id) ?? [],
            changeLog: historyOf('product', r.id),
            readLog: historyOf('productRead', r.id),
          };
        }),
        questionnaires: questionnaireRows.map((q) => ({
          id: q.id,
          answers: q.answers,
          filledAt: iso(q.filledAt),
          createdAt: q.createdAt.toISOString(),
          updatedAt: q.updatedAt.toISOString(),
          history: historyOf('questionnaire', q.id),
        })),
        reservations: reservationRows.map(({ reservation: r, room, doctor: doctorName }) => ({
          id: r.id,
          type: r.reservationType,
          typeName: named(reservationTypeLabels, r.reservationType as ReservationType),
          room,
          doctor: doctorName,
          start: r.consultationStart.toISOString(),
          end: r.consultationEnd.toISOString(),
          cancelledAt: iso(r.cancelledAt),
          seriesId: r.seriesId,
          createdAt: r.createdAt.toISOString(),
          history: historyOf('reservation', r.id),
        })),
        messages: messageRows.map((m) => ({
          id: m.id,
          channel: m.channel,
          kind: m.kind,
          recipient: m.recipient,
          subject: m.subject,
          status: m.status,
          createdAt: m.createdAt.toISOString(),
          sentAt: iso(m.sentAt),
          language: m.language,
          // A temporary password is kept apart (`secret`) and was never in the body: nothing to hide.
          bodyText: m.bodyText,
          bodyHtml: m.bodyHtml,
          attachments: (m.attachments ?? []).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
          })),
        })),
        accessLog: accessRows.map((a) => ({
          at: a.at.toISOString(),
          by: a.by,
          kind: a.kind,
          kindName: accessKindLabels[a.kind as AccessKind]?.[locale] ?? a.kind,
          entityId: a.entityId,
        })),
      };
      const parts: ExportFile[] = [];
      for (const part of dataExportParts)
        parts.push(...(await part(tx, { id: customerId, language: locale })));
      return { data, pdfs, parts };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The ZIP's name: `genodesk-customer-<id>-<day in Prague>.zip`. */
export const dataExportFileName = (customerId: number, now: Date) =>
  `genodesk-customer-${customerId}-${pragueDay(now)}.zip`;

/** The ZIP of `collectCustomerData`'s files, generated as a stream. */
export function dataExportZip({ data, pdfs, parts }: CollectedExport): NodeJS.ReadableStream {
  const zip = new JSZip();
  const date = new Date(data.generatedAt);
  zip.file('data.json', `${JSON.stringify(data, null, 2)}\n`, { date });
  zip.file('summary.html', renderDataExportSummary(data), { date });
  // A PDF is compressed already: stored as it is, so its bytes (and SHA-256) come out unchanged.
  for (const pdf of pdfs) zip.file(pdf.file, pdf.content, { date, binary: true, compression: 'STORE' });
  for (const part of parts) zip.file(part.file, part.content, { date, binary: true });
  return zip.generateNodeStream({
    type: 'nodebuffer',
    streamFiles: true,
    compression: 'DEFLATE',
    compressionOptions: { level: 6 },
    comment: `${dataExportFormat} v${dataExportFormatVersion}`,
  });
}

/**
 * `GET admin/customers/dataexport`: the customer's data as a ZIP stream, recorded in the access log as
 * a `dataExport` read of the customer by `reader`.
 */
export async function exportCustomerData(
  db: Database,
  controller: ReportCompany,
  reader: { userId: number | null; address: string | null },
  customerId: number,
  now = new Date(),
): Promise<{ stream: NodeJS.ReadableStream; filename: string }> {
  const collected = await collectCustomerData(db, customerId, controller, now);
  await recordAccess(db, {
    kind: 'dataExport',
    userId: reader.userId,
    customerIds: [customerId],
    address: reader.address,
  });
  return { stream: dataExportZip(collected), filename: dataExportFileName(customerId, now) };
}
