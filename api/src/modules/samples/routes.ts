import {
  actionSampleIds,
  Permissions,
  sampleActionRequestSchema,
  sampleActionResponseSchema,
  sampleByBarcodeQuerySchema,
  sampleByBarcodeSchema,
  sampleIdQuerySchema,
  sampleListQuerySchema,
  samplePageSchema,
  sampleSchema,
  setSampleStatusRequestSchema,
} from '@genodesk/contract';
import { principalOf } from '../../auth/access.js';
import type { App, Deps } from '../../http/app-types.js';
import { requestLocale } from '../../http/errors.js';
import {
  getSample,
  listSamples,
  runSampleAction,
  type SampleAction,
  sampleByBarcode,
  setSampleStatus,
} from './samples.service.js';

const P = Permissions;

const actionRoutes: { path: string; action: SampleAction; summary: string }[] = [
  { path: 'send', action: 'send', summary: 'Send the kit [2 → 3]: assigns a free barcode from the pool' },
  { path: 'receive', action: 'receive', summary: 'Receive the kit back [3 → 4]' },
  { path: 'startanalysis', action: 'startAnalysis', summary: 'Start the analysis [4, 5, 10 → 11]' },
  {
    path: 'samplingatcentre',
    action: 'samplingAtCentre',
    summary: 'Sampled at the centre without consultation [1, 2, 3, 7 → 10]',
  },
];

export function samplesRoutes(app: App, deps: Deps) {
  const tags = ['samples'];

  app.get('/api/admin/samples', {
    config: { access: { all: [P.SamplesView] } },
    schema: {
      tags,
      summary: 'Samples, paged; `list` = pending | receiving | waitingForAnalysis | inAnalysis',
      querystring: sampleListQuerySchema,
      response: { 200: samplePageSchema },
    },
    handler: (request) => listSamples(deps.db, request.query),
  });

  app.get('/api/admin/samples/sample', {
    config: { access: { all: [P.SamplesView] } },
    schema: {
      tags,
      summary: 'One sample',
      querystring: sampleIdQuerySchema,
      response: { 200: sampleSchema },
    },
    handler: (request) => getSample(deps.db, request.query.SampleId),
  });

  app.get('/api/admin/samples/bybarcode', {
    config: { access: { all: [P.SamplesView] } },
    schema: {
      tags,
      summary:
        'The sample a scanned barcode names (any case, spaces ignored): its id and status; 404 unknownBarcode',
      querystring: sampleByBarcodeQuerySchema,
      response: { 200: sampleByBarcodeSchema },
    },
    handler: (request) => sampleByBarcode(deps.db, request.query.barcode),
  });

  app.post('/api/admin/samples', {
    config: { access: { all: [P.SamplesEdit] } },
    schema: {
      tags,
      summary:
        'Set any status 1–11 (and SampleType, CollectedAt); audited. A move into a status the consent rule gates (3, 4, 5, 6, 8, 9, 10, 11) needs a valid consent (422 noValidDnaConsent)',
      body: setSampleStatusRequestSchema,
      response: { 200: sampleSchema },
    },
    handler: (request) =>
      setSampleStatus(deps.db, principalOf(request), request.body, requestLocale(request)),
  });

  for (const route of actionRoutes) {
    app.post(`/api/admin/samples/${route.path}`, {
      config: { access: { all: [P.SamplesEdit] } },
      schema: {
        tags,
        summary: `${route.summary}; { SampleId } or { SampleIds }, all or nothing`,
        body: sampleActionRequestSchema,
        response: { 200: sampleActionResponseSchema },
      },
      handler: (request) =>
        runSampleAction(
          deps.db,
          principalOf(request),
          route.action,
          actionSampleIds(request.body),
          requestLocale(request),
          request.body.Expected,
          { SampleType: request.body.SampleType, CollectedAt: request.body.CollectedAt },
        ),
    });
  }
}
