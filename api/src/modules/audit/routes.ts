import {
  accessLogEntrySchema,
  accessLogExportQuerySchema,
  accessLogQuerySchema,
  customerAccessLogQuerySchema,
  Permissions,
  pageOf,
  securityEventSchema,
  securityLogQuerySchema,
} from '@genodesk/contract';
import type { App, Deps } from '../../http/app-types.js';
import { requestLocale } from '../../http/errors.js';
import { recordExport } from './access-log.js';
import { customerAccessLog, exportAccessLog, listAccessLog } from './access-log.service.js';
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

/** The access log (issue 24): who read which customer's genetic or health data. */
export function accessLogRoutes(app: App, deps: Deps) {
  const tags = ['audit'];

  app.get('/api/admin/accesslog', {
    config: { access: { all: [Permissions.AccessLogView] } },
    schema: {
      tags,
      summary:
        "The access log: every read of a customer's genetic or health data and every export of customers' rows; filters kind, userId, customerId, from/to (days in Europe/Prague); search the user or address; paged, newest first",
      querystring: accessLogQuerySchema,
      response: { 200: pageOf(accessLogEntrySchema) },
    },
    handler: (request) => listAccessLog(deps.db, request.query, requestLocale(request)),
  });

  app.get('/api/admin/accesslog/export', {
    config: { access: { all: [Permissions.AccessLogView] } },
    schema: {
      tags,
      summary: 'The access log (same filters and sort, every row) as CSV or XLSX, streamed; itself logged',
      querystring: accessLogExportQuerySchema,
    },
    handler: async (request, reply) => {
      const locale = request.query.locale ?? requestLocale(request);
      const recorded = recordExport(deps.db, request, 'accessLog', request.query);
      const file = await exportAccessLog(deps.db, request.query, locale, recorded);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  });

  app.get('/api/admin/customers/accesslog', {
    config: { access: { all: [Permissions.CustomersView, Permissions.AccessLogView] } },
    schema: {
      tags,
      summary:
        "Who read one customer's data (the customer's 'who viewed' tab); filter kind; paged, newest first",
      querystring: customerAccessLogQuerySchema,
      response: { 200: pageOf(accessLogEntrySchema) },
    },
    handler: (request) => customerAccessLog(deps.db, request.query, requestLocale(request)),
  });
}
