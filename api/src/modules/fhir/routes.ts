import {
  fhirJsonType,
  fhirReportParamsSchema,
  fhirReportVersionParamsSchema,
  Permissions,
} from '@genodesk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, Deps } from '../../http/app-types.js';
import { readerOf, recordAccess } from '../audit/access-log.js';
import { readReportBundle } from './service.js';

const tags = ['fhir'];

export function fhirRoutes(app: App, deps: Deps) {
  /** As the report PDF's download: the same permission, the read logged before the answer. */
  const answer = async (request: FastifyRequest, reply: FastifyReply, id: number, version?: number) => {
    const read = await readReportBundle(deps.db, id, version);
    await recordAccess(deps.db, {
      kind: 'reportFhir',
      customerIds: [read.customerId],
      entityId: id,
      detail: `v${read.version}`,
      ...readerOf(request),
    });
    return reply
      .header('content-type', `${fhirJsonType}; charset=utf-8`)
      .header('content-disposition', `attachment; filename="${read.filename}"`)
      .header('cache-control', 'no-store')
      .header('x-report-version', String(read.version))
      .send(JSON.stringify(read.bundle));
  };

  app.get('/api/fhir/DiagnosticReport/:id', {
    config: { access: { all: [Permissions.ProductsView] } },
    schema: {
      tags,
      summary:
        'The newest released version of the report as an HL7 FHIR R4 Bundle (Genomics Reporting IG), application/fhir+json: the DiagnosticReport with its PDF, Patient, Specimen, Organization, PractitionerRole and the genomic Observations. 404 while none is released. The read is logged',
      params: fhirReportParamsSchema,
    },
    handler: (request, reply) => answer(request, reply, request.params.id),
  });

  app.get('/api/fhir/DiagnosticReport/:id/_history/:version', {
    config: { access: { all: [Permissions.ProductsView] } },
    schema: {
      tags,
      summary: 'One released version of the report as an HL7 FHIR R4 Bundle (see above). The read is logged',
      params: fhirReportVersionParamsSchema,
    },
    handler: (request, reply) => answer(request, reply, request.params.id, request.params.version),
  });
}
