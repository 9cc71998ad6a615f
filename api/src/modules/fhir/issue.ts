import { createHash } from 'node:crypto';
import type { Locale } from '@genodesk/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { markers } from '../../db/schema/index.js';
import {
  type ReportDocument,
  type ReportOptions,
  type ReportSource,
  reportDocumentFrom,
} from '../products/report-pdf/document.js';
import { reportTextsFor } from '../products/report-pdf/report-texts.service.js';
import { contentCodes } from '../products/report-view.js';
import { type MapMarkerDetails, reportBundle } from './bundle.js';

/** The marker map's entries of the given gene codes, by lower-cased code: one query. */
export async function loadMapMarkers(db: Executor, codes: string[]): Promise<Map<string, MapMarkerDetails>> {
  const found = new Map<string, MapMarkerDetails>();
  if (codes.length === 0) return found;
  const rows = await db
    .select({
      code: sql<string>`lower(${markers.geneCode})`,
      rsid: markers.rsid,
      transcript: markers.transcript,
      chromosome: markers.chromosome,
      positionGrch37: markers.positionGrch37,
      positionGrch38: markers.positionGrch38,
      reference: markers.reference,
      alternative: markers.alternative,
    })
    .from(markers)
    .where(inArray(sql`lower(${markers.geneCode})`, codes));
  for (const { code, ...details } of rows) found.set(code, details);
  return found;
}

/**
 * The FHIR bundle a publication stores beside its PDF (issue 40): the customer's document as the PDF
 * prints it, the same document in the other language (the translations), and the marker map's
 * positions of the report's genes — all read by the publishing transaction.
 */
export async function issueBundle(
  db: Executor,
  issue: {
    plan: {
      productId: number;
      version: number;
      code: string;
      origin: string;
      company: ReportOptions['company'];
    };
    document: ReportDocument;
    language: Locale;
    customerId: number;
    source: ReportSource;
    options: ReportOptions;
    pdf: Buffer;
    filename: string;
    issuedAt: Date;
  },
) {
  const other: Locale = issue.language === 'cs' ? 'en' : 'cs';
  const otherDocument = await reportDocumentFrom(issue.source, {
    ...issue.options,
    locale: other,
    texts: await reportTextsFor(db, other),
  });
  const documents = { [issue.language]: issue.document, [other]: otherDocument } as Record<
    Locale,
    ReportDocument
  >;
  return reportBundle({
    origin: issue.plan.origin,
    productId: issue.plan.productId,
    customerId: issue.customerId,
    version: issue.plan.version,
    issuedAt: issue.issuedAt,
    preliminary: issue.document.preliminary,
    replaces: issue.options.replaces ?? null,
    verificationCode: issue.plan.code,
    source: issue.source,
    language: issue.language,
    documents,
    markers: await loadMapMarkers(db, contentCodes(issue.source.content)),
    pdf: {
      sha256: createHash('sha256').update(issue.pdf).digest('hex'),
      sha1Base64: createHash('sha1').update(issue.pdf).digest('base64'),
      size: issue.pdf.length,
      filename: issue.filename,
    },
    company: issue.plan.company,
  });
}
