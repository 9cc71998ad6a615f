import { describe, expect, it } from 'vitest';
import { translateMessage } from './messages.js';
import {
  createConsultingRoomRequestSchema,
  createReservationFormSchema,
  createReservationRequestSchema,
  editReservationFormSchema,
  editReservationRequestSchema,
  endsOnItsDay,
  reservationRangeQuerySchema,
} from './reservations.js';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const future = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe('the reservations contract', () => {
  it("speaks the spec's messages", () => {
    expect(translateMessage('doctorRequired', 'cs')).toBe('Musíte zvolit lékaře!');
    expect(translateMessage('doctorRequired', 'en')).toBe('You have to choose a doctor!');
    expect(translateMessage('roomRequired', 'cs')).toBe('Musíte vybrat ambulanci!');
    expect(translateMessage('repeatAtLeastZero', 'cs')).toBe('Opakování musí být aspoň 0!');
    expect(translateMessage('reservationRequestFailed', 'en')).toBe('Could not complete request');
  });

  it('needs a doctor for a consulting room', () => {
    expect(messagesOf(createConsultingRoomRequestSchema.safeParse({ Name: 'A', DoctorId: 0 }))).toEqual({
      DoctorId: 'doctorRequired',
    });
    expect(messagesOf(createConsultingRoomRequestSchema.safeParse({ Name: 'A' }))).toEqual({
      DoctorId: 'doctorRequired',
    });
  });

  it('keeps surgery hours in order, on real weekdays, and leaves them out of an edit that does not give them', () => {
    const room = createConsultingRoomRequestSchema.parse({ Name: 'A', DoctorId: 1, OpenDays: [3, 1] });
    expect(room.OpenDays).toEqual([1, 3]);
    expect(
      messagesOf(
        createConsultingRoomRequestSchema.safeParse({
          Name: 'A',
          DoctorId: 1,
          OpensAt: '18:00',
          ClosesAt: '08:00',
          OpenDays: [1, 1],
        }),
      ),
    ).toEqual({ ClosesAt: 'roomClosesBeforeOpening', OpenDays: 'invalidOpenDays' });
    expect(
      messagesOf(
        createConsultingRoomRequestSchema.safeParse({
          Name: 'A',
          DoctorId: 1,
          OpensAt: '8:00',
          OpenDays: [0],
        }),
      ),
    ).toEqual({ OpensAt: 'invalidTimeOfDay', 'OpenDays.0': 'invalidOpenDays' });
    expect(
      messagesOf(createConsultingRoomRequestSchema.safeParse({ Name: 'A', DoctorId: 1, OpenDays: [] })),
    ).toEqual({ OpenDays: 'noOpenDays' });
    expect(translateMessage('roomClosesBeforeOpening', 'en')).toBe(
      'The surgery hours must end after they begin.',
    );
  });

  it('refuses a time the clocks skip in spring, saying so rather than a wrong order of times', () => {
    expect(
      messagesOf(
        createReservationRequestSchema.safeParse({
          ConsultingRoomId: 1,
          ConsultationStart: '2035-03-25T02:30',
          ConsultationEnd: '2035-03-25T03:30',
        }),
      ),
    ).toEqual({ ConsultationStart: 'pragueTimeSkipped' });
  });

  it('checks a booking field by field and across fields', () => {
    const ok = createReservationRequestSchema.parse({
      ConsultingRoomId: 1,
      ConsultationStart: future(2),
      ConsultationEnd: future(3),
    });
    expect(ok).toMatchObject({ ReservationType: 0, IsFake: false, RepeatXWeeks: 0 });
    expect(
      messagesOf(
        createReservationRequestSchema.safeParse({
          ConsultingRoomId: 0,
          ConsultationStart: future(-1),
          ConsultationEnd: future(-2),
          CustomerId: 5,
          IsFake: true,
          RepeatXWeeks: -1,
        }),
      ),
    ).toEqual({
      ConsultingRoomId: 'roomRequired',
      RepeatXWeeks: 'repeatAtLeastZero',
      ConsultationStart: 'reservationStartInPast',
      ConsultationEnd: 'reservationEndBeforeStart',
      IsFake: 'reservationCustomerAndFake',
    });
    expect(
      messagesOf(
        createReservationRequestSchema.safeParse({
          ConsultingRoomId: 1,
          ConsultationStart: future(2),
          ConsultationEnd: future(3),
          RepeatXWeeks: 13,
        }),
      ),
    ).toEqual({ RepeatXWeeks: 'repeatAtMostTwelve' });
    expect(messagesOf(editReservationRequestSchema.safeParse({ Id: 1, Scope: 'all' }))).toEqual({
      Scope: 'invalidValue',
    });
  });

  it('bounds the calendar range', () => {
    expect(
      reservationRangeQuerySchema.parse({ From: '2026-03-30', To: '2026-04-06', ConsultingRoomIds: '1,2' }),
    ).toMatchObject({ ConsultingRoomIds: [1, 2] });
    expect(
      messagesOf(reservationRangeQuerySchema.safeParse({ From: '2026-03-30', To: '2026-03-30' })),
    ).toEqual({
      To: 'reservationRangeOrder',
    });
    expect(
      messagesOf(reservationRangeQuerySchema.safeParse({ From: '2026-01-01', To: '2026-12-31' })),
    ).toEqual({
      To: 'reservationRangeTooLong',
    });
  });

  it('ends a reservation on the Prague day it begins (its midnight at the latest), in the forms', () => {
    const next = new Date().getUTCFullYear() + 1;
    const at = (day: string, time: string) => `${next}-${day}T${time}`;
    const form = (start: string, end: string) =>
      messagesOf(
        createReservationFormSchema.safeParse({
          ConsultingRoomId: 1,
          ConsultationStart: start,
          ConsultationEnd: end,
        }),
      );
    expect(form(at('02-01', '10:00'), at('02-04', '10:30'))).toEqual({
      ConsultationEnd: 'reservationSpansDays',
    });
    expect(form(at('02-01', '23:00'), at('02-02', '00:30'))).toEqual({
      ConsultationEnd: 'reservationSpansDays',
    });
    expect(form(at('02-01', '23:00'), at('02-02', '00:00'))).toEqual({});
    expect(form(at('02-01', '10:00'), at('02-01', '10:30'))).toEqual({});
    // An end before the start keeps its own message, not this one.
    expect(form(at('02-02', '10:00'), at('02-01', '10:30'))).toEqual({
      ConsultationEnd: 'reservationEndBeforeStart',
    });
    expect(
      messagesOf(
        editReservationFormSchema.safeParse({
          Id: 1,
          ConsultationStart: at('07-01', '10:00'),
          ConsultationEnd: at('07-02', '10:00'),
        }),
      ),
    ).toEqual({ ConsultationEnd: 'reservationSpansDays' });
    // The request schemas leave it to the API's service (422).
    expect(
      createReservationRequestSchema.safeParse({
        ConsultingRoomId: 1,
        ConsultationStart: at('02-01', '10:00'),
        ConsultationEnd: at('02-04', '10:30'),
      }).success,
    ).toBe(true);
    // Prague's day, whatever the offset written: 23:30 UTC on 31 January is already 1 February in Prague.
    expect(endsOnItsDay(new Date(`${next}-01-31T23:30:00Z`), new Date(`${next}-02-01T22:00:00Z`))).toBe(true);
    expect(endsOnItsDay(new Date(`${next}-01-31T22:30:00Z`), new Date(`${next}-01-31T23:30:00Z`))).toBe(
      false,
    );
    expect(translateMessage('reservationSpansDays', 'cs')).toBe(
      'Rezervace musí skončit ve stejný den, kdy začíná!',
    );
    expect(translateMessage('reservationSpansDays', 'en')).toBe(
      'A reservation must end on the day it begins!',
    );
  });
});
