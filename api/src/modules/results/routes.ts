import { customerIdQuerySchema, customerResultSchema, Permissions } from '@genodesk/contract';
import type { App, Deps } from '../../http/app-types.js';
import { getCustomerResult } from './results.service.js';

const P = Permissions;

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
}
