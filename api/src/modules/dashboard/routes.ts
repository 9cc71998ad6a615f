import { dashboardSchema } from '@genodesk/contract';
import { principalOf } from '../../auth/access.js';
import type { App, Deps } from '../../http/app-types.js';
import { countWork, type DashboardSection, loadSections, type WorkCounter } from './counters.js';

/** `GET admin/dashboard`: the work queue of whoever asks, from every area's counters and sections. */
export const dashboardRoutes =
  (counters: readonly WorkCounter[], sections: readonly DashboardSection[] = []) =>
  (app: App, deps: Deps) => {
    app.get('/api/admin/dashboard', {
      config: { access: 'signedIn' },
      schema: {
        tags: ['dashboard'],
        summary:
          "The caller's work queue: a count per kind of waiting work, only those whose list the caller may open (each exact up to 1,000); with Reservations.View, today's consultations (the caller's rooms first)",
        response: { 200: dashboardSchema },
      },
      handler: async (request) => {
        const principal = principalOf(request);
        const [counted, more] = await Promise.all([
          countWork(deps.db, principal, counters, deps.config),
          loadSections(deps.db, principal, sections),
        ]);
        return { counters: counted, ...more };
      },
    });
  };
