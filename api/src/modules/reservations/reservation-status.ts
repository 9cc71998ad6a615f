import type { CustomerReservationStatus } from '@genodesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { reservations } from '../../db/schema/index.js';

/**
 * A customer's `reservationStatus` (SPEC §3) in SQL, always true because it is derived: 'upcoming'
 * while one of their consultations that is not cancelled has not ended, else 'held' when one took
 * place, else 'none'. Two probes of `reservations_customer_start_idx`.
 */
export function reservationStatusOf(customerId: number | SQL): SQL<CustomerReservationStatus> {
  return sql<CustomerReservationStatus>`case
    when exists (select 1 from ${reservations} r where r.customer_id = ${customerId}
      and r.cancelled_at is null and r.consultation_end > now()) then 'upcoming'
    when exists (select 1 from ${reservations} r where r.customer_id = ${customerId}
      and r.cancelled_at is null) then 'held'
    else 'none' end`;
}
