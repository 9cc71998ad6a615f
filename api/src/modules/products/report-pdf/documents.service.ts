import { createHash, randomBytes } from 'node:crypto';
import { type IssuedReport, type Locale, type ReportVerification, reportNumberOf } from '@genodesk/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Principal } from '../../../auth/principal.js';
import type { ReportCompany } from '../../../config.js';
import type { Executor, Tx } from '../../../db/client.js';
import { barcodes, customers, products, reportDocuments, samples, users } from '../../../db/schema/index.js';
import { notFound } from '../../../http/errors.js';
import { issueBundle } from '../../fhir/issue.js';
import {
  type ReportDocument,
  type ReportOptions,
  type ReportSource,
  readReportSource,
  reportDocumentFrom,
  templatesTold,
} from './document.js';
import { type RenderOptions, renderReportPdf } from './render.js';
import { verificationUrl } from './report-pdf.service.js';
import { reportTextsFor } from './report-texts.service.js';
import { reportSignature } from './signing.js';
import { type DocumentMatch, findWithdrawnDocument } from './withdrawn-documents.js';

// Issued report PDFs (issue 22): rendered once at publication, stored as versions, never changed.
// This file has no update of `report_documents`, on purpose.

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed from paper has no look-alikes. */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A fresh verification code: 10 random base32 characters (50 bits) in two groups, `7KQ2M-XR4TD`. */
export function newVerificationCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => alphabet[byte & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * A code as typed: case, spaces and dashes ignored, O read as 0 and I/L as 1 (Crockford). Null when
 * it cannot be a code.
 */
export function normalizeVerificationCode(input: string): string | null {
  const chars = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (!/^[0-9A-HJKMNP-TV-Z]{10}$/.test(chars)) return null;
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** An issued version's file name: `GD-000123-v2-cs.pdf`. */
export const reportFileName = (productId: number, version: number, language: string, extension = 'pdf') =>
  `${reportNumberOf(productId)}-v${version}-${language}.${extension}`;

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The report's newest stored version, if any: its number, issue time and printed verification code. */
export async function latestReportDocument(db: Executor, productId: number) {
  const [row] = await db
    .select({
      version: reportDocuments.version,
      createdAt: reportDocuments.createdAt,
      code: reportDocuments.verificationCode,
      preliminary: reportDocuments.preliminary,
    })
    .from(reportDocuments)
    .where(eq(reportDocuments.productId, productId))
    .orderBy(desc(reportDocuments.version))
    .limit(1);
  return row;
}

/**
 * The version issuing now would store after `latest` (none: version 1), and what it replaces, with why
 * (the physician's reason).
 */
export function nextVersion(
  latest: Awaited<ReturnType<typeof latestReportDocument>>,
  reason: string,
): { version: number; replaces: ReplacedVersion | null } {
  if (!latest) return { version: 1, replaces: null };
  return {
    version: latest.version + 1,
    replaces: {
      version: latest.version,
      issuedAt: latest.createdAt,
      code: latest.code,
      reason,
      preliminary: latest.preliminary,
    },
  };
}

/** What a publication prints that is not (yet) in the database: the edit's values. */
export type PublicationOverrides = Pick<
  ReportSource,
  | 'status'
  | 'doctorIntro'
  | 'doctorIntroReproductiveGenetics'
  | 'doctorIntroReproductiveGeneticsEnabled'
  | 'doctorName'
  | 'doctorLicence'
  | 'publishedAt'
>;

/**
 * The version an amended report replaces (ISO 15189 §7.4.1.7: identified, with the reason); a final
 * report after a preliminary one replaces it too, and is the final report, not an amendment.
 */
export type ReplacedVersion = {
  version: number;
  issuedAt: Date;
  code: string;
  reason: string;
  preliminary?: boolean;
};

/** The version a publication is about to store, as far as it is known before rendering. */
export type PlannedIssue = {
  productId: number;
  version: number;
  /** The version it replaces (an amended report): its number, issue time and code, and why. */
  replaces: ReplacedVersion | null;
  code: string;
  origin: string;
  /** The laboratory in the header (`config.reportCompany`). */
  company: ReportCompany;
  overrides: PublicationOverrides;
};

/**
 * The document a publication issues, from the database as `db` sees it (the caller's transaction or
 * not: the report, the customer and the catalogue's limitations and disclaimer) with the edit's values
 * on top, in the customer's language.
 */
export async function publicationDocument(
  db: Executor,
  plan: PlannedIssue,
): Promise<{
  document: ReportDocument;
  language: Locale;
  customerId: number;
  source: ReportSource;
  options: ReportOptions;
}> {
  const { source: stored, language, customerId } = await readReportSource(db, plan.productId);
  const texts = await reportTextsFor(db, language);
  const source = { ...stored, ...plan.overrides };
  const options: ReportOptions = {
    locale: language,
    preview: false,
    version: plan.version,
    replaces: plan.replaces,
    date: plan.overrides.publishedAt ?? new Date(),
    verification: { code: plan.code, url: verificationUrl(plan.origin, plan.code) },
    company: plan.company,
    texts,
  };
  const document = await reportDocumentFrom(source, options);
  return { document, language, customerId, source, options };
}

/** A publication's PDF, rendered off the event loop before any row is locked. */
export type RenderedIssue = {
  plan: PlannedIssue;
  /** The document as rendered, serialised: the transaction checks it would render the same. */
  fingerprint: string;
  language: Locale;
  pdf: Buffer;
};

/**
 * Renders and signs a publication's PDF (issue 35): the rendering process signs it right after Typst
 * (sign-pdf.mjs, an incremental update that keeps PDF/A-2b), so what `storeIssue` hashes, stores and
 * verifies by its bytes is the signed document.
 */
export async function renderIssue(
  db: Executor,
  plan: PlannedIssue,
  options: RenderOptions = {},
): Promise<RenderedIssue> {
  const { document, language } = await publicationDocument(db, plan);
  const sign = await reportSignature(db, plan.company, {
    locale: language,
    report: `${reportNumberOf(plan.productId)} v${plan.version}`,
    // Signed when published: the publication's moment (the demo's history dates its own).
    at: plan.overrides.publishedAt ?? new Date(),
  });
  const pdf = await renderReportPdf(document, { ...options, sign });
  return { plan, fingerprint: JSON.stringify(document), language, pdf };
}

/**
 * Stores a rendered publication in the caller's transaction, which holds the report's row lock: its id
 * when the report, as the transaction sees it, still makes exactly the document that was rendered
 * (nobody changed it, its customer or its versions meanwhile); null, storing nothing, when not — the
 * caller renders again.
 */
export async function storeIssue(
  tx: Tx,
  by: Pick<Principal, 'id'>,
  rendered: RenderedIssue,
): Promise<number | null> {
  const { plan } = rendered;
  const latest = await latestReportDocument(tx, plan.productId);
  if ((latest?.version ?? 0) !== plan.version - 1) return null;
  const publication = await publicationDocument(tx, plan);
  if (JSON.stringify(publication.document) !== rendered.fingerprint) return null;
  const createdAt = plan.overrides.publishedAt ?? new Date();
  // The FHIR bundle of the same version (issue 40), from the same reading of the same transaction.
  const fhirBundle = await issueBundle(tx, {
    ...publication,
    plan,
    pdf: rendered.pdf,
    filename: reportFileName(plan.productId, plan.version, rendered.language),
    issuedAt: createdAt,
  });
  const [row] = await tx
    .insert(reportDocuments)
    .values({
      productId: plan.productId,
      version: plan.version,
      language: rendered.language,
      preliminary: plan.overrides.status === 4,
      content: rendered.pdf,
      sha256: sha256Hex(rendered.pdf),
      verificationCode: plan.code,
      replacesVersion: plan.replaces?.version ?? null,
      reason: plan.replaces?.reason ?? null,
      fhirBundle,
      templateIds: templatesTold(publication.source.content),
      createdBy: by.id,
      createdAt,
    })
    .returning({ id: reportDocuments.id });
  return row?.id ?? null;
}

// Reading and checking

const listColumns = {
  version: reportDocuments.version,
  language: reportDocuments.language,
  preliminary: reportDocuments.preliminary,
  sha256: reportDocuments.sha256,
  verificationCode: reportDocuments.verificationCode,
  replacesVersion: reportDocuments.replacesVersion,
  reason: reportDocuments.reason,
  createdById: users.id,
  createdByName: users.userName,
  createdAt: reportDocuments.createdAt,
};

/** `GET admin/products/documents`: the report's versions, newest first (404 for no such report). */
export async function listReportDocuments(
  db: Executor,
  productId: number,
): Promise<{ documents: IssuedReport[] }> {
  const [report] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!report) throw notFound();
  const rows = await db
    .select(listColumns)
    .from(reportDocuments)
    .leftJoin(users, eq(users.id, reportDocuments.createdBy))
    .where(eq(reportDocuments.productId, productId))
    .orderBy(desc(reportDocuments.version));
  return {
    documents: rows.map((row) => ({
      version: row.version,
      language: row.language as Locale,
      preliminary: row.preliminary,
      sha256: row.sha256,
      verificationCode: row.verificationCode,
      replacesVersion: row.replacesVersion,
      reason: row.reason,
      createdBy:
        row.createdById !== null && row.createdByName !== null
          ? { id: row.createdById, userName: row.createdByName }
          : null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * One stored version of a report as issued (without `version` the newest), with whose report it is:
 * 404 when there is no such version (or nothing was issued yet). The PDF and the FHIR bundle are read
 * by it alike.
 */
export async function issuedVersion(db: Executor, productId: number, version?: number) {
  const [row] = await db
    .select({
      content: reportDocuments.content,
      language: reportDocuments.language,
      version: reportDocuments.version,
      sha256: reportDocuments.sha256,
      fhirBundle: reportDocuments.fhirBundle,
      customerId: products.customerId,
    })
    .from(reportDocuments)
    .innerJoin(products, eq(products.id, reportDocuments.productId))
    .where(
      and(
        eq(reportDocuments.productId, productId),
        version === undefined ? undefined : eq(reportDocuments.version, version),
      ),
    )
    .orderBy(desc(reportDocuments.version))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * `GET admin/products/document`: one stored version's bytes, as issued; without `version` the current
 * (newest) one — what the customer's app serves (docs/api.md). Says whose report it is: the route
 * records the read in the access log.
 */
export async function readReportDocument(
  db: Executor,
  productId: number,
  version?: number,
): Promise<{ pdf: Buffer; filename: string; version: number; sha256: string; customerId: number }> {
  const row = await issuedVersion(db, productId, version);
  return {
    pdf: row.content,
    filename: reportFileName(productId, row.version, row.language),
    version: row.version,
    sha256: row.sha256,
    customerId: row.customerId,
  };
}

/**
 * `POST verify/report`: is this an issued report? By the file's bytes (their SHA-256 must be one a
 * publication stored: a single changed byte is not) or by the code printed on it (then staff compare
 * what they hold with the metadata). A match says which report of whose it was (`read`): the route
 * records it in the access log. A document whose report went with its customer's erasure is found by
 * its tombstone (issue 35): issued and withdrawn, with no one to name (`read` null). The public call
 * (`public-verification.ts`) answers from the same lookup with nothing personal.
 */
export async function verifyReport(
  db: Executor,
  input: { bytes: Buffer } | { code: string },
): Promise<{
  verification: ReportVerification;
  read: { productId: number; customerId: number; version: number } | null;
}> {
  let where: ReturnType<typeof eq>;
  let match: DocumentMatch;
  if ('bytes' in input) {
    match = { sha256: sha256Hex(input.bytes) };
    where = eq(reportDocuments.sha256, match.sha256);
  } else {
    const code = normalizeVerificationCode(input.code);
    if (code === null) return { verification: { issued: false }, read: null };
    match = { code };
    where = eq(reportDocuments.verificationCode, code);
  }
  const [row] = await db
    .select({
      productId: reportDocuments.productId,
      version: reportDocuments.version,
      language: reportDocuments.language,
      preliminary: reportDocuments.preliminary,
      sha256: reportDocuments.sha256,
      verificationCode: reportDocuments.verificationCode,
      replacesVersion: reportDocuments.replacesVersion,
      reason: reportDocuments.reason,
      createdAt: reportDocuments.createdAt,
      customerId: customers.id,
      customerFirstName: customers.name,
      customerSurname: customers.surname,
      barcode: barcodes.code,
      latestVersion: sql<number>`(select max(d.version) from ${reportDocuments} d
        where d.product_id = ${reportDocuments.productId})`.mapWith(Number),
    })
    .from(reportDocuments)
    .innerJoin(products, eq(products.id, reportDocuments.productId))
    .innerJoin(customers, eq(customers.id, products.customerId))
    .leftJoin(samples, eq(samples.id, products.sampleId))
    .leftJoin(barcodes, eq(barcodes.id, samples.barcodeId))
    .where(where);
  if (!row) {
    const withdrawn = await findWithdrawnDocument(db, match);
    if (!withdrawn) return { verification: { issued: false }, read: null };
    return {
      verification: {
        issued: true,
        withdrawn: true,
        reportNumber: withdrawn.reportNumber,
        version: withdrawn.version,
        sha256: withdrawn.sha256,
        verificationCode: withdrawn.verificationCode,
        createdAt: withdrawn.issuedAt.toISOString(),
        withdrawnAt: withdrawn.withdrawnAt.toISOString(),
        matchedBy: 'sha256' in match ? 'sha256' : 'code',
      },
      read: null,
    };
  }
  const verification: ReportVerification = {
    issued: true,
    withdrawn: false,
    productId: row.productId,
    customerName: `${row.customerFirstName} ${row.customerSurname}`,
    barcode: row.barcode,
    version: row.version,
    language: row.language as Locale,
    preliminary: row.preliminary,
    sha256: row.sha256,
    verificationCode: row.verificationCode,
    replacesVersion: row.replacesVersion,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    current: row.version === row.latestVersion,
    latestVersion: row.latestVersion,
    matchedBy: 'bytes' in input ? 'sha256' : 'code',
  };
  return {
    verification,
    read: { productId: row.productId, customerId: row.customerId, version: row.version },
  };
}
