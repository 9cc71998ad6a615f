import { Permissions } from '@genodesk/contract/permissions';
import type { ConsultingRoom } from '@genodesk/contract/reservations';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { FilterSelect } from '@/components/data-table/filter-select';
import { RowActions } from '@/components/data-table/row-actions';
import { useListParams } from '@/components/data-table/use-list-params';
import { LongName } from '@/components/long-name';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { isApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useRooms } from '../api/get-rooms';
import { RoomEnabledBadge, RoomName } from '../components/room-badges';

const filterNames = ['enabled'] as const;

export function RoomsListRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const canCreate = useCan(Permissions.ConsultingRoomsCreate);
  const canEdit = useCan(Permissions.ConsultingRoomsEdit);
  const list = useListParams(filterNames, { sort: 'name' });
  const { params } = list;
  const rooms = useRooms({
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    search: params.search,
    enabled: params.filters.enabled,
  });

  const columns: DataTableColumn<ConsultingRoom>[] = [
    {
      key: 'name',
      header: t('reservations.rooms.fields.name'),
      sortField: 'name',
      render: (r) => <RoomName name={r.name} color={r.color} />,
    },
    {
      key: 'doctor',
      priority: 2,
      header: t('reservations.rooms.fields.doctor'),
      sortField: 'doctor',
      render: (r) => <LongName>{r.doctor.userName || r.doctor.email}</LongName>,
    },
    {
      key: 'isEnabled',
      priority: 2,
      header: t('reservations.rooms.fields.isEnabled'),
      sortField: 'isEnabled',
      render: (r) => <RoomEnabledBadge enabled={r.isEnabled} />,
    },
    {
      key: 'upcoming',
      priority: 3,
      header: t('reservations.rooms.fields.upcomingCount'),
      align: 'right',
      render: (r) => formatNumber(r.upcomingCount, locale),
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      width: 96,
      render: (r) => (
        <RowActions
          testIdPrefix="room"
          id={r.id}
          viewTo={paths.consultingRooms.show(r.id)}
          editTo={canEdit ? paths.consultingRooms.edit(r.id) : undefined}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('reservations.rooms.title')}
        description={t('reservations.rooms.description')}
        breadcrumbs={[{ label: t('nav.groups.reservations') }, { label: t('reservations.rooms.title') }]}
        actions={
          canCreate && (
            <Button
              component={Link}
              to={paths.consultingRooms.create}
              leftSection={<IconPlus size={18} />}
              data-testid="rooms-create"
            >
              {t('reservations.rooms.new')}
            </Button>
          )
        }
      />
      <DataTable
        testId="rooms-table"
        columns={columns}
        data={rooms.data}
        loading={rooms.isFetching}
        error={rooms.error ? (isApiError(rooms.error) ? rooms.error.message : t('errors.loadFailed')) : null}
        list={list}
        rowKey={(r) => r.id}
        onRowClick={(r) => navigate(paths.consultingRooms.show(r.id))}
        searchPlaceholder={t('reservations.rooms.searchPlaceholder')}
        filters={
          <FilterSelect
            list={list}
            name="enabled"
            placeholder={t('reservations.rooms.anyState')}
            aria-label={t('reservations.rooms.fields.isEnabled')}
            data={[
              { value: 'true', label: t('reservations.rooms.enabled') },
              { value: 'false', label: t('reservations.rooms.disabled') },
            ]}
            data-testid="rooms-filter-enabled"
          />
        }
      />
    </>
  );
}

export const Component = RoomsListRoute;
