import {
  customerDataExportQuerySchema,
  customerIdQuerySchema,
  dataExportPermissions,
  deletedCustomerSchema,
  eraseCustomerRequestSchema,
  Permissions,
} from '@genodesk/contract';
import { principalOf } from '../auth/access.js';
import type { App, Deps } from '../http/app-types.js';
import { rateLimits } from '../http/rate-limit.js';
import { readerOf } from '../modules/audit/access-log.js';
import { clientOf } from '../modules/audit/security-log.js';
import { exportCustomerData } from './data-export.js';
import { eraseCustomer } from './erasure.js';

/** The customer's rights that span every area: their data export (GDPR Art. 15/20) and erasure (Art. 17). */
export function privacyRoutes(app: App, deps: Deps) {
  app.get('/api/admin/customers/dataexport', {
    config: { access: { all: [...dataExportPermissions] } },
    schema: {
      tags: ['customers'],
      summary:
        "Everything held about the customer (GDPR Art. 15/20) as a ZIP: data.json, summary.html in the customer's language, reports/<number>-v<version>.pdf; recorded in the access log (dataExport). 409 for an erased customer",
      querystring: customerDataExportQuerySchema,
    },
    handler: async (request, reply) => {
      const { stream, filename } = await exportCustomerData(
        deps.db,
        deps.config.reportCompany,
        readerOf(request),
        request.query.CustomerId,
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });

  app.delete('/api/admin/customers', {
    config: { access: { all: [Permissions.CustomersErase] }, rateLimit: rateLimits.passwordConfirmation },
    schema: {
      tags: ['customers'],
      summary:
        "Erase a customer irreversibly (GDPR Art. 17): every personal trace goes; their orders and payments stay, anonymised, for accounting. The body confirms it with the administrator's Password and records the Reason and the request's reference; 409 while a legal hold stands",
      querystring: customerIdQuerySchema,
      body: eraseCustomerRequestSchema,
      response: { 200: deletedCustomerSchema },
    },
    handler: (request) =>
      eraseCustomer(deps.db, principalOf(request), request.query.CustomerId, request.body, clientOf(request)),
  });
}
