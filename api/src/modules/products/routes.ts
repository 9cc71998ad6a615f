import {
  Permissions,
  phenotypeAssessmentRequestSchema,
  productCategoryQuerySchema,
  productEditRequestSchema,
  productIdQuerySchema,
  productListItemSchema,
  productListQuerySchema,
  productMoveRequestSchema,
  productPageSchema,
  productPdfPreviewQuerySchema,
  productSchema,
  reportCategorySchema,
} from '@genodesk/contract';
import { principalOf } from '../../auth/access.js';
import type { App, Deps } from '../../http/app-types.js';
import { requestLocale } from '../../http/errors.js';
import {
  assessPhenotype,
  editProduct,
  getProductCategory,
  listProducts,
  readProduct,
  requestMove,
} from './products.service.js';
import { previewReportPdf } from './report-pdf/report-pdf.service.js';

const P = Permissions;

export function productsRoutes(app: App, deps: Deps) {
  const tags = ['products'];

  app.get('/api/admin/products', {
    config: { access: { all: [P.ProductsView] } },
    schema: {
      tags,
      summary: 'Reports of one section (results, doctor section, archive), filtered, searched, sorted, paged',
      querystring: productListQuerySchema,
      response: { 200: productPageSchema },
    },
    handler: (request) => listProducts(deps.db, request.query),
  });

  app.get('/api/admin/products/getproduct', {
    config: { access: { all: [P.ProductsView] } },
    schema: {
      tags,
      summary:
        'A report: categories summary, gene table, change log, pending reanalysis; the read is audited',
      querystring: productIdQuerySchema,
      response: { 200: productSchema },
    },
    handler: (request) => readProduct(deps.db, principalOf(request), request.query.ProductId),
  });

  app.get('/api/admin/products/pdfpreview', {
    config: { access: { all: [P.ProductsView] } },
    schema: {
      tags,
      summary:
        "The report as a PDF rendered now (not stored), with a PREVIEW watermark, in `locale` or the customer's language; the read is audited",
      querystring: productPdfPreviewQuerySchema,
    },
    handler: async (request, reply) => {
      const { pdf, filename } = await previewReportPdf(deps.db, principalOf(request), {
        productId: request.query.Id,
        locale: request.query.locale,
        origin: deps.config.publicUrl ?? `${request.protocol}://${request.host}`,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  });

  app.get('/api/admin/products/getcategory', {
    config: { access: { all: [P.ProductsView] } },
    schema: {
      tags,
      summary: "One top category of a report's content",
      querystring: productCategoryQuerySchema,
      response: { 200: reportCategorySchema },
    },
    handler: (request) =>
      getProductCategory(deps.db, request.query.ProductId, request.query.ProductCategoryId),
  });

  app.patch('/api/admin/products', {
    config: { access: { all: [P.ProductsEdit] } },
    schema: {
      tags,
      summary: "Saves the doctor's texts; with Status 2 invites, 3 publishes, 4 publishes preliminarily",
      body: productEditRequestSchema,
      response: { 200: productSchema },
    },
    handler: (request) => editProduct(deps, principalOf(request), request.body),
  });

  app.patch('/api/admin/products/phenotype', {
    config: { access: { all: [P.ProductsEdit] } },
    schema: {
      tags,
      summary:
        "The doctor assesses a report's phenotype: a template of its gene combination, or an own text and risk",
      body: phenotypeAssessmentRequestSchema,
      response: { 200: productSchema },
    },
    handler: (request) => assessPhenotype(deps, principalOf(request), request.body),
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
