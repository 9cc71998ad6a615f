import {
  createReservationFormSchema,
  editReservationFormSchema,
  maxRepeatXWeeks,
  type Reservation,
  reservationTypes,
} from '@genodesk/contract/reservations';
import { Alert, Button, Checkbox, Group, Modal, NumberInput, Select, SimpleGrid, Stack } from '@mantine/core';
import { IconClockExclamation, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '@/components/dates/date-time-field';
import { isApiError } from '@/lib/api-client';
import { useZodForm } from '@/lib/form';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useAllRooms } from '../api/get-rooms';
import { useCreateReservation, useEditReservation } from '../api/reservation-actions';
import { askScope } from './ask-scope';
import { outsideHours } from './business-hours';
import { CustomerPicker } from './customer-picker';
import { reservationTypeName, roomHoursText } from './labels';
import { shiftedEnd, toWallInput } from './prague';

interface Values extends Record<string, unknown> {
  ConsultingRoomId: string;
  ReservationType: string;
  CustomerId: string;
  IsFake: boolean;
  /** Prague's wall-clock time, `2027-03-15T10:00` (the API reads a time without an offset as Prague's) */
  ConsultationStart: string;
  ConsultationEnd: string;
  RepeatXWeeks: number | string;
}

export type ReservationDraft =
  | { mode: 'create'; start: string; end: string; roomId?: number }
  /** `assign`: a free slot opened to book a customer into it (the customer first, said so). */
  | { mode: 'edit'; reservation: Reservation; assign?: boolean };

/** The booking form (create from a selected range, or edit an occurrence with the one-or-series question). */
export function ReservationFormModal({
  draft,
  onClose,
}: {
  draft: ReservationDraft | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={draft !== null}
      onClose={onClose}
      title={<ReservationFormTitle draft={draft} />}
      size="lg"
      centered
    >
      {draft && <ReservationForm key={draftKey(draft)} draft={draft} onDone={onClose} />}
    </Modal>
  );
}

const draftKey = (d: ReservationDraft) =>
  d.mode === 'edit' ? `e${d.reservation.id}` : `c${d.start}${d.end}`;

function ReservationFormTitle({ draft }: { draft: ReservationDraft | null }) {
  const { t } = useTranslation();
  if (draft?.mode !== 'edit') return t('reservations.calendar.createTitle');
  return draft.assign ? t('reservations.calendar.assignTitle') : t('reservations.calendar.editTitle');
}

function ReservationForm({ draft, onDone }: { draft: ReservationDraft; onDone: () => void }) {
  const { t } = useTranslation();
  const { locale, tm } = useLocale();
  const rooms = useAllRooms();
  const create = useCreateReservation();
  const edit = useEditReservation();
  const editing = draft.mode === 'edit' ? draft.reservation : null;
  const assigning = draft.mode === 'edit' && draft.assign === true;

  const initial: Values = editing
    ? {
        ConsultingRoomId: String(editing.consultingRoomId),
        ReservationType: String(editing.reservationType),
        CustomerId: editing.customerId ? String(editing.customerId) : '',
        IsFake: editing.isFake,
        ConsultationStart: toWallInput(editing.consultationStart),
        ConsultationEnd: toWallInput(editing.consultationEnd),
        RepeatXWeeks: 0,
      }
    : {
        ConsultingRoomId: draft.mode === 'create' && draft.roomId ? String(draft.roomId) : '',
        ReservationType: '0',
        CustomerId: '',
        IsFake: false,
        ConsultationStart: draft.mode === 'create' ? draft.start : '',
        ConsultationEnd: draft.mode === 'create' ? draft.end : '',
        RepeatXWeeks: 0,
      };

  const toRequest = (v: Values) => ({
    ConsultingRoomId: v.ConsultingRoomId === '' ? undefined : Number(v.ConsultingRoomId),
    ReservationType: Number(v.ReservationType),
    CustomerId: v.CustomerId === '' ? null : Number(v.CustomerId),
    IsFake: v.IsFake,
    ConsultationStart: v.ConsultationStart,
    ConsultationEnd: v.ConsultationEnd,
    RepeatXWeeks: v.RepeatXWeeks === '' ? undefined : Number(v.RepeatXWeeks),
  });

  const { form, field, applyServerErrors } = useZodForm<Values>(
    editing ? editReservationFormSchema : createReservationFormSchema,
    { initialValues: initial },
    (v) => {
      const request = toRequest(v);
      if (!editing) return request;
      const { RepeatXWeeks: _repeat, ...rest } = request;
      return { Id: editing.id, ...rest };
    },
  );

  const failed = (error: unknown, title: string) => {
    const placed = applyServerErrors(error);
    // An overlap is shown on the start and as a toast: it is the answer the user waits for.
    if (!placed || (isApiError(error) && error.status === 409))
      notifyApiError(error, tm('reservationRequestFailed'), title);
  };

  const submit = async (v: Values) => {
    const request = toRequest(v);
    if (!editing) {
      create.mutate(
        { ...request, ConsultingRoomId: request.ConsultingRoomId ?? 0 },
        {
          onSuccess: (reply) => {
            notifySuccess(
              reply.items.length > 1
                ? t('reservations.calendar.createdSeries', { count: reply.items.length - 1 })
                : t('reservations.calendar.created'),
            );
            onDone();
          },
          onError: (error) => failed(error, t('reservations.calendar.createFailed')),
        },
      );
      return;
    }
    // Only what changed is sent: a series edit moves later occurrences only when the times change.
    const before = toRequest(initial);
    const changes: Record<string, unknown> = {};
    for (const key of Object.keys(request) as (keyof typeof request)[])
      if (key !== 'RepeatXWeeks' && request[key] !== before[key]) changes[key] = request[key];
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    let scope: 'one' | 'series' = 'one';
    if (editing.seriesId !== null) {
      const answer = await askScope(t, t('reservations.calendar.scopeMessage'));
      if (!answer) return;
      scope = answer;
    }
    edit.mutate(
      { Id: editing.id, Scope: scope, ...changes },
      {
        onSuccess: () => {
          notifySuccess(t('reservations.calendar.saved'));
          onDone();
        },
        onError: (error) => failed(error, t('reservations.calendar.editFailed')),
      },
    );
  };

  const roomOptions = (rooms.data?.items ?? [])
    .filter((r) => r.isEnabled || String(r.id) === initial.ConsultingRoomId)
    .map((r) => ({ value: String(r.id), label: `${r.name} (${r.doctor.userName})` }));
  const values = form.getValues();
  const room = rooms.data?.items.find((r) => String(r.id) === values.ConsultingRoomId);
  const offHours = room !== undefined && outsideHours(room, values.ConsultationStart, values.ConsultationEnd);

  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate data-testid="reservation-form">
      <Stack gap="md">
        {assigning && (
          <Alert color="blue" icon={<IconUserPlus size={18} />} data-testid="reservation-assign-hint">
            {t('reservations.calendar.assignHint')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t('reservations.fields.room')}
            withAsterisk
            // Choosing the chosen room again keeps it: a reservation always has one.
            allowDeselect={false}
            data={roomOptions}
            data-testid="reservation-room"
            {...field('ConsultingRoomId')}
            onChange={(v) => form.setFieldValue('ConsultingRoomId', v ?? '')}
          />
          <Select
            label={t('reservations.fields.type')}
            withAsterisk
            allowDeselect={false}
            data={reservationTypes.map((type) => ({
              value: String(type),
              label: reservationTypeName(type, locale),
            }))}
            data-testid="reservation-type"
            {...field('ReservationType')}
            onChange={(v) => form.setFieldValue('ReservationType', v ?? '0')}
          />
        </SimpleGrid>
        <CustomerPicker
          label={t('reservations.fields.customer')}
          description={assigning ? undefined : t('reservations.calendar.customerHint')}
          autoFocus={assigning}
          value={values.CustomerId}
          initial={editing?.customer ?? null}
          onChange={(v) => {
            form.setFieldValue('CustomerId', v);
            if (v) form.setFieldValue('IsFake', false);
          }}
          error={field('CustomerId').error as string | undefined}
          testId="reservation-customer"
        />
        <Checkbox
          label={t('reservations.fields.isFake')}
          disabled={values.CustomerId !== ''}
          data-testid="reservation-fake"
          {...field('IsFake', { type: 'checkbox' })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateTimeField
            label={t('reservations.fields.start')}
            withAsterisk
            data-testid="reservation-start"
            {...field('ConsultationStart')}
            onChange={(start) => {
              // The consultation keeps its length when its start moves.
              const end = shiftedEnd(values.ConsultationStart, values.ConsultationEnd, start);
              form.setFieldValue('ConsultationStart', start);
              if (end) form.setFieldValue('ConsultationEnd', end);
            }}
          />
          <DateTimeField
            label={t('reservations.fields.end')}
            withAsterisk
            data-testid="reservation-end"
            {...field('ConsultationEnd')}
            onChange={(end) => form.setFieldValue('ConsultationEnd', end)}
          />
        </SimpleGrid>
        {offHours && (
          <Alert
            color="yellow"
            icon={<IconClockExclamation size={18} />}
            data-testid="reservation-outside-hours"
          >
            {t('reservations.calendar.outsideHours', { hours: roomHoursText(room, locale) })}
          </Alert>
        )}
        {!editing && (
          <NumberInput
            label={t('reservations.fields.repeat')}
            description={t('reservations.calendar.repeatHint')}
            min={0}
            max={maxRepeatXWeeks}
            allowDecimal={false}
            w={220}
            data-testid="reservation-repeat"
            {...field('RepeatXWeeks')}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} data-testid="reservation-form-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || edit.isPending} data-testid="reservation-submit">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
