import type { Reservation } from '@genodesk/contract/reservations';
import { Anchor, Badge, ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LongName } from '@/components/long-name';
import { paths } from '@/config/paths';
import { useLocale } from '@/lib/use-locale';
import { reservationKindColor, reservationKindName, reservationTypeName } from './labels';
import { formatPragueRange } from './prague';
import { RoomName } from './room-badges';

type Column = 'room' | 'customer' | 'doctor';

/** Occurrences as a table (a room's upcoming bookings, a customer's history): times on Prague's clock. */
export function ReservationTable({
  items,
  columns,
  label,
  testId,
}: {
  items: Reservation[];
  columns: readonly Column[];
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const now = Date.now();
  if (items.length === 0)
    return (
      <Text c="dimmed" fz="sm" data-testid={`${testId}-empty`}>
        {t('reservations.none')}
      </Text>
    );
  return (
    <ScrollArea viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': label }}>
      <Table miw={640} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reservations.fields.time')}</Table.Th>
            {columns.includes('room') && <Table.Th>{t('reservations.fields.room')}</Table.Th>}
            {columns.includes('doctor') && <Table.Th>{t('reservations.fields.doctor')}</Table.Th>}
            <Table.Th>{t('reservations.fields.type')}</Table.Th>
            {columns.includes('customer') && <Table.Th>{t('reservations.fields.customer')}</Table.Th>}
            <Table.Th>{t('reservations.fields.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((r) => {
            const past = new Date(r.consultationEnd).getTime() <= now;
            return (
              <Table.Tr key={r.id} data-testid={`${testId}-row`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatPragueRange(r.consultationStart, r.consultationEnd, locale)}
                </Table.Td>
                {columns.includes('room') && (
                  <Table.Td>
                    <RoomName name={r.consultingRoom.name} color={r.consultingRoom.color} />
                  </Table.Td>
                )}
                {columns.includes('doctor') && (
                  <Table.Td>
                    <LongName lines={2} maxWidth="16rem">
                      {r.doctor.userName}
                    </LongName>
                  </Table.Td>
                )}
                <Table.Td>{reservationTypeName(r.reservationType, locale)}</Table.Td>
                {columns.includes('customer') && (
                  <Table.Td>
                    {r.customer ? (
                      <Anchor component={Link} to={paths.customers.view(r.customer.id)} fz="sm">
                        <LongName lines={2} maxWidth="16rem">
                          {r.customer.fullName}
                        </LongName>
                      </Anchor>
                    ) : (
                      <Badge variant="light" color={reservationKindColor[r.kind]}>
                        {reservationKindName(r.kind, locale)}
                      </Badge>
                    )}
                  </Table.Td>
                )}
                <Table.Td>
                  {r.cancelledAt ? (
                    <Badge variant="light" color="red">
                      {t('reservations.state.cancelled')}
                    </Badge>
                  ) : past ? (
                    <Badge variant="light" color="gray">
                      {t('reservations.state.past')}
                    </Badge>
                  ) : (
                    <Badge variant="light" color="blue">
                      {t('reservations.state.upcoming')}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
