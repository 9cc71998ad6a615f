import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { reservations } from '../../db/schema/index.js';

/** The reservations area's part of a customer's erasure (`privacy/erasure.ts`): their consultations and their reminders. */
export const reservationsErasure = {
  async traces(tx: Tx, customer: { id: number }) {
    const ids = (
      await tx
        .select({ id: reservations.id })
        .from(reservations)
        .where(eq(reservations.customerId, customer.id))
    ).map((row) => row.id);
    return {
      trails: [{ entities: ['reservation'], ids }],
      jobs: [{ name: 'consultation-reminder', field: 'reservationId', ids }],
    };
  },
  async erase(tx: Tx, customer: { id: number }) {
    await tx.delete(reservations).where(eq(reservations.customerId, customer.id));
  },
};
