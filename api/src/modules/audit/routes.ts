import { Permissions, pageOf, securityEventSchema, securityLogQuerySchema } from '@genodesk/contract';
import type { App, Deps } from '../../http/app-types.js';
import { requestLocale } from '../../http/errors.js';
import { listSecurityEvents } from './security-log.service.js';

export function securityLogRoutes(app: App, deps: Deps) {
  const tags = ['audit'];

  // Who signed in from where is for administrators: those who may edit users (end their sign-ins).
  app.get('/api/admin/securitylog', {
    config: { access: { all: [Permissions.UsersEdit] } },
    schema: {
      tags,
      summary:
        'The security log: sign-ins (refused, locked out, second factors), sign-outs and changes to how staff sign in; filters event, userId, from/to (days in Europe/Prague); search the user or address; paged, newest first',
      querystring: securityLogQuerySchema,
      response: { 200: pageOf(securityEventSchema) },
    },
    handler: (request) => listSecurityEvents(deps.db, request.query, requestLocale(request)),
  });
}
