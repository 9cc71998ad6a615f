import { Permissions } from '@genodesk/contract';
import { eq, sql } from 'drizzle-orm';
import { orders, payments } from '../../db/schema/index.js';
import type { WorkCounter } from '../dashboard/counters.js';
import { refundOwed } from './payments.service.js';

/**
 * Unprocessed orders: not complete, waiting for a payment or for finalization. Refunds due: card
 * charges after their order was paid another way, not yet refunded (the payments list `?refundDue=true`).
 */
export const financesDashboard: WorkCounter[] = [
  {
    key: 'unprocessedOrders',
    access: { all: [Permissions.UnpaidCustomersView] },
    matches: (db) => db.select({ one: sql`1` }).from(orders).where(eq(orders.complete, false)),
  },
  {
    key: 'refundsDue',
    access: { all: [Permissions.PaymentsView] },
    matches: (db) => db.select({ one: sql`1` }).from(payments).where(refundOwed),
  },
];
