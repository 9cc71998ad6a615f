import {
  currentReanalysisSchema,
  customerIdQuerySchema,
  customerResultSchema,
  maxResultsFileBytes,
  Permissions,
  pageOf,
  reanalysisRequestSchema,
  reanalysisRunQuerySchema,
  reanalysisRunSchema,
  resultUploadDetailSchema,
  resultUploadIdQuerySchema,
  resultUploadListQuerySchema,
  resultUploadSchema,
  translateMessage,
} from '@genodesk/contract';
import type { FastifyError } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../../auth/access.js';
import type { App, Deps } from '../../http/app-types.js';
import { errorHandler, requestLocale } from '../../http/errors.js';
import { currentReanalysis, getReanalysis, requestReanalysis } from './reanalysis.js';
import { getCustomerResult, getUploadDetail, listUploads, uploadResults } from './results.service.js';

const P = Permissions;

const uploadQuerySchema = z.object({
  FileName: z.string().trim().min(1, 'invalidValue').max(255, 'invalidValue').default('results.csv'),
});

export function resultsRoutes(app: App, deps: Deps) {
  const tags = ['results'];

  app.get('/api/admin/results/getcustomerresult', {
    config: { access: { all: [P.ResultsView] } },
    schema: {
      tags,
      summary: "A customer's stored genotypes (gene information); 404 when none are available",
      querystring: customerIdQuerySchema,
      response: { 200: customerResultSchema },
    },
    handler: (request) => getCustomerResult(deps.db, request.query.CustomerId),
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
    handler: (request) => getUploadDetail(deps.db, request.query.Id, requestLocale(request)),
  });

  // The raw file as the body: its own content types and size limit, in this scope only.
  app.register(async (scope: App) => {
    scope.addContentTypeParser(
      ['text/csv', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: maxResultsFileBytes },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
        const locale = requestLocale(request);
        return reply.status(413).send({
          error: {
            code: 'TOO_LARGE',
            message: translateMessage('resultsFileTooLarge', locale, {
              max: maxResultsFileBytes / 1024 / 1024,
            }),
          },
        });
      }
      return errorHandler(error, request, reply);
    });
    scope.post('/api/admin/results/upload', {
      bodyLimit: maxResultsFileBytes,
      config: { access: { all: [P.ResultsUpload] } },
      schema: {
        tags,
        summary: 'Upload a results file (the raw CSV bytes as the body); processed by a job',
        querystring: uploadQuerySchema,
        response: { 202: resultUploadSchema },
      },
      handler: async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const upload = await uploadResults(
          deps.db,
          deps.jobs,
          principalOf(request),
          request.query.FileName,
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
