import {
  currentReanalysisSchema,
  customerIdQuerySchema,
  customerResultSchema,
  Permissions,
  pageOf,
  reanalysisRequestSchema,
  reanalysisRunQuerySchema,
  reanalysisRunSchema,
  resultsUploadQuerySchema,
  resultUploadDetailSchema,
  resultUploadIdQuerySchema,
  resultUploadListQuerySchema,
  resultUploadSchema,
} from '@genodesk/contract';
import { principalOf } from '../../auth/access.js';
import type { App, Deps } from '../../http/app-types.js';
import { AppError, invalid, requestLocale } from '../../http/errors.js';
import { readerOf, recordAccess, recordListRead } from '../audit/access-log.js';
import { currentReanalysis, getReanalysis, requestReanalysis } from './reanalysis.js';
import {
  getCustomerResult,
  getUploadDetail,
  listUploads,
  uploadResults,
  uploadTooLarge,
} from './results.service.js';

const P = Permissions;

/** What browsers and lab tools send a results file as; the content decides the format, not the type. */
const labFileContentTypes = [
  'text/csv',
  'text/plain',
  'text/tab-separated-values',
  'text/x-vcf',
  'application/octet-stream',
  'application/gzip',
  'application/x-gzip',
];

export function resultsRoutes(app: App, deps: Deps) {
  const tags = ['results'];

  app.get('/api/admin/results/getcustomerresult', {
    config: { access: { all: [P.ResultsView] } },
    schema: {
      tags,
      summary:
        "A customer's stored genotypes (gene information); 404 when none are available; the read is logged",
      querystring: customerIdQuerySchema,
      response: { 200: customerResultSchema },
    },
    handler: async (request) => {
      const result = await getCustomerResult(deps.db, request.query.CustomerId);
      await recordAccess(deps.db, {
        kind: 'genotypes',
        customerIds: [result.customerId],
        ...readerOf(request),
      });
      return result;
    },
  });

  app.get('/api/admin/results', {
    config: { access: { any: [P.ResultsView, P.ResultsUpload] } },
    schema: {
      tags,
      summary: 'Results uploads, paged; newest first',
      querystring: resultUploadListQuerySchema,
      response: { 200: pageOf(resultUploadSchema) },
    },
    handler: (request) => listUploads(deps.db, request.query, requestLocale(request)),
  });

  app.get('/api/admin/results/getresult', {
    config: { access: { any: [P.ResultsView, P.ResultsUpload] } },
    schema: {
      tags,
      summary: 'A results upload with every unpairable barcode and its reason',
      querystring: resultUploadIdQuerySchema,
      response: { 200: resultUploadDetailSchema },
    },
    handler: async (request) => {
      const detail = await getUploadDetail(deps.db, request.query.Id, requestLocale(request));
      await recordListRead(
        deps.db,
        request,
        'upload',
        detail.samples.map((sample) => sample.customerId),
        request.query.Id,
      );
      return detail;
    },
  });

  // The raw file as the body, streamed (a Final Report can be a gigabyte): its own content types, in
  // this scope only. The size is held by `uploadResults` as the bytes arrive.
  app.register(async (scope: App) => {
    scope.addContentTypeParser(labFileContentTypes, (_request, payload, done) => done(null, payload));
    scope.post('/api/admin/results/upload', {
      config: { access: { all: [P.ResultsUpload] } },
      schema: {
        tags,
        summary:
          'Upload a results file (the raw bytes as the body: CSV, VCF plain or bgzipped, Illumina Final Report, 23andMe, AncestryDNA); processed by a job',
        querystring: resultsUploadQuerySchema,
        response: { 202: resultUploadSchema },
      },
      handler: async (request, reply) => {
        // A body another parser read (JSON, a form) is not a file: 415, not a failure of ours.
        // (JSON's `null` among them: nothing to iterate.)
        const body = request.body as AsyncIterable<Buffer> | null | undefined;
        if (body !== undefined && typeof body?.[Symbol.asyncIterator] !== 'function')
          throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'uploadContentType');
        // No body at all (no content type, nothing sent): no file chosen. An empty file chosen is a
        // body of zero bytes, told apart by `uploadResults` ('resultsFileEmptyBytes').
        if (body === undefined) throw invalid('resultsFileRequired', 'file');
        const maxBytes = deps.config.resultsMaxUploadBytes;
        if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw uploadTooLarge(maxBytes);
        const query = request.query;
        const upload = await uploadResults(
          deps.db,
          deps.jobs,
          principalOf(request),
          {
            fileName: query.FileName,
            maxBytes,
            genomeBuild: query.GenomeBuild,
            barcode: query.Barcode,
            allPositions: query.AllPositions,
          },
          body,
          requestLocale(request),
        );
        return reply.status(202).send(upload);
      },
    });
  });

  // Reanalysis recomputes reports: its routes sit with the generation code, under products/.
  app.post('/api/admin/products/reanalyse', {
    config: { access: { all: [P.ProductsEdit] } },
    schema: {
      tags: ['products'],
      summary: 'Reanalyse one report (ProductId) or all, as a job; 409 while a reanalysis of all runs',
      body: reanalysisRequestSchema,
      response: { 202: reanalysisRunSchema },
    },
    handler: async (request, reply) =>
      reply
        .status(202)
        .send(await requestReanalysis(deps.db, deps.jobs, principalOf(request), request.body.ProductId)),
  });

  app.get('/api/admin/products/reanalysis', {
    config: { access: { all: [P.ProductsView] } },
    schema: {
      tags: ['products'],
      summary: 'A reanalysis run and its progress',
      querystring: reanalysisRunQuerySchema,
      response: { 200: reanalysisRunSchema },
    },
    handler: (request) => getReanalysis(deps.db, request.query.Id),
  });

  app.get('/api/admin/products/reanalysis/current', {
    config: { access: { all: [P.ProductsView] } },
    schema: {
      tags: ['products'],
      summary: 'The latest reanalysis of all, or null',
      response: { 200: currentReanalysisSchema },
    },
    handler: () => currentReanalysis(deps.db),
  });
}
