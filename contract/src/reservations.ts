import { z } from 'zod';
import {
  booleanish,
  colorSchema,
  idSchema,
  isCalendarDay,
  isTimestamp,
  listQuerySchema,
  numeric,
  oneOrMany,
  pageOf,
  requiredText,
} from './common.js';
import { localeSchema } from './locale.js';
import type { Localized } from './locales.js';
import {
  addPragueDays,
  isSkippedPragueWallTime,
  parsePragueTimestamp,
  pragueDay,
  pragueMidnight,
} from './prague-time.js';

// Consulting rooms and reservations (SPEC §2, §3, §4, §5, §7, §9; DOMAIN §5).

/** Reservation type (SPEC §4): 0 standard, 1 entry, 2 exit. */
export const ReservationType = { Standard: 0, Entry: 1, Exit: 2 } as const;
export type ReservationType = (typeof ReservationType)[keyof typeof ReservationType];
export const reservationTypes = Object.values(ReservationType) as ReservationType[];
export const reservationTypeLabels: Record<ReservationType, Localized> = {
  0: { cs: 'Standardní konzultace', en: 'Standard consultation' },
  1: { cs: 'Vstupní konzultace', en: 'Entry consultation' },
  2: { cs: 'Výstupní konzultace', en: 'Exit consultation' },
};

/**
 * What a reservation holds: a customer (`booked`), nobody but the time is taken (`blocked`, SPEC
 * `isFake`), or nobody yet (`free`: a slot the customer app may offer).
 */
export const ReservationKind = { Booked: 'booked', Blocked: 'blocked', Free: 'free' } as const;
export type ReservationKind = (typeof ReservationKind)[keyof typeof ReservationKind];
export const reservationKindLabels: Record<ReservationKind, Localized> = {
  booked: { cs: 'Rezervováno', en: 'Booked' },
  blocked: { cs: 'Blokováno', en: 'Blocked' },
  free: { cs: 'Volný termín', en: 'Free slot' },
};

/**
 * A customer's `reservationStatus` (SPEC §3), derived from their consultations that are not
 * cancelled: an upcoming one (not yet ended) wins, else one that was held, else none.
 */
export const CustomerReservationStatus = {
  NoConsultation: 'none',
  Upcoming: 'upcoming',
  Held: 'held',
} as const;
export type CustomerReservationStatus =
  (typeof CustomerReservationStatus)[keyof typeof CustomerReservationStatus];
export const customerReservationStatuses = Object.values(
  CustomerReservationStatus,
) as CustomerReservationStatus[];
export const customerReservationStatusLabels: Record<CustomerReservationStatus, Localized> = {
  none: { cs: 'Bez konzultace', en: 'No consultation' },
  upcoming: { cs: 'Konzultace naplánována', en: 'Consultation upcoming' },
  held: { cs: 'Konzultace proběhla', en: 'Consultation held' },
};
export const customerReservationStatusSchema = z.enum(['none', 'upcoming', 'held']);

/** Which occurrences of a series an edit or a cancellation touches. */
export const ReservationScope = { One: 'one', Series: 'series' } as const;
export type ReservationScope = (typeof ReservationScope)[keyof typeof ReservationScope];
/** `one`: this occurrence; `series`: this one and every later one of its series. */
export const reservationScopeSchema = z.enum(['one', 'series'], { error: 'invalidValue' });

/** SPEC §9: a reservation repeats weekly 0 to 12 times. */
export const maxRepeatXWeeks = 12;
/** The longest range `GET admin/reservations` answers (a month view shows six weeks). */
export const maxReservationRangeDays = 100;

// ── Consulting rooms ───────────────────────────────────────────────────────────────────────────

/** A consulting room's doctor: an active user whose role is Doctor ('Musíte zvolit lékaře!'). */
const doctorIdSchema = numeric(
  z.number({ error: 'doctorRequired' }).int('doctorRequired').positive('doctorRequired'),
);

/** A wall-clock time of day, `08:00` (24-hour clock, Prague). */
const timeOfDaySchema = z
  .string({ error: 'invalidTimeOfDay' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalidTimeOfDay');
/** ISO weekdays, 1 Monday … 7 Sunday, each once. */
const openDaysSchema = z
  .array(
    z
      .number({ error: 'invalidOpenDays' })
      .int('invalidOpenDays')
      .min(1, 'invalidOpenDays')
      .max(7, 'invalidOpenDays'),
    {
      error: 'invalidOpenDays',
    },
  )
  // A room open on no day could never be booked: at least one is chosen.
  .min(1, 'noOpenDays')
  .max(7, 'invalidOpenDays')
  .refine((days) => new Set(days).size === days.length, 'invalidOpenDays')
  .transform((days) => [...days].sort((a, b) => a - b));

/** The room's surgery hours, when it has any: the calendar shades what lies outside them. */
export const defaultRoomHours = { opensAt: '08:00', closesAt: '18:00', openDays: [1, 2, 3, 4, 5] };

const roomHoursFields = {
  OpensAt: timeOfDaySchema.optional(),
  ClosesAt: timeOfDaySchema.optional(),
  OpenDays: openDaysSchema.optional(),
};

/** Hours end after they begin; compared only when both are given (an edit merges with the stored ones). */
const hoursInOrder = (v: { OpensAt?: string; ClosesAt?: string }, ctx: z.RefinementCtx) => {
  if (v.OpensAt && v.ClosesAt && v.ClosesAt <= v.OpensAt)
    ctx.addIssue({ code: 'custom', path: ['ClosesAt'], message: 'roomClosesBeforeOpening' });
};

/**
 * `PUT admin/consultingrooms { Name, IsEnabled, DoctorId, Color?, OpensAt?, ClosesAt?, OpenDays? }`;
 * Color (1–12, the staff palette) defaults to the doctor's, the hours to 08:00–18:00 Monday to Friday.
 */
export const createConsultingRoomRequestSchema = z
  .object({
    Name: requiredText(100),
    IsEnabled: z.boolean({ error: 'invalidValue' }).default(true),
    DoctorId: doctorIdSchema,
    Color: colorSchema.nullish(),
    ...roomHoursFields,
  })
  .superRefine(hoursInOrder);
export type CreateConsultingRoomRequest = z.input<typeof createConsultingRoomRequestSchema>;

/** `POST admin/consultingrooms { Id, Name, IsEnabled, DoctorId, Color?, OpensAt?, ClosesAt?, OpenDays? }`; what is left out stays. */
export const editConsultingRoomRequestSchema = z
  .object({
    Id: idSchema,
    Name: requiredText(100),
    IsEnabled: z.boolean({ error: 'invalidValue' }).optional(),
    DoctorId: doctorIdSchema,
    Color: colorSchema.nullish(),
    ...roomHoursFields,
  })
  .superRefine(hoursInOrder);
export type EditConsultingRoomRequest = z.input<typeof editConsultingRoomRequestSchema>;

export const doctorSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  email: z.string(),
  /** The doctor's staff colour (1–12). */
  color: z.number().int(),
  isUserLoginActive: z.boolean(),
});
export type Doctor = z.infer<typeof doctorSchema>;

export const consultingRoomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 1–12, an index into `staffColors`. */
  color: z.number().int(),
  /** A disabled room takes no new bookings and keeps its existing ones. */
  isEnabled: z.boolean(),
  doctorId: z.number().int(),
  doctor: doctorSchema,
  /** Surgery hours on Prague's clock, `08:00`–`18:00`, on ISO weekdays (1 Monday … 7 Sunday). */
  opensAt: z.string(),
  closesAt: z.string(),
  openDays: z.array(z.number().int()),
  /** Reservations of the room not cancelled and not yet begun. */
  upcomingCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConsultingRoom = z.infer<typeof consultingRoomSchema>;
export const consultingRoomPageSchema = pageOf(consultingRoomSchema);

export const consultingRoomSortFields = ['name', 'doctor', 'isEnabled', 'createdAt'] as const;
/** `GET admin/consultingrooms`: search the room's and the doctor's name. */
export const consultingRoomListQuerySchema = listQuerySchema.extend({
  enabled: booleanish.optional(),
  doctorId: idSchema.optional(),
});
export type ConsultingRoomListQuery = z.infer<typeof consultingRoomListQuerySchema>;

/** `GET admin/consultingrooms/doctors`: who may be a room's doctor (active users of the Doctor role). */
export const doctorListSchema = z.array(doctorSchema);

// ── Reservations ───────────────────────────────────────────────────────────────────────────────

/**
 * A moment, ISO 8601: with `Z` or an offset as written; without one it is Prague's wall-clock time.
 */
export const consultationTimeSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, 'required')
  .refine(isTimestamp, 'invalidDate');

/** A range end of `GET admin/reservations`: a timestamp, or a day (Prague's midnight that starts it). */
const rangeEndSchema = z
  .string({ error: 'required' })
  .trim()
  .refine((v) => isCalendarDay(v) || isTimestamp(v), 'invalidDate');

/** Moments of a range or a reservation, parsed (Prague for a timestamp without an offset). */
export const consultationMoment = (value: string): Date | undefined => parsePragueTimestamp(value);

const reservationTypeSchema = numeric(
  z
    .number({ error: 'mustPickOne' })
    .int('mustPickOne')
    .refine((v): v is ReservationType => v === 0 || v === 1 || v === 2, 'mustPickOne'),
);

const consultingRoomIdSchema = numeric(
  z.number({ error: 'roomRequired' }).int('roomRequired').positive('roomRequired'),
);

const repeatXWeeksSchema = numeric(
  z
    .number({ error: 'invalidValue' })
    .int('invalidValue')
    .min(0, 'repeatAtLeastZero')
    .max(maxRepeatXWeeks, 'repeatAtMostTwelve'),
);

const customerIdSchema = numeric(
  z.number({ error: 'invalidValue' }).int('invalidValue').positive('invalidValue'),
);

/** Refinements run once their own fields are valid, even while others are not (the form shows them at once). */
const whenFieldsValid =
  (...fields: string[]) =>
  (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0])));

type TimeFields = { ConsultationStart?: string | null; ConsultationEnd?: string | null };
type PartyFields = { CustomerId?: number | null; IsFake?: boolean };

/** SPEC §5: it must begin in the future and end later than it begins. */
function checkTimes(value: TimeFields, ctx: z.RefinementCtx, now = Date.now()) {
  // A time the clocks skip in spring names no moment: said as it is, not as a wrong order of times.
  const skipped = (['ConsultationStart', 'ConsultationEnd'] as const).filter(
    (field) => value[field] && isSkippedPragueWallTime(value[field]),
  );
  for (const field of skipped) ctx.addIssue({ code: 'custom', path: [field], message: 'pragueTimeSkipped' });
  if (skipped.length > 0) return;
  const start = value.ConsultationStart ? consultationMoment(value.ConsultationStart) : undefined;
  const end = value.ConsultationEnd ? consultationMoment(value.ConsultationEnd) : undefined;
  if (start && start.getTime() <= now)
    ctx.addIssue({ code: 'custom', path: ['ConsultationStart'], message: 'reservationStartInPast' });
  if (start && end && end.getTime() <= start.getTime())
    ctx.addIssue({ code: 'custom', path: ['ConsultationEnd'], message: 'reservationEndBeforeStart' });
}

/**
 * A consultation ends on the Prague calendar day it begins (its midnight at the latest): a booking
 * running for days blocked the room round the clock and read as "10:00–10:30" in the history.
 */
export function endsOnItsDay(start: Date, end: Date): boolean {
  return end.getTime() <= pragueMidnight(pragueDay(addPragueDays(start, 1))).getTime();
}

/**
 * The same-day rule on a request's times, for the web's forms: the API checks it in its service (422
 * 'reservationSpansDays', a rule about the consultation rather than the shape of the input), where an
 * edit's derived end and a series' every occurrence are known.
 */
function checkSameDay(value: TimeFields, ctx: z.RefinementCtx) {
  const start = value.ConsultationStart ? consultationMoment(value.ConsultationStart) : undefined;
  const end = value.ConsultationEnd ? consultationMoment(value.ConsultationEnd) : undefined;
  if (start && end && end.getTime() > start.getTime() && !endsOnItsDay(start, end))
    ctx.addIssue({ code: 'custom', path: ['ConsultationEnd'], message: 'reservationSpansDays' });
}

/** SPEC §5: a reservation with a customer cannot be fake (blocked without a client). */
function checkParty(value: PartyFields, ctx: z.RefinementCtx) {
  if (value.IsFake === true && value.CustomerId)
    ctx.addIssue({ code: 'custom', path: ['IsFake'], message: 'reservationCustomerAndFake' });
}

/**
 * `PUT admin/reservations`: a room, a type, times, and a customer, or `IsFake` (blocked), or neither
 * (a free slot); `RepeatXWeeks` more weekly occurrences (0–12), all or none.
 */
export const createReservationRequestSchema = z
  .object({
    ConsultingRoomId: consultingRoomIdSchema,
    ReservationType: reservationTypeSchema.default(ReservationType.Standard),
    CustomerId: customerIdSchema.nullish(),
    IsFake: z.boolean({ error: 'invalidValue' }).default(false),
    ConsultationStart: consultationTimeSchema,
    ConsultationEnd: consultationTimeSchema,
    RepeatXWeeks: repeatXWeeksSchema.default(0),
  })
  .superRefine((value, ctx) => checkTimes(value, ctx), {
    when: whenFieldsValid('ConsultationStart', 'ConsultationEnd'),
  })
  .superRefine(checkParty, { when: whenFieldsValid('CustomerId', 'IsFake') });
export type CreateReservationRequest = z.input<typeof createReservationRequestSchema>;

/**
 * `PATCH admin/reservations { Id, Scope, … }`: the fields given change; the rest stay. `CustomerId`
 * null removes the customer. With `Scope` series, this occurrence and every later one of its series
 * change; new times move them to the same weekday and wall-clock time, a week apart.
 * Only one of the times given keeps the duration (start) or the start (end).
 */
export const editReservationRequestSchema = z
  .object({
    Id: idSchema,
    Scope: reservationScopeSchema.default('one'),
    ConsultingRoomId: consultingRoomIdSchema.optional(),
    ReservationType: reservationTypeSchema.optional(),
    CustomerId: customerIdSchema.nullish(),
    IsFake: z.boolean({ error: 'invalidValue' }).optional(),
    ConsultationStart: consultationTimeSchema.optional(),
    ConsultationEnd: consultationTimeSchema.optional(),
  })
  .superRefine((value, ctx) => checkTimes(value, ctx), {
    when: whenFieldsValid('ConsultationStart', 'ConsultationEnd'),
  })
  .superRefine(checkParty, { when: whenFieldsValid('CustomerId', 'IsFake') });
export type EditReservationRequest = z.input<typeof editReservationRequestSchema>;

/** The booking form: the request with the same-day rule the API answers with 422 (`endsOnItsDay`). */
export const createReservationFormSchema = createReservationRequestSchema.superRefine(checkSameDay, {
  when: whenFieldsValid('ConsultationStart', 'ConsultationEnd'),
});
/** The edit form: the request with the same-day rule the API answers with 422 (`endsOnItsDay`). */
export const editReservationFormSchema = editReservationRequestSchema.superRefine(checkSameDay, {
  when: whenFieldsValid('ConsultationStart', 'ConsultationEnd'),
});

/** `DELETE admin/reservations ?Id&Scope`: cancels this occurrence, or it and every later one of its series. */
export const cancelReservationQuerySchema = z.object({
  Id: idSchema,
  Scope: reservationScopeSchema.default('one'),
});
export type CancelReservationQuery = z.input<typeof cancelReservationQuerySchema>;

/**
 * `GET admin/reservations ?From&To&ConsultingRoomIds`: occurrences overlapping [From, To) (a day is
 * Prague's midnight that starts it), of the rooms given (`ConsultingRoomIds=1,2` or repeated) or all;
 * at most `maxReservationRangeDays` days.
 */
export const reservationRangeQuerySchema = z
  .object({
    From: rangeEndSchema,
    To: rangeEndSchema,
    ConsultingRoomIds: oneOrMany(idSchema, 200),
  })
  .superRefine(
    (value, ctx) => {
      const from = consultationMoment(value.From);
      const to = consultationMoment(value.To);
      if (!from || !to) return;
      if (to.getTime() <= from.getTime())
        ctx.addIssue({ code: 'custom', path: ['To'], message: 'reservationRangeOrder' });
      else if (to.getTime() - from.getTime() > maxReservationRangeDays * 86_400_000)
        ctx.addIssue({ code: 'custom', path: ['To'], message: 'reservationRangeTooLong' });
    },
    { when: whenFieldsValid('From', 'To') },
  );
export type ReservationRangeQuery = z.infer<typeof reservationRangeQuerySchema>;

export const customerReservationsQuerySchema = z.object({ CustomerId: idSchema });

/** One occurrence. Times are ISO 8601 on Prague's clock with the offset (`2026-03-30T10:00:00+02:00`). */
export const reservationSchema = z.object({
  id: z.number().int(),
  /** The series it belongs to (the id of its first occurrence), or null for a single reservation. */
  seriesId: z.number().int().nullable(),
  /** 0 for the first occurrence of a series, then 1, 2, … (weeks after it). */
  occurrence: z.number().int(),
  consultingRoomId: z.number().int(),
  consultingRoom: z.object({
    id: z.number().int(),
    name: z.string(),
    color: z.number().int(),
    isEnabled: z.boolean(),
  }),
  doctor: z.object({ id: z.number().int(), userName: z.string(), color: z.number().int() }),
  reservationType: z.number().int(),
  kind: z.enum(['booked', 'blocked', 'free']),
  customerId: z.number().int().nullable(),
  customer: z
    .object({
      id: z.number().int(),
      fullName: z.string(),
      email: z.string(),
      phone: z.string(),
    })
    .nullable(),
  isFake: z.boolean(),
  consultationStart: z.string(),
  consultationEnd: z.string(),
  /** Raised on every change of the occurrence (the iCalendar SEQUENCE). */
  sequence: z.number().int(),
  /** Set when cancelled (the customer's history keeps cancelled ones; the calendar does not). */
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Reservation = z.infer<typeof reservationSchema>;

/** `GET admin/consultingrooms/{id}`: the room with its next bookings. */
export const consultingRoomDetailSchema = consultingRoomSchema.extend({
  /** The next (at most 50) reservations not cancelled and not yet begun, soonest first. */
  upcoming: z.array(reservationSchema),
});
export type ConsultingRoomDetail = z.infer<typeof consultingRoomDetailSchema>;

/** The answer of `GET admin/reservations` (soonest first), `PUT` (the occurrences made) and `PATCH` (those changed). */
export const reservationListSchema = z.object({ items: z.array(reservationSchema) });
export type ReservationList = z.infer<typeof reservationListSchema>;

/**
 * The `details` of the 409 'reservationOverlapsFreeSlot' / 'reservationSeriesOverlapsFreeSlot': the
 * free slots of the room the booking met, soonest first, so that the web can open one and give it the
 * customer instead.
 */
export const freeSlotClashDetailsSchema = z.object({ freeSlotIds: z.array(z.number().int()).min(1) });
export type FreeSlotClashDetails = z.infer<typeof freeSlotClashDetailsSchema>;

/** The answer of `DELETE admin/reservations`: the occurrences cancelled. */
export const cancelReservationReplySchema = z.object({ cancelled: z.array(z.number().int()) });
export type CancelReservationReply = z.infer<typeof cancelReservationReplySchema>;

/** `GET admin/reservations/customer ?CustomerId`: their history, past and upcoming, latest first. */
export const customerReservationsSchema = z.object({
  customerId: z.number().int(),
  reservationStatus: customerReservationStatusSchema,
  items: z.array(reservationSchema),
});
export type CustomerReservations = z.infer<typeof customerReservationsSchema>;

// ── A doctor's private calendar feed ──────────────────────────────────────────────────────────

/**
 * `GET admin/userpanel/calendarfeed` (the caller's feed), `POST admin/userpanel/calendarfeed/renew`
 * (a new secret URL, shown once: only its hash is kept; the old one stops working),
 * `DELETE admin/userpanel/calendarfeed` (revoked). The feed itself, `GET calendar/feed/{token}.ics`,
 * is public to whoever holds the URL: the consultations in the caller's rooms, read-only, each with
 * the customer's name and the type, nothing more.
 */
export const calendarFeedSchema = z.object({
  active: z.boolean(),
  /** Only in the answer of renew: the secret URL cannot be read back later. */
  url: z.string().nullable(),
  createdAt: z.string().nullable(),
  /** After this the URL answers 404 (issue 36); renewing makes a new one. */
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
/** The answer of renew: it holds the secret URL, shown once (`secretAnswers`). */
export const renewedCalendarFeedSchema = calendarFeedSchema.extend({});

export const calendarFeedParamsSchema = z.object({
  token: z
    .string()
    .max(80, 'invalidValue')
    .regex(/^[A-Za-z0-9_-]+(\.ics)?$/, 'invalidValue'),
});
export const calendarFeedQuerySchema = z.object({ locale: localeSchema.optional() });

// ── The dashboard's section ───────────────────────────────────────────────────────────────────

/** Today's consultations (Prague's day), the caller's own rooms first, then by start. */
export const todaysConsultationSchema = reservationSchema.extend({
  /** The caller is the doctor of its room. */
  mine: z.boolean(),
});
export type TodaysConsultation = z.infer<typeof todaysConsultationSchema>;
