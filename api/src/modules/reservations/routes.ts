import {
  calendarFeedParamsSchema,
  calendarFeedQuerySchema,
  calendarFeedSchema,
  cancelReservationQuerySchema,
  cancelReservationReplySchema,
  consultingRoomDetailSchema,
  consultingRoomListQuerySchema,
  consultingRoomPageSchema,
  createConsultingRoomRequestSchema,
  createReservationRequestSchema,
  customerReservationsQuerySchema,
  customerReservationsSchema,
  doctorListSchema,
  editConsultingRoomRequestSchema,
  editReservationRequestSchema,
  idParamsSchema,
  Permissions,
  renewedCalendarFeedSchema,
  reservationListSchema,
  reservationRangeQuerySchema,
  reservationSchema,
} from '@genodesk/contract';
import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../auth/access.js';
import type { App, Deps } from '../../http/app-types.js';
import { requestLocale } from '../../http/errors.js';
import { rateLimits } from '../../http/rate-limit.js';
import { recordListRead } from '../audit/access-log.js';
import { calendarFeedText, getCalendarFeed, renewCalendarFeed, revokeCalendarFeed } from './feed.service.js';
import {
  cancelReservations,
  createReservations,
  customerReservations,
  editReservations,
  getReservation,
  listReservations,
  type ReservationsDeps,
} from './reservations.service.js';
import { createRoom, editRoom, getRoom, listDoctors, listRooms } from './rooms.service.js';

const P = Permissions;

/** Where this server is reached from, as the caller sees it (behind a proxy too: `trustProxy`). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Consulting rooms, the reservations calendar, and the doctors' calendar feeds. */
export function reservationsRoutes(app: App, deps: Deps) {
  const reservationsDeps: ReservationsDeps = { db: deps.db, jobs: deps.jobs, config: deps.config };
  const tags = ['reservations'];
  const rooms = { all: [P.ConsultingRoomsView] } as const;
  // The calendar shows the rooms (filter, colours) to whoever may open it.
  const roomsOrCalendar = { any: [P.ConsultingRoomsView, P.ReservationsView] } as const;
  const createRooms = { all: [P.ConsultingRoomsView, P.ConsultingRoomsCreate] } as const;
  const editRooms = { all: [P.ConsultingRoomsView, P.ConsultingRoomsEdit] } as const;
  const pickDoctors = { any: [P.ConsultingRoomsCreate, P.ConsultingRoomsEdit] } as const;
  // SPEC §2 names no other reservation permission.
  const calendar = { all: [P.ReservationsView] } as const;

  app.get('/api/admin/consultingrooms', {
    config: { access: roomsOrCalendar },
    schema: {
      tags,
      summary:
        'Consulting rooms, paged: search room or doctor name; filters enabled, doctorId; sort name (default), doctor, isEnabled, createdAt',
      querystring: consultingRoomListQuerySchema,
      response: { 200: consultingRoomPageSchema },
    },
    handler: (request) => listRooms(deps.db, request.query),
  });

  app.get('/api/admin/consultingrooms/doctors', {
    config: { access: pickDoctors },
    schema: {
      tags,
      summary: 'Who can be a consulting room’s doctor: active users whose role is Doctor',
      response: { 200: doctorListSchema },
    },
    handler: () => listDoctors(deps.db),
  });

  app.get('/api/admin/consultingrooms/:id', {
    config: { access: rooms },
    schema: {
      tags,
      summary: 'A consulting room with its doctor, colour, state and next 50 bookings',
      params: idParamsSchema,
      response: { 200: consultingRoomDetailSchema },
    },
    handler: (request) => getRoom(deps.db, request.params.id),
  });

  app.put('/api/admin/consultingrooms', {
    config: { access: createRooms },
    schema: {
      tags,
      summary:
        "Create a consulting room { Name, IsEnabled, DoctorId, Color?, OpensAt?, ClosesAt?, OpenDays? }: the doctor an active user of the Doctor role ('Musíte zvolit lékaře!'), colour 1–12 (default the doctor's), surgery hours (default 08:00–18:00, Monday to Friday); 409 for a taken name",
      body: createConsultingRoomRequestSchema,
      response: { 200: consultingRoomDetailSchema },
    },
    handler: (request) => createRoom(deps.db, principalOf(request), request.body),
  });

  app.post('/api/admin/consultingrooms', {
    config: { access: editRooms },
    schema: {
      tags,
      summary:
        'Edit a consulting room { Id, Name, IsEnabled, DoctorId, Color?, OpensAt?, ClosesAt?, OpenDays? }: what is left out stays; a disabled room takes no new bookings and keeps its existing ones; audited',
      body: editConsultingRoomRequestSchema,
      response: { 200: consultingRoomDetailSchema },
    },
    handler: (request) => editRoom(deps.db, principalOf(request), request.body),
  });

  app.get('/api/admin/reservations', {
    config: { access: calendar },
    schema: {
      tags,
      summary:
        'The calendar: live occurrences overlapping [From, To) (ISO 8601, or days read in Europe/Prague; at most 100 days) of ConsultingRoomIds (or all rooms), soonest first',
      querystring: reservationRangeQuerySchema,
      response: { 200: reservationListSchema },
    },
    handler: async (request) => {
      const page = await listReservations(deps.db, request.query);
      await recordListRead(
        deps.db,
        request,
        'reservations',
        page.items.map((item) => item.customerId),
      );
      return page;
    },
  });

  app.get('/api/admin/reservations/customer', {
    config: { access: calendar },
    schema: {
      tags,
      summary:
        "A customer's consultations, past, upcoming and cancelled, latest first, with their reservationStatus",
      querystring: customerReservationsQuerySchema,
      response: { 200: customerReservationsSchema },
    },
    handler: (request) => customerReservations(deps.db, request.query.CustomerId),
  });

  app.get('/api/admin/reservations/:id', {
    config: { access: calendar },
    schema: {
      tags,
      summary: 'One occurrence (cancelled ones too)',
      params: idParamsSchema,
      response: { 200: reservationSchema },
    },
    handler: (request) => getReservation(deps.db, request.params.id),
  });

  app.put('/api/admin/reservations', {
    config: { access: calendar },
    schema: {
      tags,
      summary:
        'Book { ConsultingRoomId, ReservationType, CustomerId, IsFake, ConsultationStart, ConsultationEnd, RepeatXWeeks }: a customer, or IsFake (blocked), or neither (a free slot); 0–12 weekly repeats at the same Prague wall-clock time, all or none; 409 on an overlap (a series names the dates); the customer is e-mailed with an .ics and reminded by SMS 24 h before',
      body: createReservationRequestSchema,
      response: { 200: reservationListSchema },
    },
    handler: (request) => createReservations(reservationsDeps, principalOf(request), request.body),
  });

  app.patch('/api/admin/reservations', {
    config: { access: calendar },
    schema: {
      tags,
      summary:
        'Change { Id, Scope = one | series, ConsultingRoomId?, ReservationType?, CustomerId?, IsFake?, ConsultationStart?, ConsultationEnd? }: this occurrence, or it and every later one of its series; the same rules as booking; answers the occurrences changed',
      body: editReservationRequestSchema,
      response: { 200: reservationListSchema },
    },
    handler: (request) => editReservations(reservationsDeps, principalOf(request), request.body),
  });

  app.delete('/api/admin/reservations', {
    config: { access: calendar },
    schema: {
      tags,
      summary:
        'Cancel ?Id&Scope = one | series (this and every later occurrence): kept as cancelled, the time freed, the customer e-mailed a METHOD:CANCEL',
      querystring: cancelReservationQuerySchema,
      response: { 200: cancelReservationReplySchema },
    },
    handler: (request) => cancelReservations(reservationsDeps, principalOf(request), request.query),
  });

  app.get('/api/admin/userpanel/calendarfeed', {
    config: { access: calendar },
    schema: {
      tags,
      summary: "The caller's private calendar feed: whether it exists (its URL is shown only when renewed)",
      response: { 200: calendarFeedSchema },
    },
    handler: (request) => getCalendarFeed(deps.db, principalOf(request)),
  });

  app.post('/api/admin/userpanel/calendarfeed/renew', {
    config: { access: calendar },
    schema: {
      tags,
      summary:
        "A new secret URL of the caller's calendar feed (answered once; only its hash is kept); the old URL stops working",
      response: { 200: renewedCalendarFeedSchema },
    },
    handler: (request) => renewCalendarFeed(deps.db, principalOf(request), originOf(request)),
  });

  app.delete('/api/admin/userpanel/calendarfeed', {
    config: { access: calendar },
    schema: {
      tags,
      summary: "Revoke the caller's calendar feed: its URL answers 404 from now on",
      response: { 200: calendarFeedSchema },
    },
    handler: (request) => revokeCalendarFeed(deps.db, principalOf(request)),
  });

  app.get('/api/calendar/feed/:token', {
    // The secret token in the URL is the credential (a calendar application cannot sign in).
    config: { access: 'public', rateLimit: rateLimits.calendarFeed },
    schema: {
      tags,
      summary:
        "A doctor's consultations as iCalendar (text/calendar), read-only: the type, the customer's name and the room; 404 for an unknown or revoked token",
      params: calendarFeedParamsSchema,
      querystring: calendarFeedQuerySchema,
      security: [],
    },
    handler: async (request, reply) => {
      const text = await calendarFeedText(
        deps.db,
        request.params.token,
        request.query.locale ?? requestLocale(request),
        request.ip,
      );
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(text);
    },
  });
}
