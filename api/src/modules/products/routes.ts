import {
  Permissions,
  type Product,
  phenotypeAssessmentRequestSchema,
  phenotypeWithholdRequestSchema,
  productCategoryQuerySchema,
  productEditRequestSchema,
  productIdQuerySchema,
  productListItemSchema,
  productListQuerySchema,
  productMoveRequestSchema,
  productPageSchema,
  productPdfPreviewQuerySchema,
  productSchema,
  productValidationRequestSchema,
  publicReportVerificationSchema,
  reportCategorySchema,
  reportDocumentListSchema,
  reportDocumentQuerySchema,
  reportDocumentsQuerySchema,
  reportTextsEditRequestSchema,
  reportTextsSchema,
  reportVerificationSchema,
  reportVerifyCodeRequestSchema,
} from '@genodesk/contract';
import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../auth/access.js';
import { sharedCacheOf } from '../../db/shared-cache.js';
import type { App, Deps } from '../../http/app-types.js';
import { invalid, requestLocale } from '../../http/errors.js';
import { rateLimits } from '../../http/rate-limit.js';
import { readerOf, recordAccess, recordListRead } from '../audit/access-log.js';
import {
  assessPhenotype,
  editProduct,
  getProduct,
  getProductCategory,
  listProducts,
  requestMove,
} from './products.service.js';
import { validateProduct, withholdPhenotype } from './release.service.js';
import { listReportDocuments, readReportDocument, verifyReport } from './report-pdf/documents.service.js';
import { verifyReportPublicly } from './report-pdf/public-verification.js';
import { previewReportPdf } from './report-pdf/report-pdf.service.js';
import { getReportTexts, saveReportTexts } from './report-pdf/report-texts.service.js';

const P = Permissions;

/** The largest PDF the verification call takes (an issued report is well under a megabyte). */
export const maxVerifiedPdfBytes = 20 * 1024 * 1024;

/** A verification call's body: a PDF's raw bytes, or JSON `{ code }` (400 on `code` otherwise). */
function verificationInput(body: unknown): { bytes: Buffer } | { code: string } {
  if (Buffer.isBuffer(body)) return { bytes: body };
  const parsed = reportVerifyCodeRequestSchema.safeParse(body);
  if (!parsed.success) throw invalid('invalidValue', 'code');
  return { code: parsed.data.code };
}

export function productsRoutes(app: App, deps: Deps) {
  /** A report answered to its reader, a read or a write's answer, is recorded before it is sent. */
  const answerReport = async (request: FastifyRequest, product: Product) => {
    await recordAccess(deps.db, {
      kind: 'report',
      customerIds: [product.assignedCustomerId],
      entityId: product.id,
      ...readerOf(request),
    });
    return product;
  };

  const tags = ['products'];

  app.get('/api/admin/products', {
    config: { access: { all: [P.ProductsView] } },
    schema: {
      tags,
      summary: 'Reports of one section (results, doctor section, archive), filtered, searched, sorted, paged',
      querystring: productListQuerySchema,
      response: { 200: productPageSchema },
    },
    handler: async (request) => {
      const page = await listProducts(deps.db, request.query);
      await recordListRead(
        deps.db,
        request,
        'reports',
        page.items.map((item) => item.customerId),
      );
      return page;
    },
  });

  app.get('/api/admin/products/getproduct', {
    config: { access: { all: [P.ProductsView] } },
    schema: {
      tags,
      summary: 'A report: categories summary, gene table, change log, pending reanalysis; the read is logged',
      querystring: productIdQuerySchema,
      response: { 200: productSchema },
    },
    handler: async (request) =>
      answerReport(request, await getProduct(deps.db, request.query.ProductId, deps.config.releaseFourEyes)),
  });

  app.get('/api/admin/products/pdfpreview', {
    config: { access: { all: [P.ProductsView] } },
    schema: {
      tags,
      summary:
        "The report as a PDF rendered now (not stored), with a PREVIEW watermark, in `locale` or the customer's language; the read is logged",
      querystring: productPdfPreviewQuerySchema,
    },
    handler: async (request, reply) => {
      const { pdf, filename, locale, customerId } = await previewReportPdf(
        deps.db,
        {
          productId: request.query.Id,
          locale: request.query.locale,
          origin: originOf(deps, request),
          owner: principalOf(request).id,
        },
        deps.config,
      );
      await recordAccess(deps.db, {
        kind: 'reportPdf',
        customerIds: [customerId],
        entityId: request.query.Id,
        detail: `preview ${locale}`,
        ...readerOf(request),
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  });

  app.get('/api/admin/products/documents', {
    config: { access: { all: [P.ProductsView] } },
    schema: {
      tags,
      summary: "The report's issued PDFs (one per publication, never changed), newest first",
      querystring: reportDocumentsQuerySchema,
      response: { 200: reportDocumentListSchema },
    },
    handler: (request) => listReportDocuments(deps.db, request.query.Id),
  });

  app.get('/api/admin/products/document', {
    config: { access: { all: [P.ProductsView] } },
    schema: {
      tags,
      summary:
        "One issued version of the report as stored (application/pdf, a download); without `version` the current (newest) one, the customer's PDF (404 while none is issued). `X-Report-Version` and the ETag (the SHA-256) say which. The read is logged",
      querystring: reportDocumentQuerySchema,
    },
    handler: async (request, reply) => {
      const { pdf, filename, version, sha256, customerId } = await readReportDocument(
        deps.db,
        request.query.Id,
        request.query.version,
      );
      await recordAccess(deps.db, {
        kind: 'reportPdf',
        customerIds: [customerId],
        entityId: request.query.Id,
        detail: `v${version}`,
        ...readerOf(request),
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .header('x-report-version', String(version))
        .header('etag', `"${sha256}"`)
        .send(pdf);
    },
  });

  // The verification call takes a PDF's raw bytes as its body besides the JSON `{ code }`.
  app.register(async (scope: App) => {
    scope.addContentTypeParser(
      ['application/pdf', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: maxVerifiedPdfBytes },
      (_request, body, done) => done(null, body),
    );
    scope.post('/api/verify/report', {
      bodyLimit: maxVerifiedPdfBytes,
      // Whose report it is, is health data: only for those who may read reports (issue 36); anyone
      // else, signed in or not, has the public call.
      config: { access: { all: [P.ProductsView] }, rateLimit: rateLimits.reportVerification },
      schema: {
        tags,
        summary:
          "Is a PDF one this lab issued? The file's bytes (application/pdf or application/octet-stream) are matched by SHA-256; JSON { code } looks up the verification code printed on it. Answers { issued: false } or the document's metadata, and whether it is the current version; a document whose customer was erased answers withdrawn (from its tombstone, nothing of the customer)",
        response: { 200: reportVerificationSchema },
      },
      handler: async (request) => {
        const { verification, read } = await verifyReport(deps.db, verificationInput(request.body));
        // A match shows whose report it is: a read of the report's PDF, like a download.
        if (read)
          await recordAccess(deps.db, {
            kind: 'reportPdf',
            customerIds: [read.customerId],
            entityId: read.productId,
            detail: `verify v${read.version}`,
            ...readerOf(request),
          });
        return verification;
      },
    });
    // Issue 35: the QR code and link on a PDF lead anyone here; nothing personal is answered, and
    // with no reader to name nothing goes to the access log.
    scope.post('/api/public/verify/report', {
      bodyLimit: maxVerifiedPdfBytes,
      config: { access: 'public', rateLimit: rateLimits.publicReportVerification },
      schema: {
        tags,
        summary:
          "Without a sign-in: is a PDF one this lab issued? The same bodies as POST verify/report (the PDF's bytes, or JSON { code }). Answers only valid, the report number, version, issue date, the laboratory, the version that replaces it, or withdrawn (with its date) when the report was erased with the customer's data; 30 a minute per address",
        response: { 200: publicReportVerificationSchema },
      },
      handler: (request) =>
        verifyReportPublicly(deps.db, verificationInput(request.body), deps.config.reportCompany.name),
    });
  });

  app.get('/api/admin/products/reporttexts', {
    config: { access: { any: [P.TemplatesView, P.ProductsView] } },
    schema: {
      tags,
      summary:
        'The limitations and disclaimer every report PDF prints, in Czech and English (the defaults until saved)',
      response: { 200: reportTextsSchema },
    },
    // Kept for a minute, dropped on every save (db/shared-cache.ts); a publication reads them afresh.
    handler: () => sharedCacheOf(deps.db).read('settings', 'report texts', () => getReportTexts(deps.db)),
  });

  app.put('/api/admin/products/reporttexts', {
    config: { access: { all: [P.TemplatesEdit] } },
    schema: {
      tags,
      summary:
        "Saves the report PDF's limitations and disclaimer in both languages (plain text, each 1–4,000 characters); audited. Issued PDFs stay as they are",
      body: reportTextsEditRequestSchema,
      response: { 200: reportTextsSchema },
    },
    handler: (request) => saveReportTexts(deps.db, principalOf(request), request.body),
  });

  app.get('/api/admin/products/getcategory', {
    config: { access: { all: [P.ProductsView] } },
    schema: {
      tags,
      summary: "One top category of a report's content; the read is logged",
      querystring: productCategoryQuerySchema,
      response: { 200: reportCategorySchema },
    },
    handler: async (request) => {
      const { ProductId, ProductCategoryId } = request.query;
      const { category, customerId } = await getProductCategory(deps.db, ProductId, ProductCategoryId);
      await recordAccess(deps.db, {
        kind: 'reportCategory',
        customerIds: [customerId],
        entityId: ProductId,
        detail: String(ProductCategoryId),
        ...readerOf(request),
      });
      return category;
    },
  });

  app.patch('/api/admin/products', {
    // Texts and details need Products.Edit, a publication Products.SignOff: the service checks which.
    config: { access: { any: [P.ProductsEdit, P.ProductsSignOff] } },
    schema: {
      tags,
      summary:
        "Saves the doctor's texts; with Status 2 invites, 3 publishes, 4 publishes preliminarily. A publication stores the report's PDF as its next version (a later one needs Reason: 422 without)",
      body: productEditRequestSchema,
      response: { 200: productSchema },
    },
    handler: async (request) =>
      answerReport(
        request,
        await editProduct(
          deps,
          principalOf(request),
          request.body,
          originOf(deps, request),
          requestLocale(request),
        ),
      ),
  });

  app.patch('/api/admin/products/phenotype', {
    config: { access: { all: [P.ProductsEdit] } },
    schema: {
      tags,
      summary:
        "The doctor assesses a report's phenotype: a template of its gene combination, or an own text and risk (an empty Czech text, also once sanitised: 422 assessmentTextRequired)",
      body: phenotypeAssessmentRequestSchema,
      response: { 200: productSchema },
    },
    handler: async (request) =>
      answerReport(request, await assessPhenotype(deps, principalOf(request), request.body)),
  });

  app.post('/api/admin/products/validate', {
    config: { access: { all: [P.ProductsValidate] } },
    schema: {
      tags,
      summary:
        "Technical validation of the report's current content (issue 35, the first release step): call rate and no-calls computed from its markers, the controls confirmed, a note; only a laboratory specialist or a physician (403 otherwise). Cleared when the content is generated anew",
      body: productValidationRequestSchema,
      response: { 200: productSchema },
    },
    handler: async (request) => {
      await validateProduct(deps, principalOf(request), request.body);
      return answerReport(
        request,
        await getProduct(deps.db, request.body.ProductId, deps.config.releaseFourEyes),
      );
    },
  });

  app.post('/api/admin/products/withhold', {
    config: { access: { all: [P.ProductsSignOff] } },
    schema: {
      tags,
      summary:
        'The signing physician withholds a phenotype not assessed, not determined or requiring a consultation from the released report, with a printed reason (Withhold false reports it again); physicians only (403)',
      body: phenotypeWithholdRequestSchema,
      response: { 200: productSchema },
    },
    handler: async (request) => {
      await withholdPhenotype(deps, principalOf(request), request.body);
      return answerReport(
        request,
        await getProduct(deps.db, request.body.ProductId, deps.config.releaseFourEyes),
      );
    },
  });

  app.post('/api/admin/products/move', {
    config: { access: { all: [P.ProductsEdit] } },
    schema: {
      tags,
      summary: 'Requests a move between results, the doctor section and the archive; done by a job',
      body: productMoveRequestSchema,
      response: { 202: productListItemSchema },
    },
    handler: async (request, reply) => {
      const item = await requestMove(deps, principalOf(request), request.body, requestLocale(request));
      return reply.status(202).send(item);
    },
  });
}

/** Where links printed on a PDF point: `PUBLIC_URL`, else the origin this request came to. */
const originOf = (deps: Deps, request: FastifyRequest) =>
  deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
