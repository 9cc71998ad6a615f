import {
  createReservationFormSchema,
  editReservationFormSchema,
  freeSlotClashDetailsSchema,
  maxRepeatXWeeks,
  type Reservation,
  reservationTypes,
} from '@genodesk/contract/reservations';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconCalendarEvent, IconClockExclamation, IconUserPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '@/components/dates/date-time-field';
import { isApiError } from '@/lib/api-client';
import { useZodForm } from '@/lib/form';
import { dismissNotice, notifyApiError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useReservation } from '../api/get-reservation';
import { useAllRooms } from '../api/get-rooms';
import { useCreateReservation, useEditReservation } from '../api/reservation-actions';
import { askScope } from './ask-scope';
import { outsideHours, proposedTimes } from './business-hours';
import { CustomerPicker, type PickedCustomer } from './customer-picker';
import { reservationTypeName, roomHoursText } from './labels';
import { formatPragueRange, shiftedEnd, toCalendarTime, toWallInput } from './prague';

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
  /** `proposed`: the time is the calendar's proposal (the next time a room is open), not one staff picked. */
  | { mode: 'create'; start: string; end: string; roomId?: number; proposed?: boolean }
  /**
   * `assign`: a free slot opened to book a customer into it (the customer first, said so); `customer`:
   * the one chosen for a booking the free slot refused, filled in.
   */
  | { mode: 'edit'; reservation: Reservation; assign?: boolean; customer?: PickedCustomer };

/**
 * A booking refused because the time is a free slot: open that slot (where "Book a customer" gives it
 * the customer), with the customer chosen for the booking.
 */
export type OpenFreeSlot = (slot: Reservation, customer: PickedCustomer | null) => void;

/** The toast of a refused booking or edit: one at a time, taken away once its free slot is opened. */
const refusalNoticeId = 'reservation-refused';

/** The booking form (create from a selected range, or edit an occurrence with the one-or-series question). */
export function ReservationFormModal({
  draft,
  onClose,
  onOpenFreeSlot,
}: {
  draft: ReservationDraft | null;
  onClose: () => void;
  onOpenFreeSlot?: OpenFreeSlot;
}) {
  return (
    <Modal
      opened={draft !== null}
      onClose={onClose}
      title={<ReservationFormTitle draft={draft} />}
      size="lg"
      centered
    >
      {draft && (
        <ReservationForm
          key={draftKey(draft)}
          draft={draft}
          onDone={onClose}
          onOpenFreeSlot={onOpenFreeSlot}
        />
      )}
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

function ReservationForm({
  draft,
  onDone,
  onOpenFreeSlot,
}: {
  draft: ReservationDraft;
  onDone: () => void;
  onOpenFreeSlot?: OpenFreeSlot;
}) {
  const { t } = useTranslation();
  const { locale, tm } = useLocale();
  const rooms = useAllRooms();
  const create = useCreateReservation();
  const edit = useEditReservation();
  const editing = draft.mode === 'edit' ? draft.reservation : null;
  const assigning = draft.mode === 'edit' && draft.assign === true;
  // Filled in only while the slot is still free (one taken or blocked meanwhile keeps what it has).
  const carried = draft.mode === 'edit' && editing?.kind === 'free' ? (draft.customer ?? null) : null;
  const [customer, setCustomer] = useState<PickedCustomer | null>(editing?.customer ?? carried);
  /** The free slots the last booking met (the API's 409 `details`), soonest first. */
  const [freeSlotIds, setFreeSlotIds] = useState<number[]>([]);
  const freeSlot = useReservation(freeSlotIds[0] ?? null);

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
  // The carried customer is a change to save, not the stored value: `initial` stays what is stored.
  const filledIn: Values = carried ? { ...initial, CustomerId: String(carried.id) } : initial;

  /** The time the calendar proposed, while the form still holds it. */
  const proposal = useRef(
    draft.mode === 'create' && draft.proposed ? { start: draft.start, end: draft.end } : null,
  );

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
    { initialValues: filledIn },
    (v) => {
      const request = toRequest(v);
      if (!editing) return request;
      const { RepeatXWeeks: _repeat, ...rest } = request;
      return { Id: editing.id, ...rest };
    },
  );

  const failed = (error: unknown, title: string) => {
    const placed = applyServerErrors(error);
    const free = isApiError(error) ? freeSlotClashDetailsSchema.safeParse(error.details) : null;
    if (free?.success && !editing && onOpenFreeSlot) setFreeSlotIds(free.data.freeSlotIds);
    // An overlap is shown on the start and as a toast: it is the answer the user waits for.
    if (!placed || (isApiError(error) && error.status === 409))
      notifyApiError(error, tm('reservationRequestFailed'), title, { id: refusalNoticeId });
  };

  const submit = async (v: Values) => {
    const request = toRequest(v);
    setFreeSlotIds([]);
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
  const slotTime = freeSlot.data
    ? formatPragueRange(freeSlot.data.consultationStart, freeSlot.data.consultationEnd, locale)
    : '';

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
            onChange={(v) => {
              form.setFieldValue('ConsultingRoomId', v ?? '');
              // The proposed time was the next one any room is open: it follows the room chosen, until
              // staff set a time themselves (QA: 07:30 stayed for a room that opens at 09:00).
              const chosen = rooms.data?.items.find((r) => String(r.id) === v);
              const now = form.getValues();
              if (!chosen || !proposal.current) return;
              if (
                now.ConsultationStart !== proposal.current.start ||
                now.ConsultationEnd !== proposal.current.end
              ) {
                proposal.current = null;
                return;
              }
              proposal.current = proposedTimes([chosen], toCalendarTime(new Date().toISOString()));
              form.setFieldValue('ConsultationStart', proposal.current.start);
              form.setFieldValue('ConsultationEnd', proposal.current.end);
            }}
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
          initial={editing?.customer ?? carried}
          onChange={(v, picked) => {
            setCustomer(picked);
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
        {freeSlot.data?.kind === 'free' && !freeSlot.data.cancelledAt && onOpenFreeSlot && (
          // The 409's way on: the free slot the booking met, opened to be given the customer.
          <Alert color="blue" icon={<IconCalendarEvent size={18} />} data-testid="reservation-free-slot">
            <Group justify="space-between" gap="sm">
              <Text fz="sm">
                {freeSlotIds.length > 1
                  ? t('reservations.calendar.freeSlotsFound', {
                      time: slotTime,
                      count: freeSlotIds.length - 1,
                    })
                  : t('reservations.calendar.freeSlotFound', { time: slotTime })}
              </Text>
              <Button
                size="xs"
                leftSection={<IconCalendarEvent size={16} />}
                onClick={() => {
                  if (!freeSlot.data) return;
                  // The refusal is answered: the slot opened is the way on.
                  dismissNotice(refusalNoticeId);
                  onOpenFreeSlot(freeSlot.data, customer);
                }}
                data-testid="reservation-open-free-slot"
              >
                {t('reservations.calendar.openFreeSlot')}
              </Button>
            </Group>
          </Alert>
        )}
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
