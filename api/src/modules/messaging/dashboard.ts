import { Permissions } from '@genodesk/contract';
import { sql } from 'drizzle-orm';
import { outboxMessages } from '../../db/schema/index.js';
import type { WorkCounter } from '../dashboard/counters.js';
import { configuredChannels, outboxFilter } from './outbox.service.js';

/**
 * Messages not delivered: failed, or waiting after a refused attempt, for over an hour, or while their
 * channel fails, is paused or is not set up (`undelivered`, the outbox list's filter behind the card).
 */
export const messagingDashboard: WorkCounter[] = [
  {
    key: 'undeliveredMessages',
    access: { all: [Permissions.BarcodesView] },
    matches: (db, config) =>
      db
        .select({ one: sql`1` })
        .from(outboxMessages)
        .where(outboxFilter({ status: 'undelivered' }, configuredChannels(config))),
  },
];
