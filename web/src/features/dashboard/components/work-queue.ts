import type { DashboardCounterKey } from '@genodesk/contract/dashboard';
import { ProductStatus, ResultUploadStatus } from '@genodesk/contract/enums';
import {
  type Icon,
  IconAlertTriangle,
  IconClipboardCheck,
  IconFileAlert,
  IconHeartHandshake,
  IconHourglass,
  IconLoader,
  IconMailExclamation,
  IconMicroscope,
  IconPackageExport,
  IconPackageImport,
  IconReceipt,
  IconReceiptRefund,
  IconStethoscope,
} from '@tabler/icons-react';
import { paths } from '@/config/paths';
import { uploadsInProgressFilter } from '@/features/results/components/labels';

export type WorkQueueGroup = 'reports' | 'results' | 'samples' | 'customers' | 'messages';

export interface WorkQueueItem {
  group: WorkQueueGroup;
  /** The list the counter counts, filtered as the API counts it. */
  to: string;
  icon: Icon;
  /** Work that is a problem rather than routine: shown with a warning colour when there is any. */
  attention?: boolean;
}

const withQuery = (path: string, query: Record<string, string | number | boolean>) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;

/**
 * Each counter of `GET admin/dashboard`: where it leads and how it looks; its label is
 * `dashboard.work.<key>`. An area adds its counter here (and in the contract and its API module).
 */
export const workQueue: Record<DashboardCounterKey, WorkQueueItem> = {
  reportsToEvaluate: {
    group: 'reports',
    to: withQuery(paths.products.list, { status: ProductStatus.Generated }),
    icon: IconClipboardCheck,
  },
  reportsRequiringInspection: {
    group: 'reports',
    to: withQuery(paths.products.list, { requiresInspection: true }),
    icon: IconAlertTriangle,
    attention: true,
  },
  reportsInDoctorSection: { group: 'reports', to: paths.doctorSection.list, icon: IconStethoscope },
  uploadsInProgress: {
    group: 'results',
    to: withQuery(paths.results.list, { status: uploadsInProgressFilter }),
    icon: IconLoader,
  },
  uploadsRequiringInspection: {
    group: 'results',
    to: withQuery(paths.results.list, { status: ResultUploadStatus.CompleteInspectionRequired }),
    icon: IconFileAlert,
    attention: true,
  },
  samplesToSend: { group: 'samples', to: paths.samples.pending, icon: IconPackageExport },
  samplesToReceive: { group: 'samples', to: paths.samples.receiving, icon: IconPackageImport },
  samplesWaitingForAnalysis: { group: 'samples', to: paths.samples.waitingForAnalysis, icon: IconHourglass },
  samplesInAnalysis: { group: 'samples', to: paths.samples.inAnalysis, icon: IconMicroscope },
  partnerRequestsWaiting: {
    group: 'customers',
    to: withQuery(paths.relationships, { status: 'REQUESTED' }),
    icon: IconHeartHandshake,
  },
  unprocessedOrders: { group: 'customers', to: paths.unpaidCustomers.list, icon: IconReceipt },
  // Card charges after their order was paid another way: money the customer is owed back.
  refundsDue: {
    group: 'customers',
    to: withQuery(paths.payments, { refundDue: true }),
    icon: IconReceiptRefund,
    attention: true,
  },
  undeliveredMessages: {
    group: 'messages',
    to: withQuery(paths.outbox.list, { status: 'undelivered' }),
    icon: IconMailExclamation,
    attention: true,
  },
};

export const workQueueGroups: readonly WorkQueueGroup[] = [
  'reports',
  'results',
  'samples',
  'customers',
  'messages',
];
