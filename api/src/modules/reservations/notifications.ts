import { type Locale, type ReservationType, reservationTypeLabels, toE164 } from '@genodesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { type Database, type Tx, transaction } from '../../db/client.js';
import { type OutboxAttachment, reservations } from '../../db/schema/index.js';
import type { Jobs } from '../../jobs/queue.js';
import { formatPragueTime } from '../messaging/format.js';
import { queueSms, queueTemplateEmail } from '../messaging/outbox.js';
import { renderMessage } from '../messaging/templates.js';
import { buildCalendar, type CalendarMethod, type CalendarPerson } from './icalendar.js';
import { customerFullName, type ReservationRow, selectReservations } from './reservation-rows.js';

/**
 * What the customer of a consultation is told (SPEC §9: always, whatever the notification settings):
 * an e-mail with an iCalendar attachment on booking, change and cancellation, in their language, and
 * an SMS 24 hours before the start.
 */
export type NotifyDeps = { jobs: Jobs; config: Pick<Config, 'mailFrom'> };

/** `pondělí 30. března 2026 v 10:00` / `Monday 30 March 2026 at 10:00`, on Prague's clock. */
export const formatConsultationTime = (instant: Date, locale: Locale) =>
  formatPragueTime(instant, locale, 'full');

/** The iCalendar UID of an occurrence: its own uuid, the same for its whole life. */
export const calendarUid = (uid: string) => `${uid}@genodesk`;

/** `GenoDesk <no-reply@genodesk.test>` → the organizer of the invitations. */
export function organizerOf(mailFrom: string): CalendarPerson {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(mailFrom);
  return match
    ? { name: match[1] || 'GenoDesk', email: match[2] ?? mailFrom }
    : { name: 'GenoDesk', email: mailFrom.trim() };
}

const typeLabel = (type: number, locale: Locale) =>
  reservationTypeLabels[type as ReservationType]?.[locale] ?? reservationTypeLabels[0][locale];

/** The .ics of an e-mail: every occurrence it is about, METHOD:REQUEST, or METHOD:CANCEL when cancelled. */
export function calendarAttachment(
  method: Extract<CalendarMethod, 'REQUEST' | 'CANCEL'>,
  occurrences: ReservationRow[],
  locale: Locale,
  organizer: CalendarPerson,
): OutboxAttachment {
  const text = buildCalendar({
    method,
    events: occurrences.map((o) => ({
      uid: calendarUid(o.reservation.uid),
      sequence: o.reservation.sequence,
      start: o.reservation.consultationStart,
      end: o.reservation.consultationEnd,
      summary: `GenoDesk: ${typeLabel(o.reservation.reservationType, locale)}`,
      description: `${locale === 'cs' ? 'Lékař' : 'Doctor'}: ${o.doctor.userName}`,
      location: o.room.name,
      status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
      organizer,
      attendee: { name: customerFullName(o), email: o.customerEmail ?? '' },
      lastModified: o.reservation.updatedAt,
    })),
  });
  const stem =
    method === 'CANCEL'
      ? locale === 'cs'
        ? 'zruseni'
        : 'cancellation'
      : locale === 'cs'
        ? 'konzultace'
        : 'consultation';
  return {
    filename: `${stem}.ics`,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: Buffer.from(text, 'utf8').toString('base64'),
  };
}

export type ConsultationNews = 'booked' | 'changed' | 'cancelled';

/**
 * One e-mail to the customer of `occurrences` (all of one customer, soonest first) through the outbox
 * in the caller's transaction: the first occurrence in the text, the others listed, all in the .ics.
 */
export async function mailConsultations(
  tx: Tx,
  deps: NotifyDeps,
  news: ConsultationNews,
  occurrences: ReservationRow[],
): Promise<void> {
  const sorted = [...occurrences].sort(
    (a, b) => a.reservation.consultationStart.getTime() - b.reservation.consultationStart.getTime(),
  );
  const first = sorted[0];
  if (!first || first.reservation.customerId === null || !first.customerEmail) return;
  const locale: Locale = first.customerLanguage === 'en' ? 'en' : 'cs';
  const to = { email: first.customerEmail, language: locale, customerId: first.reservation.customerId };
  const more = sorted
    .slice(1)
    .map((o) => formatPragueTime(o.reservation.consultationStart, locale, 'short'))
    .join(', ');
  const base = {
    name: customerFullName(first),
    type: typeLabel(first.reservation.reservationType, locale),
    start: formatConsultationTime(first.reservation.consultationStart, locale),
    room: first.room.name,
    more,
  };
  const organizer = organizerOf(deps.config.mailFrom);
  if (news === 'cancelled') {
    await queueTemplateEmail(tx, deps.jobs, to, 'consultationCancelled', base, [
      calendarAttachment('CANCEL', sorted, locale, organizer),
    ]);
    return;
  }
  const params = {
    ...base,
    end: formatConsultationTime(first.reservation.consultationEnd, locale),
    doctor: first.doctor.userName,
  };
  await queueTemplateEmail(
    tx,
    deps.jobs,
    to,
    news === 'booked' ? 'consultationBooked' : 'consultationChanged',
    params,
    [calendarAttachment('REQUEST', sorted, locale, organizer)],
  );
}

/** E-mails about `occurrences`, one per customer. */
export async function mailEachCustomer(
  tx: Tx,
  deps: NotifyDeps,
  news: ConsultationNews,
  occurrences: ReservationRow[],
): Promise<void> {
  const byCustomer = new Map<number, ReservationRow[]>();
  for (const o of occurrences) {
    const customerId = o.reservation.customerId;
    if (customerId === null) continue;
    byCustomer.set(customerId, [...(byCustomer.get(customerId) ?? []), o]);
  }
  for (const group of byCustomer.values()) await mailConsultations(tx, deps, news, group);
}

// ── The SMS reminder ───────────────────────────────────────────────────────────────────────────

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Schedules the reminder of an occurrence for 24 hours before its start (at once when that is past),
 * in the caller's transaction. The key names the occurrence and its start, so a moved occurrence gets a
 * job of its own while one job per start waits.
 */
export async function scheduleReminder(
  tx: Tx,
  jobs: Jobs,
  occurrence: { id: number; consultationStart: Date; customerId: number | null },
): Promise<void> {
  if (occurrence.customerId === null) return;
  const start = occurrence.consultationStart.toISOString();
  await jobs.send(
    tx,
    'consultation-reminder',
    { reservationId: occurrence.id, start },
    {
      startAfter: new Date(Math.max(Date.now(), occurrence.consultationStart.getTime() - dayMs)),
      singletonKey: `${occurrence.id}@${start}`,
    },
  );
}

/** A little slack for a job that runs a moment early. */
const earlySlackMs = 5 * 60 * 1000;

/**
 * The 'consultation-reminder' job: texts the customer once per occurrence and start. Under the
 * occurrence's row lock it checks that it still exists, is not cancelled, has a customer, starts at
 * `expectedStart` (when given: a moved occurrence has its own job), starts within 24 hours and has not
 * been reminded for this start; then the SMS and the record of it are written in one transaction, so
 * a retried or repeated job never texts twice. Answers whether an SMS was queued.
 */
export async function remindConsultation(
  deps: { db: Database; jobs: Jobs },
  reservationId: number,
  expectedStart?: string,
): Promise<boolean> {
  return transaction(deps.db, async (tx) => {
    const [row] = await selectReservations(tx)
      .where(eq(reservations.id, reservationId))
      .for('update', { of: reservations });
    if (!row) return false;
    const r = row.reservation;
    const start = r.consultationStart;
    const now = Date.now();
    if (r.cancelledAt !== null || r.customerId === null) return false;
    if (expectedStart !== undefined && start.toISOString() !== expectedStart) return false;
    if (start.getTime() <= now || start.getTime() - now > dayMs + earlySlackMs) return false;
    if (r.remindedForStart?.getTime() === start.getTime()) return false;
    const locale: Locale = row.customerLanguage === 'en' ? 'en' : 'cs';
    const phone = toE164(`${row.customerPhonePrefix ?? ''}${row.customerPhone ?? ''}`);
    let outboxId: number | null = null;
    if (phone) {
      const sms = renderMessage('consultationReminder', locale, {
        start: formatPragueTime(start, locale, 'brief'),
        room: row.room.name,
      });
      outboxId = await queueSms(tx, deps.jobs, {
        to: phone,
        text: sms.text,
        kind: sms.kind,
        language: locale,
        customerId: r.customerId,
      });
    }
    await tx
      .update(reservations)
      .set({ remindedForStart: start, reminderOutboxId: outboxId })
      .where(eq(reservations.id, reservationId));
    return outboxId !== null;
  });
}

/**
 * The 'consultation-reminders' sweep (every five minutes): reminds every live consultation of the
 * next 24 hours not reminded for its start yet — those booked before the workers ran (the demo data),
 * and any whose own job was lost. Each goes through `remindConsultation`, so nothing is texted twice.
 */
export async function remindDueConsultations(deps: { db: Database; jobs: Jobs }): Promise<number> {
  const due = await deps.db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        sql`${reservations.cancelledAt} is null`,
        sql`${reservations.customerId} is not null`,
        sql`${reservations.consultationStart} > now()`,
        sql`${reservations.consultationStart} <= now() + interval '24 hours'`,
        sql`${reservations.remindedForStart} is distinct from ${reservations.consultationStart}`,
      ),
    )
    .orderBy(reservations.consultationStart);
  let sent = 0;
  for (const { id } of due) if (await remindConsultation(deps, id)) sent += 1;
  return sent;
}
