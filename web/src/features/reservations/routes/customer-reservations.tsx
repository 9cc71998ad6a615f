import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { useCustomer } from '@/features/customers/api/get-customer';
import { useLocale } from '@/lib/use-locale';
import { useCustomerReservations } from '../api/get-customer-reservations';
import { ReservationStatusBadge } from '../components/reservation-status-badge';
import { ReservationTable } from '../components/reservation-table';

/** `customers/reservations/:id`: the customer's consultations, past, upcoming and cancelled. */
export function CustomerReservationsRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = Number(useParams().id);
  const history = useCustomerReservations(id);
  const customer = useCustomer(id, locale);

  if (!Number.isInteger(id) || id <= 0 || history.isError) {
    return (
      <RedirectWithToast
        to={paths.customers.list}
        message={t('reservations.history.loadFailed')}
        missing={isMissingRecord(id, history.error)}
      />
    );
  }
  const name = customer.data?.fullName ?? `#${id}`;

  return (
    <>
      <PageHeader
        title={t('reservations.history.title')}
        description={<span data-testid="history-customer-name">{name}</span>}
        breadcrumbs={[
          { label: t('nav.groups.customers') },
          { label: t('customers.title'), to: paths.customers.list },
          { label: name, to: paths.customers.view(id) },
          { label: t('reservations.history.title') },
        ]}
        actions={
          <Button
            component={Link}
            to={paths.reservations}
            variant="default"
            leftSection={<IconCalendarEvent size={16} />}
          >
            {t('reservations.history.openCalendar')}
          </Button>
        }
      />
      {!history.data ? (
        <SectionLoader />
      ) : (
        <Stack gap="lg">
          <Card withBorder radius="md" p="xl">
            <Group gap="sm" mb="md">
              <Text fz="sm" fw={600}>
                {t('reservations.history.status')}
              </Text>
              <ReservationStatusBadge status={history.data.reservationStatus} />
            </Group>
            <ReservationTable
              items={history.data.items}
              columns={['room', 'doctor']}
              label={t('reservations.history.title')}
              testId="customer-reservations"
            />
          </Card>
        </Stack>
      )}
    </>
  );
}

export const Component = CustomerReservationsRoute;
