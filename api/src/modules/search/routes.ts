import { searchGroupPermissions, searchQuerySchema, searchResultSchema } from '@genodesk/contract';
import { principalOf } from '../../auth/access.js';
import type { App, Deps } from '../../http/app-types.js';
import { requestLocale } from '../../http/errors.js';
import { rateLimits } from '../../http/rate-limit.js';
import { recordListRead } from '../audit/access-log.js';
import { search } from './search.service.js';

export function searchRoutes(app: App, deps: Deps) {
  app.get('/api/admin/search', {
    config: {
      // Any one group's permission opens the search; each group answers only to its own.
      access: { any: [...new Set(Object.values(searchGroupPermissions))] },
      rateLimit: rateLimits.search,
    },
    schema: {
      tags: ['search'],
      summary: `Customers (name, e-mail, phone, birth date d. m. yyyy or yyyy-mm-dd), samples (barcode), orders, vouchers and reports: at most 5 hits per group the caller may view (${Object.values(searchGroupPermissions).join(', ')}); a query under 2 characters answers no groups`,
      querystring: searchQuerySchema,
      response: { 200: searchResultSchema },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const { groups, reportCustomerIds } = await search(
        deps.db,
        principal.permissions,
        request.query.q,
        requestLocale(request),
      );
      // Whose reports exist is health data: recorded as the reports lists record their pages. Customer
      // hits (names, contacts) are not, and the customers list records none either.
      await recordListRead(deps.db, request, 'search', reportCustomerIds);
      return { groups };
    },
  });
}
