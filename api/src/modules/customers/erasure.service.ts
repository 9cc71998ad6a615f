import { type EraseCustomerRequest, RelationshipStatus } from '@genodesk/contract';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { type Database, type Tx, transaction } from '../../db/client.js';
import {
  auditLog,
  bankStatementLines,
  barcodes,
  customerGenotypes,
  customerRelationships,
  customers,
  dnaConsents,
  idempotentRequests,
  mailings,
  orders,
  orderVouchers,
  outboxMessages,
  payments,
  products,
  productTemplates,
  questionnaires,
  reservations,
  resultUploadFiles,
  resultUploadMarkerCounts,
  resultUploadSamples,
  resultUploads,
  resultUploadUnpairables,
  samples,
  vouchers,
} from '../../db/schema/index.js';
import { conflict, notFound } from '../../http/errors.js';
import { audit } from '../audit/audit.js';
import type { Client } from '../audit/security-log.js';
import { confirmPassword } from '../auth/service.js';
import { withdrawReportDocuments } from '../products/report-pdf/withdrawn-documents.js';
import { recountTemplates } from '../results/generation.service.js';
import { customerMessages, customerStatementLines } from './customer-traces.js';

/** The e-mail an erased customer's row keeps: unique (the lower(email) index), never deliverable. */
export const erasedEmail = (id: number) => `erased-${id}@erased.invalid`;

/**
 * What the anonymised row holds: neutral values that satisfy the table's constraints. The orders and
 * payments lists show the customer as `erasedCustomerLabel`, in the caller's language
 * (`customerFullName`).
 */
const anonymised = (id: number) => ({
  name: 'Erased',
  surname: 'customer',
  email: erasedEmail(id),
  passwordHash: null,
  gender: 2,
  dateOfBirth: null,
  phonePrefix: '',
  phone: '',
  street: '',
  streetNumber: '',
  city: '',
  zipCode: '',
  extId: null,
  openLimsId: null,
  agreedToDataProcessing: false,
  agreedToTermsOfService: false,
  agreedToDnaAnalysis: false,
  dnaConsentAt: null,
  dnaSampleUsageStatus: null,
  agreedToScientificUse: false,
  agreedToSampleExamination: false,
  dnaAgreementWasDigital: false,
  notifyByEmail: false,
  notifyBySms: false,
  language: 'cs',
});

const ids = <T extends { id: number }>(rows: T[]) => rows.map((row) => row.id);

/**
 * Erasure of a customer (GDPR Art. 17; `DELETE admin/customers`), irreversible, in one transaction
 * under the customer's row lock. What the accounting law keeps stays: the customer's orders and
 * payments (with the vouchers they used) point at the customer row, which is anonymised (`anonymised`,
 * `erased_at` set); the statement lines paying them keep amount, variable symbol and date but lose the
 * payer's name and account. Every other trace goes: genotypes, reports with their issued PDFs and
 * template links, questionnaire, reservations, samples and the barcodes they used (the row, so the code
 * is gone; the sequence never issues it again), the relationship both ways (and other customers'
 * requests naming them), the results uploads' rows of their barcode, the outbox messages to them and
 * the mailings addressed to them alone, the values of the audit rows of everything of theirs (who,
 * when and which field stay), stored idempotent answers that show them, and the queued or finished
 * jobs about their reports and consultations. Each issued PDF leaves a tombstone (code, hash, report
 * number, version, dates: `withdrawn_report_documents`) so that verification answers "withdrawn". One audit row (`erased`, no personal value) records who
 * erased which id. An erased customer answers 404 like an unknown one.
 */
/**
 * Erases a customer (issue 36: an administrator's act, Customers.Erase): their password first (a
 * stolen sign-in must not erase medical records), then, unless a legal hold stands, everything
 * personal; the reason and the request's reference stay in the audit trail.
 */
export async function eraseCustomer(
  db: Database,
  by: Principal,
  id: number,
  input: EraseCustomerRequest,
  client: Client,
): Promise<{ id: number }> {
  await confirmPassword(db, by, input.Password, { purpose: 'customerErasure', field: 'Password', client });
  await transaction(db, async (tx) => {
    const [customer] = await tx
      .select()
      .from(customers)
      .where(and(eq(customers.id, id), isNull(customers.erasedAt)))
      .for('update');
    if (!customer) throw notFound();
    if (customer.legalHoldReason !== null)
      throw conflict('customerOnLegalHold', undefined, { reason: customer.legalHoldReason });
    await eraseTraces(tx, customer);
    await tx
      .update(customers)
      .set({ ...anonymised(id), erasedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(customers.id, id));
    await audit(tx, {
      entity: 'customer',
      entityId: id,
      changedBy: by.id,
      changes: [
        { field: 'erased', oldValue: null, newValue: 'erased' },
        { field: 'erasureReason', oldValue: null, newValue: input.Reason },
        ...(input.RequestReference
          ? [{ field: 'erasureRequest', oldValue: null, newValue: input.RequestReference }]
          : []),
      ],
    });
  });
  return { id };
}

/** `PUT admin/customers/legalhold`: puts the customer on legal hold (a reason) or lifts it (null); audited. */
export async function setLegalHold(db: Database, by: Principal, id: number, reason: string | null) {
  await transaction(db, async (tx) => {
    const [customer] = await tx
      .select({ reason: customers.legalHoldReason })
      .from(customers)
      .where(and(eq(customers.id, id), isNull(customers.erasedAt)))
      .for('update');
    if (!customer) throw notFound();
    await tx
      .update(customers)
      .set({
        legalHoldReason: reason,
        legalHoldAt: reason === null ? null : sql`now()`,
        legalHoldBy: reason === null ? null : by.id,
        updatedAt: sql`now()`,
      })
      .where(eq(customers.id, id));
    await audit(tx, {
      entity: 'customer',
      entityId: id,
      changedBy: by.id,
      changes: [{ field: 'legalHold', oldValue: customer.reason, newValue: reason }],
    });
  });
}

type CustomerRow = typeof customers.$inferSelect;

async function eraseTraces(tx: Tx, customer: CustomerRow) {
  const id = customer.id;
  const email = customer.email.toLowerCase();
  const fullName = `${customer.name} ${customer.surname}`.trim();

  // What is theirs, read before anything goes.
  const orderRows = await tx
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(eq(orders.customerId, id));
  const orderIds = ids(orderRows);
  const paymentIds = orderIds.length
    ? ids(await tx.select({ id: payments.id }).from(payments).where(inArray(payments.orderId, orderIds)))
    : [];
  const sampleRows = await tx
    .select({ id: samples.id, barcodeId: samples.barcodeId, code: barcodes.code })
    .from(samples)
    .leftJoin(barcodes, eq(barcodes.id, samples.barcodeId))
    .where(eq(samples.customerId, id));
  const sampleIds = ids(sampleRows);
  const barcodeIds = sampleRows.flatMap((s) => (s.barcodeId === null ? [] : [s.barcodeId]));
  const codes = [
    ...new Set(
      [...sampleRows.map((s) => s.code), customer.extId].filter((code): code is string => Boolean(code)),
    ),
  ];
  const productIds = ids(
    await tx.select({ id: products.id }).from(products).where(eq(products.customerId, id)),
  );
  const questionnaireIds = ids(
    await tx.select({ id: questionnaires.id }).from(questionnaires).where(eq(questionnaires.customerId, id)),
  );
  const reservationIds = ids(
    await tx.select({ id: reservations.id }).from(reservations).where(eq(reservations.customerId, id)),
  );
  const lineIds = ids(
    await tx.select({ id: bankStatementLines.id }).from(bankStatementLines).where(customerStatementLines(id)),
  );
  // Gift vouchers used on their orders: whom for and from whom may name them.
  const voucherIds = orderIds.length
    ? [
        ...new Set(
          (
            await tx
              .select({ id: orderVouchers.voucherId })
              .from(orderVouchers)
              .where(inArray(orderVouchers.orderId, orderIds))
          ).map((row) => row.id),
        ),
      ]
    : [];

  // Jobs about their reports and consultations (the payloads hold ids; an e-mail too, to be sure).
  // A running one is left to finish (it finds nothing); the rest go.
  const [boss] = (
    await tx.execute<{ exists: boolean }>(sql`select to_regclass('pgboss.job') is not null as "exists"`)
  ).rows;
  if (boss?.exists) {
    await tx.execute(sql`
      delete from pgboss.job
      where state <> 'active'
        and ((name = 'move-product' and (data->>'productId') = any(${sql.param(productIds.map(String))}::text[]))
          or (name = 'consultation-reminder' and (data->>'reservationId') = any(${sql.param(reservationIds.map(String))}::text[]))
          or (data->>'customerId') = ${String(id)}
          or position(${email} in lower(coalesce(data::text, '') || coalesce(output::text, ''))) > 0)`);
  }

  // Reports: their issued PDFs, template links and reanalysis runs go with them; the templates they
  // used are recounted. Each issued PDF leaves a tombstone without personal data (issue 35), so a
  // genuine copy checked later is "withdrawn", not "not issued".
  if (productIds.length) {
    await withdrawReportDocuments(tx, productIds);
    const usedTemplates = await tx
      .select({ id: productTemplates.templateId })
      .from(productTemplates)
      .where(inArray(productTemplates.productId, productIds));
    await tx.delete(products).where(inArray(products.id, productIds));
    await recountTemplates(
      tx,
      usedTemplates.map((row) => row.id),
    );
  }
  await tx.delete(customerGenotypes).where(eq(customerGenotypes.customerId, id));
  // The consent records and their scanned forms (issue 35): the customer's row is anonymised, not
  // deleted, so its foreign key's cascade never runs; they go here.
  await tx.delete(dnaConsents).where(eq(dnaConsents.customerId, id));
  await tx.delete(questionnaires).where(eq(questionnaires.customerId, id));
  await tx.delete(reservations).where(eq(reservations.customerId, id));

  // Results uploads: the rows of their samples and barcodes; the pieces of any file that held them.
  const uploadIds = ids(
    await tx
      .selectDistinct({ id: resultUploadSamples.uploadId })
      .from(resultUploadSamples)
      .where(eq(resultUploadSamples.customerId, id)),
  );
  if (codes.length) {
    const byCode = await tx
      .select({ id: resultUploads.id })
      .from(resultUploads)
      .where(
        sql`${resultUploads.barcode} = any(${sql.param(codes)}::text[])
          or exists (select 1 from ${resultUploadMarkerCounts} m where m.upload_id = ${resultUploads.id} and m.barcode = any(${sql.param(codes)}::text[]))
          or exists (select 1 from ${resultUploadUnpairables} u where u.upload_id = ${resultUploads.id} and u.barcode = any(${sql.param(codes)}::text[]))`,
      );
    uploadIds.push(...ids(byCode));
  }
  // A file of theirs alone (a 23andMe or AncestryDNA file is often named after the person, its failure
  // names the file and barcode) loses its name and failure texts; a file of many samples keeps its
  // name and loses their rows only (below).
  if (uploadIds.length)
    await tx
      .update(resultUploads)
      .set({ fileName: sql`'erased-' || ${resultUploads.id}`, exception: null, exceptionEn: null })
      .where(
        and(
          inArray(resultUploads.id, [...new Set(uploadIds)]),
          sql`${resultUploads.barcode} is null or ${resultUploads.barcode} = any(${sql.param(codes)}::text[])`,
          sql`not exists (select 1 from ${resultUploadSamples} s where s.upload_id = ${resultUploads.id} and s.customer_id <> ${id})`,
          sql`not exists (select 1 from ${resultUploadMarkerCounts} m where m.upload_id = ${resultUploads.id} and m.barcode <> all(${sql.param(codes)}::text[]))`,
          sql`not exists (select 1 from ${resultUploadUnpairables} u where u.upload_id = ${resultUploads.id} and u.barcode <> all(${sql.param(codes)}::text[]))`,
        ),
      );
  if (codes.length) {
    await tx.delete(resultUploadMarkerCounts).where(inArray(resultUploadMarkerCounts.barcode, codes));
    await tx.delete(resultUploadUnpairables).where(inArray(resultUploadUnpairables.barcode, codes));
    await tx.update(resultUploads).set({ barcode: null }).where(inArray(resultUploads.barcode, codes));
  }
  await tx.delete(resultUploadSamples).where(eq(resultUploadSamples.customerId, id));
  // A file still being read keeps its pieces (its job deletes them); a finished one has none left.
  if (uploadIds.length)
    await tx
      .delete(resultUploadFiles)
      .where(
        and(
          inArray(resultUploadFiles.uploadId, [...new Set(uploadIds)]),
          sql`(select status from ${resultUploads} u where u.id = ${resultUploadFiles.uploadId}) <> 1`,
        ),
      );

  // Samples, then the barcode rows they used.
  if (sampleIds.length) await tx.delete(samples).where(inArray(samples.id, sampleIds));
  if (barcodeIds.length) await tx.delete(barcodes).where(inArray(barcodes.id, barcodeIds));

  // Relationships: theirs, their partner's link to them, other customers' requests naming them.
  await tx.delete(customerRelationships).where(eq(customerRelationships.customerId, id));
  await tx
    .update(customerRelationships)
    .set({
      status: RelationshipStatus.NotRequested,
      partnerId: null,
      acceptedAt: null,
      acceptedBy: null,
      requestedPartnerFullName: null,
      requestedPartnerEmail: null,
      requestedAt: null,
    })
    .where(eq(customerRelationships.partnerId, id));
  await tx
    .update(customerRelationships)
    .set({ requestedPartnerEmail: null })
    .where(sql`lower(${customerRelationships.requestedPartnerEmail}) = ${email}`);
  if (fullName)
    await tx
      .update(customerRelationships)
      .set({ requestedPartnerFullName: null })
      .where(sql`lower(${customerRelationships.requestedPartnerFullName}) = ${fullName.toLowerCase()}`);

  // Messages: theirs as the data export reads them (`customerMessages`); mailings to them alone.
  await tx.delete(outboxMessages).where(customerMessages(id, customer));
  await tx.delete(mailings).where(sql`lower(${mailings.toAddress}) = ${email}`);

  // Gift vouchers used on their orders: whom for and from whom go, the voucher stays.
  if (voucherIds.length)
    await tx.update(vouchers).set({ forWho: null, fromWho: null }).where(inArray(vouchers.id, voucherIds));

  // Bank statement lines of their orders (`customerStatementLines`, as the data export reads them):
  // the payer's name and account go, the booking stays.
  if (lineIds.length)
    await tx
      .update(bankStatementLines)
      .set({ counterName: '', counterAccount: '' })
      .where(inArray(bankStatementLines.id, lineIds));

  // A gift voucher sent to their address names it in its trail ('sent'): the value goes, the row stays.
  await tx
    .update(auditLog)
    .set({ oldValue: null, newValue: null })
    .where(
      sql`${auditLog.entity} = 'voucher' and ${auditLog.field} = 'sent' and (position(${email} in lower(coalesce(${auditLog.newValue}, ''))) > 0 or position(${email} in lower(coalesce(${auditLog.oldValue}, ''))) > 0)`,
    );

  // The audit trail of everything of theirs keeps who changed which field when, without the values.
  const trails: SQL[] = [sql`(${auditLog.entity} = 'customer' and ${auditLog.entityId} = ${id})`];
  const trailOf = (entities: string[], entityIds: number[]) => {
    if (entityIds.length)
      trails.push(sql`(${inArray(auditLog.entity, entities)} and ${inArray(auditLog.entityId, entityIds)})`);
  };
  trailOf(['order'], orderIds);
  trailOf(['payment'], paymentIds);
  trailOf(['sample'], sampleIds);
  trailOf(['product', 'productRead'], productIds);
  trailOf(['questionnaire'], questionnaireIds);
  trailOf(['reservation'], reservationIds);
  trailOf(['bankStatementLine'], lineIds);
  trailOf(['voucher'], voucherIds);
  await tx
    .update(auditLog)
    .set({ oldValue: null, newValue: null })
    .where(
      and(
        sql.join(trails, sql` or `),
        sql`(${auditLog.oldValue} is not null or ${auditLog.newValue} is not null)`,
      ),
    );

  // Stored answers of the last day's requests (Idempotency-Key) that show them.
  const shown = [email, fullName.toLowerCase(), ...codes.map((c) => c.toLowerCase())].filter(Boolean);
  if (customer.phone) shown.push(customer.phone.toLowerCase());
  await tx
    .delete(idempotentRequests)
    .where(
      sql`exists (select 1 from unnest(${sql.param(shown)}::text[]) s where position(s in lower(${idempotentRequests.body})) > 0)`,
    );
}
