import type {
  DateSelectArg,
  DatesSetArg,
  EventClickArg,
  EventContentArg,
  EventDropArg,
} from '@fullcalendar/core';
import csLocale from '@fullcalendar/core/locales/cs';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { Reservation } from '@genodesk/contract/reservations';
import { Alert, Button, Card, Group, MultiSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { isApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useReservations } from '../api/get-reservations';
import { useAllRooms } from '../api/get-rooms';
import type { ReservationRange } from '../api/keys';
import { useEditReservation } from '../api/reservation-actions';
import { askScope } from '../components/ask-scope';
import {
  businessHoursOf,
  consultationMinutes,
  proposedTimes,
  slotRangeOf,
  wallInput,
} from '../components/business-hours';
import { toCalendarEvent } from '../components/calendar-events';
import { CalendarToolbar, RoomColumnHeader } from '../components/calendar-toolbar';
import type { PickedCustomer } from '../components/customer-picker';
import { reservationTypeName, roomColor } from '../components/labels';
import { calendarDay, formatPragueRange, fromCalendarTime, toCalendarTime } from '../components/prague';
import { ReservationDetailModal } from '../components/reservation-detail-modal';
import { type ReservationDraft, ReservationFormModal } from '../components/reservation-form-modal';
import '../components/calendar.css';

const timeFormat = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
// Time ranges read `09:00–09:45` everywhere in the app.
const eventTimeFormat = { ...timeFormat, separator: '–' } as const;
// Options kept stable between renders: a changed option resets FullCalendar (and a drag under way).
const plugins = [timeGridPlugin, dayGridPlugin, interactionPlugin];
const locales = [csLocale, enGbLocale];
const views = ['timeGridDay', 'timeGridWeek', 'dayGridMonth'] as const;
type CalendarView = (typeof views)[number];
const isView = (value: string | null): value is CalendarView => views.includes(value as CalendarView);
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);
const pragueNow = () => toCalendarTime(new Date().toISOString());
const pragueToday = () => calendarDay(pragueNow());

export function CalendarRoute() {
  const { t } = useTranslation();
  const { locale, tm } = useLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const roomIds = searchParams.get('rooms') ?? '';
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  // The view and the date live in the address: a reload or a shared link shows the same days.
  const [shown, setShown] = useState<{ view: CalendarView; date: string }>(() => {
    const view = searchParams.get('view');
    const date = searchParams.get('date');
    return {
      view: isView(view) ? view : phone ? 'timeGridDay' : 'timeGridWeek',
      date: isDay(date) ? date : pragueToday(),
    };
  });
  const [heading, setHeading] = useState<{ title: string; hasToday: boolean }>({ title: '', hasToday: true });
  const [days, setDays] = useState<{ From: string; To: string } | null>(null);
  const range: ReservationRange | null = days ? { ...days, ConsultingRoomIds: roomIds || undefined } : null;
  const rooms = useAllRooms();
  const reservations = useReservations(range);
  const edit = useEditReservation();
  const [draft, setDraft] = useState<ReservationDraft | null>(null);
  const [open, setOpen] = useState<Reservation | null>(null);
  /** A free slot opened from a booking it refused, and the customer that booking was for. */
  const [carried, setCarried] = useState<{ slotId: number; customer: PickedCustomer } | null>(null);
  const calendars = useRef(new Map<string, FullCalendar>());

  const chosenRoomIds = roomIds.split(',').filter(Boolean);
  const events = useMemo(
    () => (reservations.data?.items ?? []).map((r) => toCalendarEvent(r, locale)),
    [reservations.data, locale],
  );
  // The rooms the calendar shows: those chosen, or every room that is open or has a booking in view.
  const shownRooms = useMemo(() => {
    const all = rooms.data?.items ?? [];
    const chosen = roomIds.split(',').filter(Boolean);
    if (chosen.length) return all.filter((r) => chosen.includes(String(r.id)));
    const booked = new Set((reservations.data?.items ?? []).map((r) => r.consultingRoomId));
    return all.filter((r) => r.isEnabled || booked.has(r.id));
  }, [rooms.data, reservations.data, roomIds]);
  // A day with several rooms: a column per room, side by side (a phone keeps one readable column).
  const byRoom = shown.view === 'timeGridDay' && !phone && shownRooms.length > 1;
  // A week with several rooms: one room's week at a time, chosen by a tab, so its bookings keep readable
  // widths (all rooms in one week squeezed names to a few letters).
  const weekRoom =
    shown.view === 'timeGridWeek' && !phone && shownRooms.length > 1
      ? (shownRooms.find((r) => String(r.id) === searchParams.get('weekRoom')) ?? shownRooms[0])
      : undefined;
  // Built once per change of rooms or bookings: FullCalendar resets what it is given anew.
  const columns = useMemo(
    () =>
      byRoom
        ? shownRooms.map((room) => ({
            key: `room-${room.id}`,
            room,
            businessHours: businessHoursOf([room]),
            events: events.filter((e) => e.extendedProps.reservation.consultingRoomId === room.id),
          }))
        : weekRoom
          ? [
              {
                key: 'all',
                room: undefined,
                businessHours: businessHoursOf([weekRoom]),
                events: events.filter((e) => e.extendedProps.reservation.consultingRoomId === weekRoom.id),
              },
            ]
          : [{ key: 'all', room: undefined, businessHours: businessHoursOf(shownRooms), events }],
    [byRoom, weekRoom, shownRooms, events],
  );
  const primaryKey = columns[0]?.key ?? 'all';
  const slotRange = useMemo(() => slotRangeOf(shownRooms, events), [shownRooms, events]);

  // Every calendar follows the shown view and date (the first one reports what it shows).
  useEffect(() => {
    for (const calendar of calendars.current.values()) {
      const api = calendar.getApi();
      if (api.view.type !== shown.view || calendarDay(api.view.currentStart) !== shown.date)
        api.changeView(shown.view, shown.date);
    }
  }, [shown]);

  const onDates = (key: string) => (arg: DatesSetArg) => {
    if (key !== primaryKey) return;
    const next = { From: calendarDay(arg.start), To: calendarDay(arg.end) };
    setDays((prev) => (prev?.From === next.From && prev.To === next.To ? prev : next));
    const today = pragueToday();
    setHeading({ title: arg.view.title, hasToday: next.From <= today && today < next.To });
    const view = arg.view.type as CalendarView;
    const date = calendarDay(arg.view.currentStart);
    setShown((prev) => (prev.view === view && prev.date === date ? prev : { view, date }));
  };
  // The address follows what is shown (only that: a back to another address is not overwritten),
  // from an effect: FullCalendar reports its dates from its own mount, before the router may navigate
  // (it warns of a navigate() during the first render).
  const address = useRef({ searchParams, setSearchParams });
  address.current = { searchParams, setSearchParams };
  useEffect(() => {
    const { searchParams: current, setSearchParams: set } = address.current;
    if (current.get('view') === shown.view && current.get('date') === shown.date) return;
    set(
      (prev) => {
        const params = new URLSearchParams(prev);
        params.set('view', shown.view);
        params.set('date', shown.date);
        return params;
      },
      { replace: true },
    );
  }, [shown.view, shown.date]);

  const primary = () => calendars.current.get(primaryKey)?.getApi();
  const navigate = (step: 'prev' | 'next' | 'today') => {
    const api = primary();
    if (!api) return;
    if (step === 'today') api.gotoDate(pragueToday());
    else api[step]();
  };

  const onSelect = (roomId: number | undefined) => (arg: DateSelectArg) => {
    arg.view.calendar.unselect();
    if (arg.allDay) {
      const day = calendarDay(arg.start);
      setDraft({ mode: 'create', start: `${day}T09:00`, end: `${day}T09:45`, roomId });
    } else {
      // A click picks one half-hour slot: a consultation takes 45 minutes.
      const minutes = (arg.end.getTime() - arg.start.getTime()) / 60_000;
      const end = minutes <= 30 ? new Date(arg.start.getTime() + consultationMinutes * 60_000) : arg.end;
      setDraft({ mode: 'create', start: wallInput(arg.start), end: wallInput(end), roomId });
    }
  };
  const onlyRoomId = chosenRoomIds.length === 1 ? Number(chosenRoomIds[0]) : undefined;

  /** A drag or a resize: the one-or-series question for a series, then PATCH; undone when refused. */
  const onMove = async (arg: EventDropArg | EventResizeDoneArg) => {
    const r = arg.event.extendedProps.reservation as Reservation;
    const { start, end } = arg.event;
    if (!start || !end) return arg.revert();
    let scope: 'one' | 'series' | null = 'one';
    if (r.seriesId !== null)
      scope = await askScope(t, t('reservations.calendar.scopeMessage'), {
        from: formatPragueRange(r.consultationStart, r.consultationEnd, locale),
        to: formatPragueRange(fromCalendarTime(start), fromCalendarTime(end), locale),
      });
    if (!scope) return arg.revert();
    edit.mutate(
      {
        Id: r.id,
        Scope: scope,
        ConsultationStart: fromCalendarTime(start),
        ConsultationEnd: fromCalendarTime(end),
      },
      {
        onSuccess: () => notifySuccess(t('reservations.calendar.saved')),
        onError: (error) => {
          arg.revert();
          notifyError(
            isApiError(error) ? error.message : tm('reservationRequestFailed'),
            t('reservations.calendar.editFailed'),
          );
        },
      },
    );
  };

  const newBooking = () => {
    const roomsToBook = shownRooms.filter((room) => onlyRoomId === undefined || room.id === onlyRoomId);
    setDraft({
      mode: 'create',
      ...proposedTimes(roomsToBook, pragueNow()),
      proposed: true,
      roomId: onlyRoomId,
    });
  };

  const renderEvent = (arg: EventContentArg) => {
    const r = arg.event.extendedProps.reservation as Reservation | undefined;
    // The range being selected is drawn as an event of its own (selectMirror), without a reservation.
    if (!r) return <div className="fc-event-time">{arg.timeText}</div>;
    return (
      <div className="fc-event-main-frame" data-testid="reservation-event" data-reservation-id={r.id}>
        <div className="fc-event-time">{arg.timeText}</div>
        <div className="fc-event-title-container">
          <div className="fc-event-title">{arg.event.title}</div>
          <div className="reservation-event-meta">
            {r.doctor.userName} · {r.consultingRoom.name} · {reservationTypeName(r.reservationType, locale)}
          </div>
        </div>
      </div>
    );
  };

  return (
    <>
      <PageHeader
        title={t('reservations.calendar.title')}
        description={t('reservations.calendar.description')}
        breadcrumbs={[{ label: t('nav.groups.reservations') }, { label: t('reservations.calendar.title') }]}
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={newBooking} data-testid="reservation-new">
            {t('reservations.calendar.newBooking')}
          </Button>
        }
      />
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <MultiSelect
            label={t('reservations.calendar.rooms')}
            placeholder={roomIds ? undefined : t('reservations.calendar.allRooms')}
            data={(rooms.data?.items ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
            value={roomIds.split(',').filter(Boolean)}
            onChange={(value) =>
              setSearchParams(
                (prev) => {
                  const next = new URLSearchParams(prev);
                  if (value.length) next.set('rooms', value.join(','));
                  else next.delete('rooms');
                  return next;
                },
                { replace: true },
              )
            }
            clearable
            miw={280}
            maw={560}
            data-testid="reservations-room-filter"
          />
          <Group gap="md" aria-label={t('reservations.calendar.legendLabel')} role="group">
            {(rooms.data?.items ?? []).map((r) => (
              <Group key={r.id} gap={6} wrap="nowrap">
                <span
                  aria-hidden
                  style={{ width: 12, height: 12, borderRadius: 3, background: roomColor(r.color) }}
                />
                <Text fz="sm">{r.name}</Text>
              </Group>
            ))}
            <Group gap={6} wrap="nowrap">
              <span aria-hidden className="reservation-legend-free" />
              <Text fz="sm">{t('reservations.calendar.legend.free')}</Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <span aria-hidden className="reservation-legend-blocked" />
              <Text fz="sm">{t('reservations.calendar.legend.blocked')}</Text>
            </Group>
          </Group>
        </Group>
        {reservations.error && (
          <Alert color="red" data-testid="reservations-error">
            {isApiError(reservations.error)
              ? reservations.error.message
              : t('reservations.calendar.loadFailed')}
          </Alert>
        )}
        <Card
          withBorder
          radius="md"
          p="md"
          className="reservations-calendar"
          data-testid="reservations-calendar"
        >
          <CalendarToolbar
            title={heading.title}
            view={shown.view}
            phone={phone}
            todayShown={heading.hasToday}
            onNavigate={navigate}
            // Switching the view stays on today when it is in sight, else on the first day shown.
            onView={(view) =>
              setShown((prev) => ({ view, date: heading.hasToday ? pragueToday() : prev.date }))
            }
          />
          {weekRoom && (
            <SegmentedControl
              aria-label={t('reservations.calendar.weekRoom')}
              data={shownRooms.map((room) => ({
                value: String(room.id),
                label: (
                  <Group gap={6} wrap="nowrap" justify="center">
                    <span
                      aria-hidden
                      className="reservation-room-swatch"
                      style={{ background: roomColor(room.color) }}
                    />
                    <span>{room.name}</span>
                  </Group>
                ),
              }))}
              value={String(weekRoom.id)}
              onChange={(value) =>
                setSearchParams(
                  (prev) => {
                    const next = new URLSearchParams(prev);
                    next.set('weekRoom', value);
                    return next;
                  },
                  { replace: true },
                )
              }
              mb="sm"
              data-testid="calendar-week-room"
            />
          )}
          <div className={byRoom ? 'reservation-room-columns' : undefined}>
            {columns.map(({ key, room, businessHours, events: columnEvents }) => (
              <div key={key} data-testid={room ? 'calendar-room-column' : undefined}>
                <FullCalendar
                  ref={(calendar) => {
                    if (calendar) calendars.current.set(key, calendar);
                    else calendars.current.delete(key);
                  }}
                  plugins={plugins}
                  initialView={shown.view}
                  initialDate={shown.date}
                  headerToolbar={false}
                  locales={locales}
                  locale={locale === 'cs' ? 'cs' : 'en-gb'}
                  // Prague's wall clock written as UTC: 10:00 in Prague shows as 10:00 in any browser zone.
                  timeZone="UTC"
                  now={pragueNow}
                  firstDay={1}
                  slotLabelFormat={timeFormat}
                  eventTimeFormat={eventTimeFormat}
                  allDaySlot={false}
                  {...slotRange}
                  // A clinic's day: what lies outside the rooms' surgery hours is shaded.
                  businessHours={businessHours}
                  dayHeaderContent={room ? () => <RoomColumnHeader room={room} /> : undefined}
                  slotDuration="00:30:00"
                  height="auto"
                  nowIndicator
                  selectable
                  selectMirror
                  editable
                  eventOverlap
                  dayMaxEvents={4}
                  events={columnEvents}
                  eventContent={renderEvent}
                  datesSet={onDates(key)}
                  select={onSelect(room?.id ?? weekRoom?.id ?? onlyRoomId)}
                  eventClick={(arg: EventClickArg) =>
                    setOpen(arg.event.extendedProps.reservation as Reservation)
                  }
                  eventDrop={(arg) => void onMove(arg)}
                  eventResize={(arg) => void onMove(arg)}
                />
              </div>
            ))}
          </div>
        </Card>
      </Stack>
      <ReservationDetailModal
        reservation={open}
        onClose={() => setOpen(null)}
        onEdit={(r) => {
          setOpen(null);
          setDraft({ mode: 'edit', reservation: r });
        }}
        onAssign={(r) => {
          setOpen(null);
          const customer = carried?.slotId === r.id ? carried.customer : undefined;
          setDraft({ mode: 'edit', reservation: r, assign: true, customer });
        }}
      />
      <ReservationFormModal
        draft={draft}
        onClose={() => setDraft(null)}
        onOpenFreeSlot={(slot, customer) => {
          setDraft(null);
          setCarried(customer ? { slotId: slot.id, customer } : null);
          setOpen(slot);
          // The calendar goes to the slot's day when it is not in sight.
          const day = calendarDay(toCalendarTime(slot.consultationStart));
          if (days && (day < days.From || day >= days.To)) setShown((prev) => ({ ...prev, date: day }));
        }}
      />
    </>
  );
}

export const Component = CalendarRoute;
