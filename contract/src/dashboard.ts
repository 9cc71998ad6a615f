import { z } from 'zod';
import { todaysConsultationSchema } from './reservations.js';

/**
 * The dashboard's work queue: one counter per kind of waiting work. An area adds a key here, the
 * counter's SQL in its API module (`dashboard.ts`) and the link and label in the web's
 * `features/dashboard/components/work-queue.ts`.
 */
export const dashboardCounterKeys = [
  'reportsToEvaluate',
  'reportsRequiringInspection',
  'reportsInDoctorSection',
  'uploadsInProgress',
  'uploadsRequiringInspection',
  'samplesToSend',
  'samplesToReceive',
  'samplesWaitingForAnalysis',
  'samplesInAnalysis',
  'partnerRequestsWaiting',
  'unprocessedOrders',
  'refundsDue',
  'undeliveredMessages',
] as const;
export type DashboardCounterKey = (typeof dashboardCounterKeys)[number];

export const dashboardCounterSchema = z.object({
  key: z.enum(dashboardCounterKeys),
  /** Exact up to `exactCountLimit` (a work queue needs "a lot", not the size of a backlog); `capped` says there are more. */
  count: z.number().int(),
  capped: z.boolean(),
});
export type DashboardCounter = z.infer<typeof dashboardCounterSchema>;

/**
 * `GET admin/dashboard`: the counters the caller may open, in the order of `dashboardCounterKeys`;
 * and, for a caller with Reservations.View, today's consultations (Prague's day, not cancelled), the
 * caller's own rooms first, then by start.
 */
export const dashboardSchema = z.object({
  counters: z.array(dashboardCounterSchema),
  consultationsToday: z.array(todaysConsultationSchema).optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
