import { dashboardSchema } from '@genodesk/contract';
import { principalOf } from '../../auth/access.js';
import type { App, Deps } from '../../http/app-types.js';
import { countWork, type WorkCounter } from './counters.js';

/** `GET admin/dashboard`: the work queue of whoever asks, from every area's counters. */
export const dashboardRoutes = (counters: readonly WorkCounter[]) => (app: App, deps: Deps) => {
  app.get('/api/admin/dashboard', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['dashboard'],
      summary:
        "The caller's work queue: a count per kind of waiting work, only those whose list the caller may open (each exact up to 1,000)",
      response: { 200: dashboardSchema },
    },
    handler: async (request) => ({ counters: await countWork(deps.db, principalOf(request), counters) }),
  });
};
