import { Permissions } from '@genodesk/contract';
import { sql } from 'drizzle-orm';
import { outboxMessages } from '../../db/schema/index.js';
import type { WorkCounter } from '../dashboard/counters.js';
import { outboxFilter } from './outbox.service.js';

/** Messages not delivered: failed, or still waiting an hour after they were written. */
export const messagingDashboard: WorkCounter[] = [
  {
    key: 'undeliveredMessages',
    access: { all: [Permissions.BarcodesView] },
    matches: (db) =>
      db
        .select({ one: sql`1` })
        .from(outboxMessages)
        .where(outboxFilter({ status: 'undelivered' })),
  },
];
