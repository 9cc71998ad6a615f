import {
  customerIdQuerySchema,
  deletedCustomerSchema,
  eraseCustomerRequestSchema,
  Permissions,
} from '@genodesk/contract';
import { principalOf } from '../auth/access.js';
import type { App, Deps } from '../http/app-types.js';
import { rateLimits } from '../http/rate-limit.js';
import { clientOf } from '../modules/audit/security-log.js';
import { eraseCustomer } from './erasure.js';

/** The customer's rights that span every area: the erasure (GDPR Art. 17). */
export function privacyRoutes(app: App, deps: Deps) {
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
