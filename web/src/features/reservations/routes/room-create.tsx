import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateRoom } from '../api/save-room';
import { RoomForm } from '../components/room-form';

export function RoomCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateRoom();

  return (
    <>
      <PageHeader
        title={t('reservations.rooms.createTitle')}
        breadcrumbs={[
          { label: t('nav.groups.reservations') },
          { label: t('reservations.rooms.title'), to: paths.consultingRooms.list },
          { label: t('reservations.rooms.createTitle') },
        ]}
      />
      <RoomForm
        submitting={create.isPending}
        onCancel={() => navigate(paths.consultingRooms.list)}
        onSubmit={(values, applyServerErrors) =>
          create.mutate(
            { ...values, Color: values.Color ?? undefined },
            {
              onSuccess: (room) => {
                notifySuccess(t('reservations.rooms.created'));
                navigate(paths.consultingRooms.show(room.id), { replace: true });
              },
              onError: (error) => {
                if (!applyServerErrors(error)) notifyError(t('reservations.rooms.createFailed'));
              },
            },
          )
        }
      />
    </>
  );
}

export const Component = RoomCreateRoute;
