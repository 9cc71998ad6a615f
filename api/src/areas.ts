import type { App, Deps } from './http/app-types.js';
import type { WorkerDeps } from './jobs/queue.js';
import { auditDataExport } from './modules/audit/data-export.js';
import { auditErasure } from './modules/audit/erasure.js';
import { accessLogRoutes, securityLogRoutes } from './modules/audit/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { twoFactorRoutes } from './modules/auth/twofactor.routes.js';
import { barcodesRoutes } from './modules/barcodes/routes.js';
import { customersDashboard } from './modules/customers/dashboard.js';
import { customersDataExport } from './modules/customers/data-export.js';
import { customersErasure } from './modules/customers/erasure.js';
import { customersRoutes, questionnairesRoutes, relationshipsRoutes } from './modules/customers/routes.js';
import type { DashboardSection, WorkCounter } from './modules/dashboard/counters.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { fhirRoutes } from './modules/fhir/routes.js';
import { customerBundles } from './modules/fhir/service.js';
import { financesDashboard } from './modules/finances/dashboard.js';
import { financesDataExport } from './modules/finances/data-export.js';
import { financesErasure } from './modules/finances/erasure.js';
import { ordersRoutes } from './modules/finances/orders.routes.js';
import { productTypesRoutes } from './modules/finances/routes.js';
import { mediaRoutes } from './modules/media/routes.js';
import { messagingDashboard } from './modules/messaging/dashboard.js';
import { messagingDataExport } from './modules/messaging/data-export.js';
import { messagingErasure } from './modules/messaging/erasure.js';
import { messagingRoutes } from './modules/messaging/routes.js';
import { messagingWorkers } from './modules/messaging/workers.js';
import { productsDashboard } from './modules/products/dashboard.js';
import { productsDataExport } from './modules/products/data-export.js';
import { productsErasure } from './modules/products/erasure.js';
import { closeReportPdfRenderer } from './modules/products/report-pdf/render.js';
import { productsRoutes } from './modules/products/routes.js';
import { productsWorkers } from './modules/products/workers.js';
import { reservationsDashboardSections } from './modules/reservations/dashboard.js';
import { reservationsDataExport } from './modules/reservations/data-export.js';
import { reservationsErasure } from './modules/reservations/erasure.js';
import { reservationsRoutes } from './modules/reservations/routes.js';
import { reservationsWorkers } from './modules/reservations/workers.js';
import { resultsDashboard } from './modules/results/dashboard.js';
import { resultsDataExport } from './modules/results/data-export.js';
import { resultsErasure } from './modules/results/erasure.js';
import { resultsRoutes } from './modules/results/routes.js';
import { resultsWorkers } from './modules/results/workers.js';
import { samplesDashboard } from './modules/samples/dashboard.js';
import { samplesDataExport } from './modules/samples/data-export.js';
import { samplesErasure } from './modules/samples/erasure.js';
import { samplesRoutes } from './modules/samples/routes.js';
import { searchRoutes } from './modules/search/routes.js';
import { templateCatalogueRoutes } from './modules/templates/routes.js';
import { rolesRoutes, usersRoutes } from './modules/users/routes.js';
import { vouchersDataExport } from './modules/vouchers/data-export.js';
import { vouchersErasure } from './modules/vouchers/erasure.js';
import { vouchersRoutes } from './modules/vouchers/routes.js';
import { type DataExportPart, registerDataExportParts } from './privacy/data-export.js';
import { registerErasureParts } from './privacy/erasure.js';
import { privacyRoutes } from './privacy/routes.js';
import { privacyWorkers } from './privacy/workers.js';

/** What an area brings to the application; every area is wired the same way, here. */
type Area = {
  name: string;
  routes?: ((app: App, deps: Deps) => void)[];
  workers?: (deps: WorkerDeps) => Promise<void>;
  /** Its lines of the dashboard's work queue. */
  dashboard?: WorkCounter[];
  /** Its parts of the dashboard beyond the counters. */
  dashboardSections?: DashboardSection[];
  /** Its sections and files in the customer's data export ZIP (GDPR Art. 15/20). */
  dataExport?: DataExportPart;
  /** Ends what it started on its own (threads, pools) when the process stops. */
  stop?: () => Promise<void>;
};

const domainAreas: Area[] = [
  { name: 'auth', routes: [authRoutes, twoFactorRoutes] },
  { name: 'users', routes: [usersRoutes, rolesRoutes] },
  { name: 'audit', routes: [securityLogRoutes, accessLogRoutes], dataExport: auditDataExport },
  { name: 'templates', routes: [templateCatalogueRoutes] },
  // Images for rich text (issue 36): uploaded by whoever edits rich text, served publicly by id.
  { name: 'media', routes: [mediaRoutes] },
  {
    name: 'finances',
    routes: [productTypesRoutes, ordersRoutes],
    dashboard: financesDashboard,
    dataExport: financesDataExport,
  },
  { name: 'vouchers', routes: [vouchersRoutes], dataExport: vouchersDataExport },
  {
    name: 'customers',
    routes: [customersRoutes, relationshipsRoutes, questionnairesRoutes],
    dashboard: customersDashboard,
    dataExport: customersDataExport,
  },
  { name: 'samples', routes: [samplesRoutes], dashboard: samplesDashboard, dataExport: samplesDataExport },
  { name: 'barcodes', routes: [barcodesRoutes] },
  {
    name: 'results',
    routes: [resultsRoutes],
    workers: resultsWorkers,
    dashboard: resultsDashboard,
    dataExport: resultsDataExport,
  },
  {
    name: 'products',
    routes: [productsRoutes],
    workers: productsWorkers,
    dashboard: productsDashboard,
    dataExport: productsDataExport,
    // The report PDF's rendering processes.
    stop: closeReportPdfRenderer,
  },
  // Released report versions as HL7 FHIR R4 bundles (issue 40), read by the same right as their PDFs.
  {
    name: 'fhir',
    routes: [fhirRoutes],
    dataExport: async (tx, { customer }) => ({ files: await customerBundles(tx, customer.id) }),
  },
  {
    name: 'messaging',
    routes: [messagingRoutes],
    workers: messagingWorkers,
    dashboard: messagingDashboard,
    dataExport: messagingDataExport,
  },
  {
    name: 'reservations',
    routes: [reservationsRoutes],
    workers: reservationsWorkers,
    dashboardSections: reservationsDashboardSections,
    dataExport: reservationsDataExport,
  },
  // Finds across the areas above, each group as its own list searches.
  { name: 'search', routes: [searchRoutes] },
  // The customer's rights across every area (`privacy/`: their data export and erasure) and the
  // retention purge of what is past its period.
  { name: 'privacy', routes: [privacyRoutes], workers: privacyWorkers },
];

// The customer's data export asks each area for its part; it imports none of them.
registerDataExportParts(domainAreas.flatMap((area) => (area.dataExport ? [area.dataExport] : [])));

// The erasure asks each area for its part, in this order: reports before the samples they were made
// from; a results upload's rows of a sample before the sample (they go with it); the audit trail once
// every area has named its records; the customer's own row last.
registerErasureParts([
  productsErasure,
  resultsErasure,
  reservationsErasure,
  samplesErasure,
  messagingErasure,
  vouchersErasure,
  financesErasure,
  auditErasure,
  customersErasure,
]);

export const areas: Area[] = [
  ...domainAreas,
  {
    name: 'dashboard',
    routes: [
      dashboardRoutes(
        domainAreas.flatMap((area) => area.dashboard ?? []),
        domainAreas.flatMap((area) => area.dashboardSections ?? []),
      ),
    ],
  },
];

/** Registers every area's routes. */
export function registerAreaRoutes(app: App, deps: Deps) {
  for (const area of areas) for (const routes of area.routes ?? []) routes(app, deps);
}

/** Subscribes this process to every area's jobs. */
export async function startWorkers(deps: WorkerDeps): Promise<void> {
  for (const area of areas) await area.workers?.(deps);
}

/** Ends what the areas started on their own (a shutdown step, after the HTTP server and the jobs). */
export async function stopAreas(): Promise<void> {
  await Promise.all(areas.map((area) => area.stop?.()));
}
