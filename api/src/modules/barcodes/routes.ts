import {
  barcodeBatchListQuerySchema,
  barcodeBatchQuerySchema,
  barcodeBatchSchema,
  barcodeBatchSummarySchema,
  barcodeListQuerySchema,
  barcodeSchema,
  createBarcodeBatchRequestSchema,
  Permissions,
  pageOf,
} from '@genodesk/contract';
import { principalOf } from '../../auth/access.js';
import type { App, Deps } from '../../http/app-types.js';
import { createBatch, getBatch, listBarcodes, listBatches } from './barcodes.service.js';

const P = Permissions;

export function barcodesRoutes(app: App, deps: Deps) {
  const tags = ['barcodes'];

  app.get('/api/admin/barcodes', {
    config: { access: { all: [P.BarcodesView] } },
    schema: {
      tags,
      summary: 'The barcode pool: free, or assigned to which sample',
      querystring: barcodeListQuerySchema,
      response: { 200: pageOf(barcodeSchema) },
    },
    handler: (request) => listBarcodes(deps.db, request.query),
  });

  app.get('/api/admin/barcodes/batches', {
    config: { access: { all: [P.BarcodesView] } },
    schema: {
      tags,
      summary: 'Barcode batches, newest first',
      querystring: barcodeBatchListQuerySchema,
      response: { 200: pageOf(barcodeBatchSummarySchema) },
    },
    handler: (request) => listBatches(deps.db, request.query),
  });

  app.get('/api/admin/barcodes/batch', {
    config: { access: { all: [P.BarcodesView] } },
    schema: {
      tags,
      summary: 'A batch with its codes, for printable Code 128 labels',
      querystring: barcodeBatchQuerySchema,
      response: { 200: barcodeBatchSchema },
    },
    handler: (request) => getBatch(deps.db, request.query.BatchId),
  });

  // Generating kits' barcodes is a write of the sample workflow: Samples.Edit besides the screen's permission.
  app.put('/api/admin/barcodes/batch', {
    config: { access: { all: [P.BarcodesView, P.SamplesEdit] } },
    schema: {
      tags,
      summary: 'Generate a batch of unique barcodes (GD + 8 digits), 1–1000',
      body: createBarcodeBatchRequestSchema,
      response: { 200: barcodeBatchSchema },
    },
    handler: (request) => createBatch(deps.db, principalOf(request), request.body.Count),
  });
}
