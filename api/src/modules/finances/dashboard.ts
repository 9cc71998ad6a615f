import { Permissions } from '@genodesk/contract';
import { eq, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/index.js';
import type { WorkCounter } from '../dashboard/counters.js';

/** Unprocessed orders: not complete, waiting for a payment or for finalization. */
export const financesDashboard: WorkCounter[] = [
  {
    key: 'unprocessedOrders',
    access: { all: [Permissions.UnpaidCustomersView] },
    matches: (db) => db.select({ one: sql`1` }).from(orders).where(eq(orders.complete, false)),
  },
];
