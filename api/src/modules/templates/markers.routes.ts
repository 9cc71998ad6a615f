import {
  deletedMarkerSchema,
  editMarkerRequestSchema,
  markerIdQuerySchema,
  markerImportReplySchema,
  markerListQuerySchema,
  markerPageSchema,
  markerRequestSchema,
  markerSchema,
  maxMarkerImportBytes,
  Permissions,
  translateMessage,
} from '@genodesk/contract';
import type { FastifyError } from 'fastify';
import { principalOf } from '../../auth/access.js';
import type { App, Deps } from '../../http/app-types.js';
import { errorHandler, requestLocale } from '../../http/errors.js';
import {
  createMarker,
  deleteMarker,
  editMarker,
  exportMarkers,
  getMarker,
  importMarkers,
  listMarkers,
} from './markers.service.js';

const P = Permissions;

/** The marker map of the catalogue (issue 23): Templates.View reads it, Templates.Edit changes it. */
export function markersRoutes(app: App, deps: Deps) {
  const tags = ['marker map'];
  const view = { all: [P.TemplatesView] } as const;
  const edit = { all: [P.TemplatesView, P.TemplatesEdit] } as const;

  app.get('/api/admin/templates/markers', {
    config: { access: view },
    schema: {
      tags,
      summary:
        'The marker map, paged; sort geneCode (default), rsid, geneName, chromosome (genomic order), positionGrch37, positionGrch38, updatedAt; search gene code, rsID, gene name; filter chromosome',
      querystring: markerListQuerySchema,
      response: { 200: markerPageSchema },
    },
    handler: (request) => listMarkers(deps.db, request.query),
  });

  app.get('/api/admin/templates/marker', {
    config: { access: view },
    schema: {
      tags,
      summary: 'One marker of the map',
      querystring: markerIdQuerySchema,
      response: { 200: markerSchema },
    },
    handler: (request) => getMarker(deps.db, request.query.Id),
  });

  app.post('/api/admin/templates/markers', {
    config: { access: edit },
    schema: {
      tags,
      summary:
        'Add a marker; 409 when its gene code or its position (per build, with the same alleles) is taken',
      body: markerRequestSchema,
      response: { 200: markerSchema },
    },
    handler: (request) => createMarker(deps.db, principalOf(request), request.body),
  });

  app.put('/api/admin/templates/markers', {
    config: { access: edit },
    schema: {
      tags,
      summary: 'Edit every field of the marker Id; 409 as for adding',
      body: editMarkerRequestSchema,
      response: { 200: markerSchema },
    },
    handler: (request) => editMarker(deps.db, principalOf(request), request.body),
  });

  app.delete('/api/admin/templates/markers', {
    config: { access: edit },
    schema: {
      tags,
      summary: 'Delete a marker: lab files no longer give its gene code',
      querystring: markerIdQuerySchema,
      response: { 200: deletedMarkerSchema },
    },
    handler: (request) => deleteMarker(deps.db, principalOf(request), request.query.Id),
  });

  app.get('/api/admin/templates/markers/export', {
    config: { access: view },
    schema: {
      tags,
      summary:
        'The map as CSV (the import’s columns; semicolons, UTF-8 with a BOM), with the list’s search, chromosome and sort',
      querystring: markerListQuerySchema.omit({ page: true, pageSize: true }),
    },
    handler: (request, reply) => {
      const file = exportMarkers(deps.db, request.query, requestLocale(request));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  });

  // The CSV as the body: its own content types and size limit, in this scope only.
  app.register(async (scope: App) => {
    scope.addContentTypeParser(
      ['text/csv', 'text/plain', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: maxMarkerImportBytes },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
        const message = translateMessage('markerImportTooLarge', requestLocale(request), {
          max: maxMarkerImportBytes / 1024 / 1024,
        });
        return reply.status(413).send({ error: { code: 'TOO_LARGE', message } });
      }
      return errorHandler(error, request, reply);
    });
    scope.post('/api/admin/templates/markers/import', {
      bodyLimit: maxMarkerImportBytes,
      config: { access: edit },
      schema: {
        tags,
        summary:
          'Import the map from CSV (the raw file as the body; a header with the export’s columns, comma or semicolon): upserted by gene code in one transaction, or — one bad row — refused whole (422) naming each bad line and why',
        response: { 200: markerImportReplySchema },
      },
      handler: (request) =>
        importMarkers(
          deps.db,
          principalOf(request),
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          requestLocale(request),
        ),
    });
  });
}
