import { describe, expect, it } from 'vitest';
import { translateMessage } from './messages.js';
import {
  createConsultingRoomRequestSchema,
  createReservationRequestSchema,
  editReservationRequestSchema,
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
});
