import type { Reservation } from '@genodesk/contract/reservations';
import { Anchor, Badge, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { DetailItem } from '@/features/templates/components/detail-item';
import { isApiError } from '@/lib/api-client';
import { confirmAction } from '@/lib/confirm';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useCancelReservation } from '../api/reservation-actions';
import { askScope } from './ask-scope';
import { reservationKindColor, reservationKindName, reservationTypeName } from './labels';
import { formatPragueRange } from './prague';
import { RoomName } from './room-badges';

/** One occurrence: what, when, who; edit and cancel while it has not begun. */
export function ReservationDetailModal({
  reservation,
  onClose,
  onEdit,
  onAssign,
}: {
  reservation: Reservation | null;
  onClose: () => void;
  onEdit: (reservation: Reservation) => void;
  /** A free slot's first action: the edit form, to book a customer into it. */
  onAssign: (reservation: Reservation) => void;
}) {
  const { t } = useTranslation();
  const { locale, tm } = useLocale();
  const cancel = useCancelReservation();
  const r = reservation;
  const begun = r ? new Date(r.consultationStart).getTime() <= Date.now() : true;

  const runCancel = async (target: Reservation) => {
    let scope: 'one' | 'series' | null = 'one';
    if (target.seriesId !== null) scope = await askScope(t, t('reservations.calendar.scopeCancelMessage'));
    else if (
      !(await confirmAction({
        title: t('reservations.calendar.cancelTitle'),
        message: t(
          target.kind === 'booked'
            ? 'reservations.calendar.cancelMessage'
            : 'reservations.calendar.cancelMessageNobody',
        ),
        confirmLabel: t('reservations.calendar.cancelReservation'),
        cancelLabel: t('reservations.calendar.keep'),
        danger: true,
        testId: 'reservation-cancel',
      }))
    )
      scope = null;
    if (!scope) return;
    cancel.mutate(
      { Id: target.id, Scope: scope },
      {
        onSuccess: () => {
          notifySuccess(t('reservations.calendar.cancelled'));
          onClose();
        },
        onError: (error) =>
          notifyError(
            isApiError(error) ? error.message : tm('reservationRequestFailed'),
            t('reservations.calendar.cancelFailed'),
          ),
      },
    );
  };

  return (
    <Modal
      opened={r !== null}
      onClose={onClose}
      title={t('reservations.calendar.detailTitle')}
      size="lg"
      centered
    >
      {r && (
        <Stack gap="lg" data-testid="reservation-detail">
          <Group justify="space-between" align="flex-start">
            <div>
              <Text fw={600} data-testid="reservation-detail-time">
                {formatPragueRange(r.consultationStart, r.consultationEnd, locale)}
              </Text>
              <Text fz="sm" c="dimmed">
                {r.seriesId !== null
                  ? t('reservations.calendar.occurrence', { n: r.occurrence + 1 })
                  : t('reservations.calendar.single')}
              </Text>
            </div>
            <Badge variant="light" color={reservationKindColor[r.kind]}>
              {reservationKindName(r.kind, locale)}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <DetailItem label={t('reservations.fields.room')}>
              <RoomName name={r.consultingRoom.name} color={r.consultingRoom.color} />
            </DetailItem>
            <DetailItem label={t('reservations.fields.doctor')}>{r.doctor.userName}</DetailItem>
            <DetailItem label={t('reservations.fields.type')}>
              {reservationTypeName(r.reservationType, locale)}
            </DetailItem>
            <DetailItem label={t('reservations.fields.customer')} testId="reservation-detail-customer">
              {r.customer ? (
                <Stack gap={2}>
                  <Anchor component={Link} to={paths.customers.view(r.customer.id)} fz="sm">
                    {r.customer.fullName}
                  </Anchor>
                  <Anchor
                    component={Link}
                    to={paths.customerReservations(r.customer.id)}
                    fz="sm"
                    data-testid="reservation-detail-history"
                  >
                    {t('reservations.calendar.openHistory')}
                  </Anchor>
                </Stack>
              ) : (
                '—'
              )}
            </DetailItem>
          </SimpleGrid>
          {!begun && r.kind === 'free' && (
            <Text fz="sm" data-testid="reservation-free-hint">
              {t('reservations.calendar.freeSlotHint')}
            </Text>
          )}
          {begun ? (
            <Text fz="sm" c="dimmed">
              {t('reservations.calendar.readOnly')}
            </Text>
          ) : (
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                color="red"
                leftSection={<IconTrash size={16} />}
                loading={cancel.isPending}
                onClick={() => void runCancel(r)}
                data-testid="reservation-cancel"
              >
                {t('reservations.calendar.cancelReservation')}
              </Button>
              <Button
                variant={r.kind === 'free' ? 'default' : 'filled'}
                leftSection={<IconPencil size={16} />}
                onClick={() => onEdit(r)}
                data-testid="reservation-edit"
              >
                {t('common.edit')}
              </Button>
              {r.kind === 'free' && (
                <Button
                  leftSection={<IconUserPlus size={16} />}
                  onClick={() => onAssign(r)}
                  data-autofocus
                  data-testid="reservation-assign"
                >
                  {t('reservations.calendar.assignCustomer')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
