import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRoom } from '../api/get-room';
import { useEditRoom } from '../api/save-room';
import { RoomForm } from '../components/room-form';

export function RoomEditRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const room = useRoom(id);
  const edit = useEditRoom();

  if (!Number.isInteger(id) || id <= 0 || room.isError) {
    return (
      <RedirectWithToast
        to={paths.consultingRooms.list}
        message={t('reservations.rooms.loadFailed')}
        missing={isMissingRecord(id, room.error)}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={t('reservations.rooms.editTitle')}
        description={room.data?.name}
        breadcrumbs={[
          { label: t('nav.groups.reservations') },
          { label: t('reservations.rooms.title'), to: paths.consultingRooms.list },
          { label: room.data?.name || '…', to: paths.consultingRooms.show(id) },
          { label: t('common.edit') },
        ]}
      />
      {room.data ? (
        <RoomForm
          key={room.data.id}
          initial={room.data}
          submitting={edit.isPending}
          onCancel={() => navigate(paths.consultingRooms.show(id))}
          onSubmit={(values, applyServerErrors) =>
            edit.mutate(
              { Id: id, ...values, Color: values.Color ?? undefined },
              {
                onSuccess: () => {
                  notifySuccess(t('reservations.rooms.saved'));
                  navigate(paths.consultingRooms.show(id));
                },
                onError: (error) => {
                  if (!applyServerErrors(error)) notifyError(t('reservations.rooms.editFailed'));
                },
              },
            )
          }
        />
      ) : (
        <SectionLoader />
      )}
    </>
  );
}

export const Component = RoomEditRoute;
