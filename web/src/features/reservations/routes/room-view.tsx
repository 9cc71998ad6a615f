import { Permissions } from '@genodesk/contract/permissions';
import { Button, Card, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { DetailItem } from '@/features/templates/components/detail-item';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useRoom } from '../api/get-room';
import { roomHoursText } from '../components/labels';
import { ReservationTable } from '../components/reservation-table';
import { RoomEnabledBadge, RoomName } from '../components/room-badges';

export function RoomViewRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = Number(useParams().id);
  const room = useRoom(id);
  const canEdit = useCan(Permissions.ConsultingRoomsEdit);

  if (!Number.isInteger(id) || id <= 0 || room.isError) {
    return (
      <RedirectWithToast
        to={paths.consultingRooms.list}
        message={t('reservations.rooms.loadFailed')}
        missing={isMissingRecord(id, room.error)}
      />
    );
  }
  if (!room.data) return <SectionLoader />;
  const r = room.data;

  return (
    <>
      <PageHeader
        title={<span data-testid="room-detail-name">{r.name}</span>}
        description={t('reservations.rooms.viewTitle')}
        breadcrumbs={[
          { label: t('nav.groups.reservations') },
          { label: t('reservations.rooms.title'), to: paths.consultingRooms.list },
          { label: r.name },
        ]}
        actions={
          canEdit && (
            <Button
              component={Link}
              to={paths.consultingRooms.edit(r.id)}
              leftSection={<IconPencil size={16} />}
              data-testid="room-edit"
            >
              {t('common.edit')}
            </Button>
          )
        }
      />
      <Stack gap="lg">
        <Card withBorder radius="md" p="xl" maw={960}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            <DetailItem label={t('reservations.rooms.fields.name')}>
              <RoomName name={r.name} color={r.color} />
            </DetailItem>
            <DetailItem label={t('reservations.rooms.fields.doctor')} testId="room-detail-doctor">
              {r.doctor.userName || r.doctor.email}
            </DetailItem>
            <DetailItem label={t('reservations.rooms.fields.hours')} testId="room-detail-hours">
              {roomHoursText(r, locale)}
            </DetailItem>
            <DetailItem label={t('reservations.rooms.fields.isEnabled')}>
              <RoomEnabledBadge enabled={r.isEnabled} />
            </DetailItem>
            <DetailItem label={t('reservations.rooms.fields.upcomingCount')}>
              {formatNumber(r.upcomingCount, locale)}
            </DetailItem>
            <DetailItem label={t('reservations.rooms.fields.createdAt')}>
              {formatDateTime(r.createdAt, locale)}
            </DetailItem>
            <DetailItem label={t('reservations.rooms.fields.updatedAt')}>
              {formatDateTime(r.updatedAt, locale)}
            </DetailItem>
          </SimpleGrid>
        </Card>
        <Card withBorder radius="md" p="xl" maw={960} data-testid="room-upcoming">
          <Title order={4} mb="md">
            {t('reservations.rooms.upcoming')}
          </Title>
          <ReservationTable
            items={r.upcoming}
            columns={['customer']}
            label={t('reservations.rooms.upcoming')}
            testId="room-upcoming-table"
          />
        </Card>
      </Stack>
    </>
  );
}

export const Component = RoomViewRoute;
