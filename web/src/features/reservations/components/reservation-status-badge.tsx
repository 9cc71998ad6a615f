import type { CustomerReservationStatus } from '@genodesk/contract/reservations';
import { Badge } from '@mantine/core';
import { useLocale } from '@/lib/use-locale';
import { reservationStatusColor, reservationStatusName } from './labels';

/** A customer's reservationStatus (SPEC §3): no consultation, upcoming, held. */
export function ReservationStatusBadge({ status }: { status: CustomerReservationStatus }) {
  const { locale } = useLocale();
  return (
    <Badge variant="light" color={reservationStatusColor[status]} data-testid="reservation-status">
      {reservationStatusName(status, locale)}
    </Badge>
  );
}
