import type { DashboardCounterKey } from '@genodesk/contract';
import { Permissions, type SampleWorkList, sampleWorkLists } from '@genodesk/contract';
import { inArray, sql } from 'drizzle-orm';
import { samples } from '../../db/schema/index.js';
import type { WorkCounter } from '../dashboard/counters.js';

const workList = (key: DashboardCounterKey, list: SampleWorkList): WorkCounter => ({
  key,
  // The work lists' route (customers/pendingsamples …) needs Samples.Edit.
  access: { all: [Permissions.SamplesEdit] },
  matches: (db) =>
    db
      .select({ one: sql`1` })
      .from(samples)
      .where(inArray(samples.status, [...sampleWorkLists[list]])),
});

/** The lab's and reception's work: the four sample work lists of DOMAIN §1. */
export const samplesDashboard: WorkCounter[] = [
  workList('samplesToSend', 'pending'),
  workList('samplesToReceive', 'receiving'),
  workList('samplesWaitingForAnalysis', 'waitingForAnalysis'),
  workList('samplesInAnalysis', 'inAnalysis'),
];
